/** Which second factors a user has, and how MFA preferences are changed. */
import type { Context } from './context.ts';
import { errors } from './errors.ts';
import { type Input, optionalBoolean, optionalStructure } from './input.ts';
import type { MfaType, User, UserPool } from './state.ts';
import { touch } from './users.ts';

/** The factors the user has turned on that the pool offers and the user can receive. */
export function enabledMfa(pool: UserPool, user: User): MfaType[] {
  const types: MfaType[] = [];
  if (user.mfa.sms && pool.smsMfa && user.attributes.phone_number) types.push('SMS_MFA');
  if (user.mfa.totp && pool.softwareTokenMfa && user.totp) types.push('SOFTWARE_TOKEN_MFA');
  if (user.mfa.email && pool.emailMfa && user.attributes.email) types.push('EMAIL_OTP');
  return types;
}

/**
 * Passkey MFA: the pool lets a passkey with user verification stand for MFA
 * (WebAuthnConfiguration.FactorConfiguration) and the user turned it on
 * (WebAuthnMfaSettings). Their passkey sign-ins then need user verification,
 * and are open to them where MFA is required.
 */
export const passkeyMfa = (pool: UserPool, user: User): boolean =>
  pool.webAuthn.factorConfiguration === 'MULTI_FACTOR_WITH_USER_VERIFICATION' && user.mfa.webAuthn === true;

/** What MFA_SETUP offers a user who must have MFA and has none. */
export function setupOptions(pool: UserPool): MfaType[] {
  return [...(pool.smsMfa ? (['SMS_MFA'] as const) : []), ...(pool.softwareTokenMfa ? (['SOFTWARE_TOKEN_MFA'] as const) : [])];
}

/** GetUser's and AdminGetUser's MFA members. */
export function mfaSettings(user: User) {
  const list: (MfaType | 'WEB_AUTHN')[] = [];
  if (user.mfa.sms) list.push('SMS_MFA');
  if (user.mfa.totp) list.push('SOFTWARE_TOKEN_MFA');
  if (user.mfa.email) list.push('EMAIL_OTP');
  // Not among the values the SDK's documentation lists; the pool reports it so a client can read the setting back.
  if (user.mfa.webAuthn) list.push('WEB_AUTHN');
  return {
    ...(list.length > 0 ? { UserMFASettingList: list } : {}),
    ...(user.mfa.preferred ? { PreferredMfaSetting: user.mfa.preferred } : {}),
    MFAOptions: user.mfa.sms ? [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] : [],
  };
}

/**
 * SetUserMFAPreference and AdminSetUserMFAPreference: each setting given
 * turns its factor on or off and may make it the preferred one.
 */
export function applyMfaPreference(ctx: Context, pool: UserPool, user: User, input: Input): void {
  const settings = {
    SMS_MFA: optionalStructure(input, 'SMSMfaSettings'),
    SOFTWARE_TOKEN_MFA: optionalStructure(input, 'SoftwareTokenMfaSettings'),
    EMAIL_OTP: optionalStructure(input, 'EmailMfaSettings'),
  } as const;
  const keys = { SMS_MFA: 'sms', SOFTWARE_TOKEN_MFA: 'totp', EMAIL_OTP: 'email' } as const;
  const next = { ...user.mfa };
  for (const [type, setting] of Object.entries(settings) as [MfaType, Input | undefined][]) {
    if (!setting) continue;
    const enabled = optionalBoolean(setting, 'Enabled');
    const preferred = optionalBoolean(setting, 'PreferredMfa');
    const key = keys[type];
    if (enabled !== undefined) next[key] = enabled;
    if (preferred === true) {
      if (!next[key]) throw errors.invalidParameter(`Cannot set ${type} as preferred when it is not enabled.`);
      next.preferred = type;
    } else if (preferred === false && next.preferred === type) {
      delete next.preferred;
    }
    if (!next[key] && next.preferred === type) delete next.preferred;
  }
  if (next.totp && !user.totp) throw errors.invalidParameter('User has not verified software token mfa');
  if (next.sms && !user.attributes.phone_number) throw errors.invalidParameter('User does not have a phone number for SMS MFA.');
  if (next.email && !user.attributes.email) throw errors.invalidParameter('User does not have an email address for email MFA.');
  const webAuthn = optionalStructure(input, 'WebAuthnMfaSettings');
  const webAuthnEnabled = webAuthn && optionalBoolean(webAuthn, 'Enabled');
  if (webAuthnEnabled !== undefined) next.webAuthn = webAuthnEnabled;
  if (next.webAuthn) {
    if (pool.webAuthn.factorConfiguration !== 'MULTI_FACTOR_WITH_USER_VERIFICATION') {
      throw errors.invalidParameter(
        "Passkey MFA needs the user pool's WebAuthnConfiguration FactorConfiguration to be MULTI_FACTOR_WITH_USER_VERIFICATION.",
      );
    }
    // So a lost passkey does not lock the user out.
    if (!next.sms && !next.totp && !next.email) {
      throw errors.invalidParameter('Passkey MFA needs another MFA method (SMS, TOTP or email) enabled for the user.');
    }
  }
  if (next.webAuthn === false) delete next.webAuthn;
  user.mfa = next;
  touch(ctx, pool, user);
}
