import { Button, Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FirstFactor, FormData } from '../../../machines/authenticator/index.ts';
import { useAuthActor, useAuthSettings, usePending } from '../AuthProvider.tsx';
import classes from '../fields/fields.module.css';
import { LAST_FACTOR_KEY, rememberFactor } from '../lastFactor.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useWords } from './useWords.ts';

const BUTTONS: readonly FirstFactor[] = ['WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP'];

function lastFactor(): FirstFactor | undefined {
  try {
    return (localStorage.getItem(LAST_FACTOR_KEY) as FirstFactor | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sign-in screen's buttons for the first factors besides the password
 * that the pool allows; each starts a choice-based sign-in with the e-mail
 * typed in the form. `top` holds the factor the customer used last on this
 * device (above the form), `bottom` the others (under it).
 */
export function PasswordlessOptions({
  place,
  values,
  ready = () => true,
}: {
  place: 'top' | 'bottom';
  values: () => FormData;
  /** whether the form holds what a way without the password needs (the e-mail); it shows what is missing */
  ready?: () => boolean;
}) {
  const w = useWords();
  const { t } = useTranslation();
  const actor = useAuthActor();
  const pending = usePending();
  const { firstFactors } = useAuthSettings();
  const [last] = useState(lastFactor);
  const allowed = BUTTONS.filter((factor) => firstFactors.includes(factor));
  const first = last && allowed.includes(last) ? last : undefined;
  const factors = place === 'top' ? (first ? [first] : []) : allowed.filter((factor) => factor !== first);
  if (factors.length === 0) return null;
  const divider = <Divider label={t('federatedDivider')} labelPosition="center" my="xs" classNames={{ label: classes.quiet }} />;
  return (
    <Stack gap="xs">
      {place === 'bottom' && divider}
      {factors.map((factor) => (
        <Button
          key={factor}
          variant={place === 'top' ? 'filled' : 'default'}
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
      {place === 'top' && divider}
    </Stack>
  );
}
