import { useAuth } from '../AuthProvider.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { ScreenForm } from './ScreenForm.tsx';

/** The e-mail to send a reset code to; filled in when the customer typed it on sign-in. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const knownEmail = useAuth((s) => s.context.username);
  const { form, fields, onSubmit } = useAuthForm(['email'], { known: { email: knownEmail } });
  return (
    <ScreenForm
      heading="screen.forgotPasswordHeading"
      intro={t('screen.forgotPasswordText')}
      onSubmit={onSubmit}
      submitLabel="sendCode"
      actions={[{ label: 'screen.backToSignIn', event: 'SIGN_IN' }]}
    >
      <FieldList fields={fields} form={form} />
    </ScreenForm>
  );
}
