/**
 * The admin calls the specs arrange users (and, on a private pool, pool
 * settings) with. They are SigV4-signed, as AWS requires:
 *
 * - against a QA pool (realPool.ts) with the AWS SDK's standard credential
 *   chain, so the run uses whatever AWS_PROFILE or AWS_ACCESS_KEY_ID names;
 * - against the local emulator, which accepts any signature, with a key made
 *   up for this process, so no credential is written down anywhere.
 *
 * A user's settings (MFA preference, attributes) are per user and fine on a
 * shared pool; a pool's settings (MFA configuration) exist only on a private
 * pool's admin, so no spec can change the shared or the QA pool for the others.
 */
import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InvalidParameterException,
  DescribeUserPoolCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { noteAction } from '../needs.ts';

/** A pool as the specs see it: what the app is configured with, and where its API answers. */
export interface PoolConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  endpoint: string;
}

/** Who signs the admin calls: a made-up key for the local emulator, or the AWS credential chain for a QA pool. */
export type AdminAccess = { kind: 'local emulator' } | { kind: 'aws credential chain'; endpoint?: string };

export type PoolMfa = 'OFF' | 'OPTIONAL' | 'ON';

const attributeList = (attributes: Record<string, string>) => Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));

/** The local pool checks no signature; a fresh key per process keeps anything key-like out of the sources. */
const throwawayKey = {
  accessKeyId: `LOCAL${randomBytes(6).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64'),
};

export function adminClient(
  config: PoolConfig,
  access: AdminAccess,
  options: { maxAttempts?: number } = {},
): CognitoIdentityProviderClient {
  if (access.kind === 'local emulator')
    return new CognitoIdentityProviderClient({ ...options, region: config.region, endpoint: config.endpoint, credentials: throwawayKey });
  // No credentials given: the SDK's default chain (environment, shared files and profiles, SSO, process, web identity, instance roles).
  return new CognitoIdentityProviderClient({
    ...options,
    region: config.region,
    ...(access.endpoint ? { endpoint: access.endpoint } : {}),
  });
}

/** Calls about one user at a time: safe on a pool other tests share. */
export function userAdmin(config: PoolConfig, access: AdminAccess) {
  const sdk = adminClient(config, access);
  const UserPoolId = config.userPoolId;
  return {
    /** A confirmed user with a verified e-mail and a permanent password: for tests whose subject is not sign-up. */
    async createConfirmed(email: string, password: string, attributes: Record<string, string> = {}) {
      noteAction(`created the user ${email}`);
      await sdk.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: attributeList({ email_verified: 'true', ...attributes }),
        }),
      );
      await sdk.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }));
    },
    /** An account as an administrator makes it: the customer must choose a password at the first sign-in. */
    async createWithTemporaryPassword(email: string, temporaryPassword: string, attributes: Record<string, string> = {}) {
      noteAction(`created the user ${email}`);
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
    /**
     * Deletes a user; false when there was none: an address a test made up but never signed up, or one the
     * pool refused as a user name (InvalidParameterException), as it did when the test tried to sign it up.
     */
    async delete(email: string): Promise<boolean> {
      try {
        await sdk.send(new AdminDeleteUserCommand({ UserPoolId, Username: email }));
        return true;
      } catch (error) {
        if (error instanceof UserNotFoundException || error instanceof InvalidParameterException) return false;
        throw error;
      }
    },
  };
}

export type UserAdmin = ReturnType<typeof userAdmin>;

/** A private pool's admin (auth-support/privatePool.ts): the user calls, and the pool's own settings. */
export function poolAdmin(config: PoolConfig) {
  const sdk = adminClient(config, { kind: 'local emulator' });
  return {
    ...userAdmin(config, { kind: 'local emulator' }),
    /** The pool's MFA: OFF, OPTIONAL (asks users who turned a factor on) or ON; and which factors it offers. */
    async setPoolMfa(mode: PoolMfa, factors: { sms: boolean; totp: boolean; email?: boolean } = { sms: true, totp: true }) {
      await sdk.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId: config.userPoolId,
          MfaConfiguration: mode,
          ...(factors.sms && { SmsMfaConfiguration: {} }),
          ...(factors.email && { EmailMfaConfiguration: {} }),
          SoftwareTokenMfaConfiguration: { Enabled: factors.totp },
        }),
      );
    },
    /**
     * Device tracking (null: off). UpdateUserPool replaces what it covers, so the settings to keep are sent back
     * as DescribeUserPool gives them.
     */
    async setDeviceTracking(devices: { challengeRequiredOnNewDevice: boolean; onUserPrompt: boolean } | null) {
      const { UserPool } = await sdk.send(new DescribeUserPoolCommand({ UserPoolId: config.userPoolId }));
      await sdk.send(
        new UpdateUserPoolCommand({
          UserPoolId: config.userPoolId,
          Policies: UserPool!.Policies,
          AutoVerifiedAttributes: UserPool!.AutoVerifiedAttributes,
          MfaConfiguration: UserPool!.MfaConfiguration,
          ...(devices && {
            DeviceConfiguration: {
              ChallengeRequiredOnNewDevice: devices.challengeRequiredOnNewDevice,
              DeviceOnlyRememberedOnUserPrompt: devices.onUserPrompt,
            },
          }),
        }),
      );
    },
  };
}

export type PoolAdmin = ReturnType<typeof poolAdmin>;
