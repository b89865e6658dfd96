import { Button, Stack } from '@mantine/core';
import { Suspense, useRef } from 'react';
import { useAuth, useAuthActor, useAuthSettings, usePending } from '../AuthProvider.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { rememberFactor } from '../lastFactor.ts';
import { PasswordlessOptions } from '../lazyScreens.tsx';
import { FederatedButtons } from './FederatedButtons.tsx';
import { ScreenForm } from './ScreenForm.tsx';
import classes from './screens.module.css';

/**
 * E-mail and password; the e-mail is filled in when the customer comes back
 * from another screen. When the pool allows other first factors, a button for
 * each: under the form, or above it when the customer used that one last here.
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const pending = usePending();
  const knownEmail = useAuth((s) => s.context.username);
  const { form, fields, onSubmit } = useAuthForm(['email', { name: 'password', autoComplete: 'current-password' }], {
    known: { email: knownEmail },
  });
  const passwordless = useAuthSettings().firstFactors.some((factor) => factor !== 'PASSWORD');
  const screenRef = useRef<HTMLDivElement>(null);
  // A way without the password needs the e-mail alone: checked here, so an empty one gets the field's one message
  // and the focus, rather than the machine's refusal beside it.
  const emailReady = () => {
    if (!form.validateField('email').hasError) return true;
    screenRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
    return false;
  };
  const options = (place: 'top' | 'bottom') =>
    passwordless && (
      <Suspense fallback={null}>
        <PasswordlessOptions place={place} values={() => form.getValues()} ready={emailReady} />
      </Suspense>
    );
  const submit: typeof onSubmit = (event) => {
    if (passwordless) rememberFactor('PASSWORD');
    onSubmit(event);
  };
  return (
    <Stack gap="md" ref={screenRef}>
      <FederatedButtons />
      {options('top')}
      <ScreenForm onSubmit={submit} submitLabel="signIn">
        <FieldList fields={fields} form={form} />
      </ScreenForm>
      <Button
        variant="subtle"
        className={classes.action}
        size="sm"
        fullWidth
        disabled={pending}
        onClick={() => actor.send({ type: 'FORGOT_PASSWORD' })}
      >
        {t('forgotPassword')}
      </Button>
      {options('bottom')}
    </Stack>
  );
}
