import type { SecondFactor } from './types.ts';
import type { ClientContext } from './context.ts';
import { AuthError, nonBlank } from './errors.ts';
import { callAsUser } from './session.ts';

/** Starts adding an authenticator app for a signed-in customer: the secret for the QR code. */
export async function setUpTOTP(ctx: ClientContext): Promise<{ sharedSecret: string }> {
  const output = await callAsUser(ctx, 'AssociateSoftwareToken', {});
  if (!output.SecretCode) throw new AuthError('Unknown', 'An unknown error has occurred.', 'The pool sent no secret.');
  return { sharedSecret: output.SecretCode };
}

export async function verifyTOTPSetup(ctx: ClientContext, input: { code: string; friendlyDeviceName?: string }): Promise<void> {
  const code = nonBlank(input.code, 'code');
  await callAsUser(ctx, 'VerifySoftwareToken', { UserCode: code, FriendlyDeviceName: input.friendlyDeviceName });
}

export type MfaPreference = 'ENABLED' | 'DISABLED' | 'PREFERRED' | 'NOT_PREFERRED';

/** Cognito names e-mail MFA EMAIL_OTP in the user's settings, as it names the e-mail challenge; passkey MFA is WEB_AUTHN. */
const METHOD_OF: Record<string, SecondFactor> = { SOFTWARE_TOKEN_MFA: 'TOTP', SMS_MFA: 'SMS', EMAIL_OTP: 'EMAIL', WEB_AUTHN: 'WEB_AUTHN' };

/** The second factors the customer has turned on, and the preferred one (GetUser). */
export async function fetchMFAPreference(ctx: ClientContext): Promise<{ enabled: SecondFactor[]; preferred?: SecondFactor }> {
  const output = await callAsUser(ctx, 'GetUser', {});
  const enabled = (output.UserMFASettingList ?? []).flatMap((name) => (METHOD_OF[name] ? [METHOD_OF[name]] : []));
  const preferred = output.PreferredMfaSetting ? METHOD_OF[output.PreferredMfaSetting] : undefined;
  return { enabled, ...(preferred ? { preferred } : {}) };
}

const settings = (preference: MfaPreference | undefined) =>
  preference && {
    Enabled: preference !== 'DISABLED',
    PreferredMfa: preference === 'PREFERRED',
  };

export async function updateMFAPreference(
  ctx: ClientContext,
  input: { sms?: MfaPreference; totp?: MfaPreference; email?: MfaPreference; webAuthn?: 'ENABLED' | 'DISABLED' },
): Promise<void> {
  await callAsUser(ctx, 'SetUserMFAPreference', {
    SMSMfaSettings: settings(input.sms),
    SoftwareTokenMfaSettings: settings(input.totp),
    EmailMfaSettings: settings(input.email),
    // A passkey is never the preferred factor: it stands for MFA only when it is the first factor.
    WebAuthnMfaSettings: input.webAuthn && { Enabled: input.webAuthn === 'ENABLED' },
  });
}
