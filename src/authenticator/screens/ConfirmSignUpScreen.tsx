import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Destination } from './Destination.tsx';
import { ScreenForm, KEEP_DESTINATION, Sentence } from './ScreenForm.tsx';

/** The code sent to the new account, where it went, and a way to ask for another. */
export function ConfirmSignUpScreen() {
  const { t } = useTranslation();
  const { form, fields, onSubmit } = useAuthForm([{ name: 'confirmation_code', label: 'screen.confirmationCode' }]);
  return (
    <ScreenForm
      heading="screen.confirmSignUpHeading"
      intro={<Sentence text={t('screen.confirmSignUpText', KEEP_DESTINATION)} parts={{ destination: <Destination /> }} />}
      onSubmit={onSubmit}
      submitLabel="confirm"
      actions={[
        { label: 'resendCode', event: 'RESEND' },
        { label: 'screen.backToSignIn', event: 'SIGN_IN' },
      ]}
    >
      <FieldList fields={fields} form={form} />
    </ScreenForm>
  );
}
