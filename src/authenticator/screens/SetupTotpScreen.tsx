import { useAuth, useAuthSettings, usePending } from '../AuthProvider.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { totpUri } from '../totp/otpauth.ts';
import { TotpQrCode } from '../totp/TotpQrCode.tsx';
import { TotpSecret } from '../totp/TotpSecret.tsx';
import { ScreenForm } from './ScreenForm.tsx';

/** An authenticator app for the account: QR code, the same secret as text to copy, and the app's first code. */
export function SetupTotpScreen() {
  const { t } = useTranslation();
  const pending = usePending();
  const secret = useAuth((s) => s.context.totpSecretCode) ?? '';
  const account = useAuth((s) => s.context.username ?? s.context.user?.email ?? s.context.user?.username) ?? '';
  const { totpIssuer } = useAuthSettings();
  const { form, fields, onSubmit } = useAuthForm(['confirmation_code']);
  const uri = totpUri({ issuer: totpIssuer, account, secret });

  return (
    <ScreenForm
      heading="screen.setupTotpHeading"
      intro={t('screen.setupTotpText')}
      onSubmit={onSubmit}
      submitLabel="confirm"
      actions={[{ label: 'screen.backToSignIn', event: 'SIGN_IN' }]}
    >
      <TotpQrCode uri={uri} account={account} />
      <TotpSecret secret={secret} disabled={pending} />
      <FieldList fields={fields} form={form} />
    </ScreenForm>
  );
}
