import { Button, Stack } from '@mantine/core';
import { useAuth, useAuthActor, usePending } from '../AuthProvider.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { FederatedButtons } from './FederatedButtons.tsx';
import { ScreenForm } from './ScreenForm.tsx';
import classes from './screens.module.css';

/** E-mail and password; the e-mail is filled in when the customer comes back from another screen. */
export function SignInScreen() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const pending = usePending();
  const knownEmail = useAuth((s) => s.context.username);
  const { form, fields, onSubmit } = useAuthForm(['email', { name: 'password', autoComplete: 'current-password' }], {
    known: { email: knownEmail },
  });
  return (
    <Stack gap="md">
      <FederatedButtons />
      <ScreenForm onSubmit={onSubmit} submitLabel="signIn">
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
    </Stack>
  );
}
