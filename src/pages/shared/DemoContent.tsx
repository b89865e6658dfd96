import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DemoState } from './useDemo.ts';

interface DemoContentProps<T> {
  state: DemoState<T> & { retry(): void };
  /** how many placeholder lines to show while loading */
  skeletonRows?: number;
  children: (data: T) => ReactNode;
}

/** Shows a demo list once it is there: placeholders while it loads, the reason and a retry if it fails. */
export function DemoContent<T>({ state, skeletonRows = 4, children }: DemoContentProps<T>) {
  if (state.status === 'loading') {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading data">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} height={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" title="The data could not be loaded" icon={<IconAlertTriangle size={20} />}>
        {state.message}
        <Button
          mt="sm"
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={() => state.retry()}
          display="block"
        >
          Try again
        </Button>
      </Alert>
    );
  }
  return children(state.data);
}
