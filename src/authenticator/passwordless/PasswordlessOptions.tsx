import { Button, Stack } from '@mantine/core';
import type { FirstFactor, FormData } from '../../../machines/authenticator/index.ts';
import { useAuthActor, usePending } from '../AuthProvider.tsx';
import { rememberFactor } from '../lastFactor.ts';
import { useWords } from './useWords.ts';

/**
 * The sign-in screen's buttons for the first factors besides the password
 * that the pool allows; each starts a choice-based sign-in with the e-mail
 * typed in the form. The sign-in screen picks them, their order and where
 * they sit (lastFactor.ts); `first`, the one the customer used last on this
 * device, is the filled one.
 */
export function PasswordlessOptions({
  factors,
  first,
  values,
  ready = () => true,
}: {
  factors: readonly FirstFactor[];
  first?: FirstFactor;
  values: () => FormData;
  /** whether the form holds what a way without the password needs (the e-mail); it shows what is missing */
  ready?: () => boolean;
}) {
  const w = useWords();
  const actor = useAuthActor();
  const pending = usePending();
  return (
    <Stack gap="xs">
      {factors.map((factor) => (
        <Button
          key={factor}
          variant={factor === first ? 'filled' : 'default'}
          fullWidth
          disabled={pending}
          onClick={() => {
            if (!ready()) return;
            rememberFactor(factor);
            actor.send({ type: 'SIGN_IN_WITH', factor, data: values() });
          }}
        >
          {w(factor)}
        </Button>
      ))}
    </Stack>
  );
}
