import { Badge } from '@mantine/core';
import type { InventoryStatus } from '../../demo/index.ts';

const LOOK: Record<InventoryStatus, { label: string; color: string }> = {
  INSTOCK: { label: 'In stock', color: 'teal' },
  LOWSTOCK: { label: 'Low stock', color: 'orange' },
  OUTOFSTOCK: { label: 'Out of stock', color: 'red' },
};

export function StockBadge({ status }: { status: InventoryStatus }) {
  return (
    <Badge variant="dot" color={LOOK[status].color}>
      {LOOK[status].label}
    </Badge>
  );
}
