import { Button, Stack } from '@mantine/core';
import type { FirstFactor, FormData } from '../../../machines/authenticator/index.ts';
import { useAuthActor, useAuthSettings, usePending } from '../AuthProvider.tsx';
import { rememberFactor } from '../lastFactor.ts';
import { useWords } from './useWords.ts';

const BUTTONS: readonly FirstFactor[] = ['WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP'];

/**
 * The sign-in screen's buttons for the first factors besides the password
 * that the pool allows; each starts a choice-based sign-in with the e-mail
 * typed in the form. The sign-in screen says where they sit; `first`, the
 * one the customer used last on this device, comes first and filled.
 */
export function PasswordlessOptions({
  first,
  values,
  ready = () => true,
}: {
  first?: FirstFactor;
  values: () => FormData;
  /** whether the form holds what a way without the password needs (the e-mail); it shows what is missing */
  ready?: () => boolean;
}) {
  const w = useWords();
  const actor = useAuthActor();
  const pending = usePending();
  const { firstFactors } = useAuthSettings();
  const allowed = BUTTONS.filter((factor) => factor !== first && firstFactors.includes(factor));
  const factors = first ? [first, ...allowed] : allowed;
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
