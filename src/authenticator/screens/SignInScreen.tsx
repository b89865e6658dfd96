import { Button, Divider, Stack } from '@mantine/core';
import { Suspense, useRef, useState } from 'react';
import { useAuthActor, useAuthSettings, usePending } from '../AuthProvider.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import fieldClasses from '../fields/fields.module.css';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { lastFactor, rememberFactor } from '../lastFactor.ts';
import { PasswordlessOptions } from '../lazyScreens.tsx';
import { FederatedButtons } from './FederatedButtons.tsx';
import { ScreenForm } from './ScreenForm.tsx';
import classes from './screens.module.css';

/**
 * E-mail and password; the e-mail is filled in when the customer comes back
 * from another screen. The other ways to sign in (a button for each first
 * factor the pool allows besides the password, one for each provider) sit
 * together, apart from the form by one "or": above it when there is a
 * provider or the customer used one of them last here (that one first, filled),
 * otherwise under "Forgot your password?".
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  // Only the form's start reads it: the machine notes the e-mail again as each sign-in starts, and following that
  // would draw the whole screen again at the press.
  const [knownEmail] = useState(() => actor.getSnapshot().context.username);
  const { form, fields, onSubmit } = useAuthForm(
    // "webauthn": the browser may offer a passkey among the e-mail's suggestions (passkey autofill, actors.ts).
    [
      { name: 'email', autoComplete: 'username webauthn' },
      { name: 'password', autoComplete: 'current-password' },
    ],
    {
      known: { email: knownEmail },
    },
  );
  const { firstFactors, socialProviders } = useAuthSettings();
  // A button for each first factor but the password; the one used last here (if still allowed) goes first.
  const passwordless = firstFactors.some((factor) => !factor.startsWith('PASSWORD'));
  const [last] = useState(lastFactor);
  const first = last && !last.startsWith('PASSWORD') && firstFactors.includes(last) ? last : undefined;
  const screenRef = useRef<HTMLDivElement>(null);
  // A way without the password needs the e-mail alone: checked here, so an empty one gets the field's one message
  // and the focus, rather than the machine's refusal beside it.
  const emailReady = () => {
    if (!form.validateField('email').hasError) return true;
    screenRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
    return false;
  };
  const submit: typeof onSubmit = (event) => {
    if (passwordless) rememberFactor('PASSWORD');
    onSubmit(event);
  };
  const above = first || socialProviders.length > 0;
  const divider = <Divider label={t('federatedDivider')} labelPosition="center" my="xs" classNames={{ label: fieldClasses.quiet }} />;
  const otherWays = (
    <Stack gap="xs">
      {above || divider}
      {passwordless && (
        <Suspense fallback={null}>
          <PasswordlessOptions first={first} values={() => form.getValues()} ready={emailReady} />
        </Suspense>
      )}
      <FederatedButtons />
      {above && divider}
    </Stack>
  );
  return (
    <Stack gap="md" ref={screenRef}>
      {above && otherWays}
      <ScreenForm onSubmit={submit} submitLabel="signIn">
        <FieldList fields={fields} form={form} />
      </ScreenForm>
      <ForgotPasswordButton />
      {!above && passwordless && otherWays}
    </Stack>
  );
}

/**
 * "Forgot your password?", waiting with the other buttons while a request runs. It reads the wait itself, so the
 * screen around it (the fields above all) is not drawn again as a sign-in starts and ends: on loopback that
 * drawing stood between a sign-in's first answer and its next step (issue 30).
 */
function ForgotPasswordButton() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const pending = usePending();
  return (
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
  );
}
