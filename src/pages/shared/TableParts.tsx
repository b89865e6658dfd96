import { ActionIcon, Button, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconSelector, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './TableParts.module.css';

export type SortDirection = 'asc' | 'desc' | null;

/** A column header that sorts its column when pressed, and says how it is sorted (aria-sort). */
export function SortableHeader({ label, direction, onSort }: { label: string; direction: SortDirection; onSort: () => void }) {
  const Icon = direction === 'asc' ? IconSortAscending : direction === 'desc' ? IconSortDescending : IconSelector;
  return (
    <Table.Th aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
      <UnstyledButton className={classes.sortButton} onClick={onSort}>
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The one row of a table with nothing to show, saying why. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text ta="center" c="dimmed" py="lg">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** An icon button of a table row, named (for screen readers) and explained (tooltip) by one label. */
export function RowAction({
  label,
  color,
  disabled,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        className={classes.rowAction}
        style={{ '--row-action-color': color ? `var(--mantine-color-${color}-4)` : 'var(--mantine-primary-color-4)' }}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Cancel and Save at the foot of a dialog's form; Save submits it. */
export function FormActions({ onCancel }: { onCancel: () => void }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit">Save</Button>
    </Group>
  );
}
