/**
 * Admin calls a spec needs to arrange a user or a pool, beyond testPool.ts:
 * temporary passwords, MFA preferences and pool MFA, attributes. The
 * emulator accepts any SigV4 signature, so fake credentials do.
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PoolConfig } from '../testPool.ts';

export type PoolMfa = 'OFF' | 'OPTIONAL' | 'ON';

const attributeList = (attributes: Record<string, string>) => Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));

export function poolAdmin(config: PoolConfig) {
  const sdk = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: config.endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const UserPoolId = config.userPoolId;
  return {
    /** An account as an administrator makes it: the customer must choose a password at the first sign-in. */
    async createWithTemporaryPassword(email: string, temporaryPassword: string, attributes: Record<string, string> = {}) {
      await sdk.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: email,
          TemporaryPassword: temporaryPassword,
          MessageAction: 'SUPPRESS',
          UserAttributes: attributeList({ email, email_verified: 'true', ...attributes }),
        }),
      );
    },
    async updateAttributes(email: string, attributes: Record<string, string>) {
      await sdk.send(new AdminUpdateUserAttributesCommand({ UserPoolId, Username: email, UserAttributes: attributeList(attributes) }));
    },
    async attributes(email: string): Promise<Record<string, string>> {
      const user = await sdk.send(new AdminGetUserCommand({ UserPoolId, Username: email }));
      return Object.fromEntries((user.UserAttributes ?? []).map(({ Name, Value }) => [Name ?? '', Value ?? '']));
    },
    async userStatus(email: string): Promise<string | undefined> {
      return (await sdk.send(new AdminGetUserCommand({ UserPoolId, Username: email }))).UserStatus;
    },
    /** Turns a user's factors on or off; `preferred` names the one asked for (none: the customer chooses). */
    async setMfa(email: string, factors: { sms?: boolean; totp?: boolean; preferred?: 'sms' | 'totp' }) {
      await sdk.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId,
          Username: email,
          ...(factors.sms !== undefined && { SMSMfaSettings: { Enabled: factors.sms, PreferredMfa: factors.preferred === 'sms' } }),
          ...(factors.totp !== undefined && {
            SoftwareTokenMfaSettings: { Enabled: factors.totp, PreferredMfa: factors.preferred === 'totp' },
          }),
        }),
      );
    },
    /** The pool's MFA: OFF, OPTIONAL (asks users who turned a factor on) or ON; and which factors it offers. */
    async setPoolMfa(mode: PoolMfa, factors: { sms: boolean; totp: boolean } = { sms: true, totp: true }) {
      await sdk.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId,
          MfaConfiguration: mode,
          ...(factors.sms && { SmsMfaConfiguration: {} }),
          SoftwareTokenMfaConfiguration: { Enabled: factors.totp },
        }),
      );
    },
  };
}

export type PoolAdmin = ReturnType<typeof poolAdmin>;
