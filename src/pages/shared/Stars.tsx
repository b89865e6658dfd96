import { Rating, VisuallyHidden, type MantineSize } from '@mantine/core';

/** A read-only star rating that says its value in words to screen readers. */
export function Stars({ value, size = 'sm' }: { value: number; size?: MantineSize }) {
  return (
    <span style={{ display: 'inline-flex' }}>
      <Rating value={value} readOnly size={size} aria-hidden />
      <VisuallyHidden>{value} of 5 stars</VisuallyHidden>
    </span>
  );
}
