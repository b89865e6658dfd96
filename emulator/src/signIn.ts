/**
 * What happens after a first factor is proved, in Cognito's order: the
 * user's status, the custom challenge, a new password for a temporary one,
 * the device's own SRP proof, a second factor unless the device is
 * remembered, and at last the tokens. Each step either answers with the next
 * challenge (and a fresh Session) or hands on to the one after it.
 */
import { deliver, newPendingCode } from './codes.ts';
import { type Context, maskDestination, userChanged } from './context.ts';
import { createDevice, confirmedDevice } from './devices.ts';
import { customLockoutOf } from './decoys.ts';
import { errors } from './errors.ts';
import { refuseIfLocked } from './lockout.ts';
import { enabledMfa, setupOptions } from './mfa.ts';
import { openSession } from './sessions.ts';
import type { AppClient, SessionExtra, ChallengeName, MfaType, SignInProgress, User, UserPool } from './state.ts';
import { type AuthenticationResult, issueTokens } from './tokens.ts';
import { deliveryAddress, recoveryAddress, requiredAttributes } from './users.ts';

export type SignInAnswer =
  | { ChallengeName: ChallengeName; Session: string; ChallengeParameters: Record<string, string>; AvailableChallenges?: string[] }
  | { ChallengeParameters: Record<string, never>; AuthenticationResult: AuthenticationResult }
  /** the end of a hosted-UI sign-in, which hands out an authorization code rather than tokens (oauth/hosted.ts) */
  | { ChallengeParameters: Record<string, never>; HostedSignIn: { username: string } };

/** Wrong answers a custom challenge takes before the sign-in fails, as a typical DefineAuthChallenge trigger does. */
export const CUSTOM_CHALLENGE_ATTEMPTS = 3;

export function challenge(
  ctx: Context,
  name: ChallengeName,
  progress: SignInProgress,
  parameters: Record<string, string>,
  extra: SessionExtra = {},
): SignInAnswer {
  return { ChallengeName: name, Session: openSession(ctx, name, progress, parameters, extra), ChallengeParameters: parameters };
}

/** Refuses users whose state does not allow a session, whatever they proved. */
export function checkStatus(user: User): void {
  if (!user.enabled) throw errors.notAuthorized('User is disabled.');
  if (user.status === 'UNCONFIRMED') throw errors.userNotConfirmed();
  if (user.status === 'RESET_REQUIRED') throw errors.passwordResetRequired();
}

export function continueSignIn(ctx: Context, pool: UserPool, client: AppClient, user: User, progress: SignInProgress): SignInAnswer {
  checkStatus(user);
  if (progress.flow === 'custom' && !progress.customAnswered) return customChallenge(ctx, user, progress);
  if (user.status === 'FORCE_CHANGE_PASSWORD' && !progress.passwordChanged) return newPasswordChallenge(ctx, pool, user, progress);
  const device = progress.deviceKey && pool.deviceConfiguration ? confirmedDevice(user, progress.deviceKey) : undefined;
  if (device && !progress.deviceVerified) return challenge(ctx, 'DEVICE_SRP_AUTH', progress, { USERNAME: user.username });
  // A remembered device replaces the second factor only where the pool says so (ChallengeRequiredOnNewDevice,
  // as Cognito reads it); a device that is not remembered never does.
  const trusted = progress.deviceVerified && device?.remembered && pool.deviceConfiguration?.challengeRequiredOnNewDevice;
  if (progress.flow === 'password' && !progress.mfaDone && !trusted) {
    const step = mfaStep(ctx, pool, user, progress);
    if (step) return step;
  }
  if (progress.hostedRequest !== undefined) return { ChallengeParameters: {}, HostedSignIn: { username: user.username } };
  return finish(ctx, pool, client, user, progress);
}

function finish(ctx: Context, pool: UserPool, client: AppClient, user: User, progress: SignInProgress): SignInAnswer {
  if (progress.deviceVerified && progress.deviceKey) {
    const device = confirmedDevice(user, progress.deviceKey);
    device.lastAuthenticatedAt = ctx.now();
    userChanged(ctx, pool, user);
    return { ChallengeParameters: {}, AuthenticationResult: issueTokens(ctx, pool, client, user, device.key) };
  }
  // A pool that tracks devices names the one this sign-in came from; the
  // refresh token is bound to it from now on.
  const device = pool.deviceConfiguration ? createDevice(ctx, pool, user) : undefined;
  const result = issueTokens(ctx, pool, client, user, device?.key);
  if (device) result.NewDeviceMetadata = { DeviceKey: device.key, DeviceGroupKey: device.groupKey };
  return { ChallengeParameters: {}, AuthenticationResult: result };
}

