import { useCallback, useEffect, useState } from 'react';

export type DemoState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Runs a demo data service when the page mounts (and on retry), and keeps
 * its answer, or the reason it failed, for the page to show.
 */
export function useDemo<T>(load: (signal: AbortSignal) => Promise<T>): DemoState<T> & { retry(): void } {
  const [state, setState] = useState<DemoState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : 'The data could not be loaded.' });
      },
    );
    return () => controller.abort();
    // `load` is a module-level service; the attempt counter is what reruns it.
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
