import { Alert } from '@mantine/core';
import { useWords } from './useWords.ts';

/** What the last action of a section came to: an error (role alert) or a confirmation (role status). */
export type Outcome = { kind: 'error'; message: string } | { kind: 'done'; message: string } | null;

export function OutcomeMessage({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { w } = useWords();
  if (!outcome) return null;
  return (
    <Alert
      role={outcome.kind === 'error' ? 'alert' : 'status'}
      color={outcome.kind === 'error' ? 'red' : 'teal'}
      variant="light"
      withCloseButton
      closeButtonLabel={w('dismiss')}
      onClose={onClose}
      mb="md"
    >
      {outcome.message}
    </Alert>
  );
}