function newPasswordChallenge(ctx: Context, pool: UserPool, user: User, progress: SignInProgress): SignInAnswer {
  if (user.temporaryPasswordExpiresAt !== undefined && user.temporaryPasswordExpiresAt <= ctx.now()) {
    throw errors.notAuthorized('Temporary password has expired and must be reset by an administrator.');
  }
  const { sub: _sub, ...shown } = user.attributes;
  const missing = requiredAttributes(pool).filter((name) => !user.attributes[name]);
  return challenge(ctx, 'NEW_PASSWORD_REQUIRED', progress, {
    USER_ID_FOR_SRP: user.username,
    requiredAttributes: JSON.stringify(missing.map((name) => `userAttributes.${name}`)),
    userAttributes: JSON.stringify(shown),
  });
}

function mfaStep(ctx: Context, pool: UserPool, user: User, progress: SignInProgress): SignInAnswer | null {
  if (pool.mfaConfiguration === 'OFF') return null;
  const enabled = enabledMfa(pool, user);
  if (enabled.length === 0) {
    if (pool.mfaConfiguration === 'OPTIONAL') return null;
    // MFA is required and the user has none: a phone on file gets SMS, as
    // Cognito does for pools with SMS MFA; anyone else must set a factor up.
    if (pool.smsMfa && user.attributes.phone_number) return mfaChallenge(ctx, 'SMS_MFA', user, progress);
    const options = setupOptions(pool);
    if (options.length === 0) throw errors.invalidUserPoolConfiguration('MFA is required but no MFA type is enabled for the user pool.');
    return challenge(ctx, 'MFA_SETUP', progress, { MFAS_CAN_SETUP: JSON.stringify(options), USER_ID_FOR_SRP: user.username });
  }
  const preferred = user.mfa.preferred && enabled.includes(user.mfa.preferred) ? user.mfa.preferred : undefined;
  const chosen = preferred ?? (enabled.length === 1 ? enabled[0] : undefined);
  if (!chosen)
    return challenge(ctx, 'SELECT_MFA_TYPE', progress, { MFAS_CAN_CHOOSE: JSON.stringify(enabled), USER_ID_FOR_SRP: user.username });
  return mfaChallenge(ctx, chosen, user, progress);
}

export function mfaChallenge(ctx: Context, type: MfaType, user: User, progress: SignInProgress): SignInAnswer {
  if (type === 'SOFTWARE_TOKEN_MFA') {
    return challenge(ctx, 'SOFTWARE_TOKEN_MFA', progress, {
      USER_ID_FOR_SRP: user.username,
      ...(user.totp?.friendlyName ? { FRIENDLY_DEVICE_NAME: user.totp.friendlyName } : {}),
    });
  }
  if (type === 'EMAIL_OTP') {
    // E-mail MFA: Cognito names the challenge EMAIL_OTP, as it does the passwordless one; the outbox tells them apart.
    const email = user.attributes.email!;
    const code = codeForSession(ctx, progress);
    deliver(ctx, email, 'EmailMfa', code.code);
    return challenge(
      ctx,
      'EMAIL_OTP',
      progress,
      { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: maskDestination(email) },
      { code },
    );
  }
  const phone = user.attributes.phone_number!;
  const code = codeForSession(ctx, progress);
  deliver(ctx, phone, 'Authentication', code.code);
  return challenge(
    ctx,
    'SMS_MFA',
    progress,
    { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: maskDestination(phone), USER_ID_FOR_SRP: user.username },
    { code },
  );
}

function codeForSession(ctx: Context, progress: SignInProgress) {
  const client = ctx.state.pools[progress.poolId]?.clients[progress.clientId];
  return newPendingCode(ctx, (client?.authSessionValidity ?? 180) * 1000);
}

/**
 * The built-in custom challenge (there are no Lambda triggers here): a
 * one-time code sent to the user's e-mail, or phone, answered with ANSWER.
 */
function customChallenge(ctx: Context, user: User, progress: SignInProgress): SignInAnswer {
  const pool = ctx.state.pools[progress.poolId]!;
  // After too many wrong answers (in this or earlier sign-ins), no new code to guess until the lockout ends.
  refuseIfLocked(ctx, customLockoutOf({ kind: 'user', pool, user }));
  const delivery = recoveryAddress(user) ?? deliveryAddress(pool, user);
  if (!delivery) throw errors.invalidParameter('The user has no e-mail or phone number to send the code to.');
  const code = codeForSession(ctx, progress);
  deliver(ctx, delivery.address, 'Authentication', code.code);
  return challenge(ctx, 'CUSTOM_CHALLENGE', progress, customParameters(user.username, delivery.medium, delivery.address), { code });
}

export function customParameters(username: string, medium: 'EMAIL' | 'SMS', address: string): Record<string, string> {
  return { USERNAME: username, CODE_DELIVERY_DELIVERY_MEDIUM: medium, CODE_DELIVERY_DESTINATION: maskDestination(address) };
}
