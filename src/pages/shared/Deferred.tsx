import { Alert, Button, Skeleton } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, Suspense, use, useState, type ComponentType, type ReactNode } from 'react';

interface DeferredProps<P> {
  /** the part's module: its default export is the component */
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  /** the part's height, kept by its placeholder so nothing moves when it arrives */
  height: number;
}

/**
 * A part of a page whose code comes in a chunk of its own, fetched when the part is shown (a chart's library,
 * say): the rest of the page does not wait for it. Meanwhile a placeholder of its height; if the chunk cannot be
 * fetched, the reason and a retry, in the part's place only.
 */
export function Deferred<P extends object>({ load, props, height }: DeferredProps<P>) {
  // Each try is a promise of its own: a failed one stays failed, so "Try again" starts another.
  const [tried, setTried] = useState(() => ({ count: 0, module: load() }));
  return (
    <PartBoundary key={tried.count} onRetry={() => setTried(({ count }) => ({ count: count + 1, module: load() }))}>
      <Suspense fallback={<Skeleton height={height} radius="md" aria-busy="true" aria-label="Loading data" />}>
        <Arrived module={tried.module} props={props} />
      </Suspense>
    </PartBoundary>
  );
}

function Arrived<P extends object>({ module, props }: { module: Promise<{ default: ComponentType<P> }>; props: P }) {
  const { default: Part } = use(module);
  return <Part {...props} />;
}

class PartBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A part of the page could not be loaded:', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert color="red" variant="light" role="alert" title="This part could not be loaded" icon={<IconAlertTriangle size={20} />}>
        Check the connection and try again.
        <Button
          mt="sm"
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={this.props.onRetry}
          display="block"
        >
          Try again
        </Button>
      </Alert>
    );
  }
}
