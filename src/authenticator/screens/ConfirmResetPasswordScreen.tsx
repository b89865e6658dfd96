import { FieldList } from '../fields/FieldList.tsx';
import { livePasswordCheck, useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Destination } from './Destination.tsx';
import { ScreenForm, KEEP_DESTINATION, Sentence } from './ScreenForm.tsx';

/** The reset code and the new password, checked against the policy as it is typed; another code on request. */
export function ConfirmResetPasswordScreen() {
  const { t } = useTranslation();
  const { form, fields, onSubmit, hasErrors } = useAuthForm([
    'confirmation_code',
    { name: 'password', label: 'newPassword' },
    'confirm_password',
  ]);
  const live = livePasswordCheck(form.getValues());
  return (
    <ScreenForm
      heading="screen.confirmResetHeading"
      intro={<Sentence text={t('screen.confirmResetText', KEEP_DESTINATION)} parts={{ destination: <Destination /> }} />}
      onSubmit={onSubmit}
      submitLabel="submit"
      blocked={hasErrors || live.policy.length > 0 || live.mismatch !== null}
      actions={[
        { label: 'resendCode', event: 'RESEND' },
        { label: 'screen.backToSignIn', event: 'SIGN_IN' },
      ]}
    >
      <FieldList fields={fields} form={form} livePasswordRules />
    </ScreenForm>
  );
}
