import { validation, type MfaType } from '../../../machines/authenticator/index.ts';
import { useAuth } from '../AuthProvider.tsx';
import { EmailCodeScreen, PasswordScreen } from '../passwordless/index.ts';
import { ChoiceField } from '../fields/ChoiceField.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Destination } from './Destination.tsx';
import { ScreenForm, KEEP_DESTINATION, Sentence, type ScreenAction } from './ScreenForm.tsx';

const BACK: ScreenAction[] = [{ label: 'screen.backToSignIn', event: 'SIGN_IN' }];
const MFA_LABELS: Record<MfaType, MessageKey> = { SMS: 'screen.mfaSms', TOTP: 'screen.mfaTotp', EMAIL: 'screen.mfaEmail' };

/**
 * The step after the first: the SMS code, the authenticator-app code, the
 * choice between them; or, lazily, the e-mailed code and the password picked from the choice.
 */
export function ConfirmSignInScreen() {
  const challenge = useAuth((s) => s.context.challengeName);
  if (challenge === 'SELECT_MFA_TYPE') return <MfaChoice />;
  if (challenge === 'EMAIL_OTP') return <EmailCodeScreen />;
  if (challenge === 'PASSWORD') return <PasswordScreen />;
  return <MfaCode byText={challenge === 'SMS_MFA'} />;
}

function MfaCode({ byText }: { byText: boolean }) {
  const { t } = useTranslation();
  const { form, fields, onSubmit } = useAuthForm(['confirmation_code']);
  const intro = byText ? (
    <Sentence text={t('screen.smsText', KEEP_DESTINATION)} parts={{ destination: <Destination /> }} />
  ) : (
    t('screen.totpText')
  );
  return (
    <ScreenForm
      heading={byText ? 'screen.smsHeading' : 'screen.totpHeading'}
      intro={intro}
      onSubmit={onSubmit}
      submitLabel="confirm"
      actions={BACK}
    >
      <FieldList fields={fields} form={form} />
    </ScreenForm>
  );
}

function MfaChoice() {
  const { t, tr } = useTranslation();
  const allowed = useAuth((s) => s.context.allowedMfaTypes) ?? ['SMS', 'TOTP'];
  const { form, onSubmit } = useAuthForm([], { choices: { mfa_type: { initial: '', rule: validation.mfaTypeError } } });
  const error = form.errors.mfa_type;
  return (
    <ScreenForm
      heading="screen.mfaChoiceHeading"
      intro={t('screen.mfaChoiceText')}
      onSubmit={onSubmit}
      submitLabel="confirm"
      actions={BACK}
    >
      <ChoiceField
        label={t('screen.mfaChoiceLabel')}
        options={allowed.map((type) => ({ value: type, label: t(MFA_LABELS[type]) }))}
        value={form.getValues().mfa_type ?? ''}
        error={typeof error === 'string' ? tr(error) : undefined}
        onChange={(value) => form.setFieldValue('mfa_type', value)}
      />
    </ScreenForm>
  );
}
