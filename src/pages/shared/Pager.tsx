import { Pagination, type PaginationProps } from '@mantine/core';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Mantine's pagination with a name on every button, for screen readers. */
export function Pager(props: PaginationProps) {
  return (
    <Pagination
      getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      {...props}
    />
  );
}
