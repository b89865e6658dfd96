/**
 * What to do with Cognito's answer during a sign-in: tokens finish it; the
 * SRP challenges are answered here without asking the customer; every other
 * challenge becomes a step the customer must take, remembered in
 * `ctx.pendingSignIn` until confirmSignIn answers it.
 */
import { poolName } from './config.ts';
import type { ClientContext, PendingSignIn } from './context.ts';
import { confirmNewDevice } from './newDevice.ts';
import { AuthError } from './errors.ts';
import { tokensFromResult, userFromTokens } from './session.ts';
import { formatTimestamp, signPasswordClaim, takeEphemeral, type SrpEphemeral } from './srp/srp.ts';
import type { MfaType, SignInResult } from './types.ts';
import type { OperationInput, OperationOutput } from './userPoolOperations.ts';

export const SIGN_IN_SESSION_MS = 3 * 60 * 1000;

type AuthOutput = OperationOutput<'InitiateAuth'> | OperationOutput<'RespondToAuthChallenge'>;

export function parameter(parameters: Record<string, string> | undefined, name: string): string {
  const value = parameters?.[name];
  if (!value) throw new AuthError('Unknown', 'An unknown error has occurred.', `The pool's challenge had no ${name}.`);
  return value;
}

function parseList(json: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const MFA_BY_CHALLENGE: Record<string, MfaType> = { SMS_MFA: 'SMS', SOFTWARE_TOKEN_MFA: 'TOTP', EMAIL_OTP: 'EMAIL' };

export async function respond(
  ctx: ClientContext,
  pending: PendingSignIn,
  challengeName: string,
  responses: Record<string, string>,
): Promise<SignInResult> {
  return next(ctx, await ctx.call('RespondToAuthChallenge', challengeAnswer(ctx, pending, challengeName, responses)), pending);
}

/** The RespondToAuthChallenge that answers `challengeName` of the sign-in `pending` with `responses`. */
function challengeAnswer(
  ctx: ClientContext,
  pending: Pick<PendingSignIn, 'username' | 'session' | 'device'>,
  challengeName: string,
  responses: Record<string, string>,
): OperationInput<'RespondToAuthChallenge'> {
  return {
    ClientId: ctx.config.userPoolClientId,
    ChallengeName: challengeName as never,
    Session: pending.session,
    ChallengeResponses: {
      USERNAME: pending.username,
      ...(pending.device ? { DEVICE_KEY: pending.device.deviceKey } : {}),
      ...responses,
    },
  };
}

/** A PASSWORD_VERIFIER or DEVICE_PASSWORD_VERIFIER answer: realm and id differ, the proof is the same. */
async function passwordClaim(
  ctx: ClientContext,
  parameters: Record<string, string> | undefined,
  ephemeral: SrpEphemeral,
  realm: string,
  userId: string,
  password: string,
) {
  const secretBlock = parameter(parameters, 'SECRET_BLOCK');
  // The timestamp is signed, so it is written in the pool's time where the drift is known.
  const timestamp = formatTimestamp(new Date(ctx.now()));
  const signature = await signPasswordClaim({
    ephemeral,
    serverB: parameter(parameters, 'SRP_B'),
    salt: parameter(parameters, 'SALT'),
    secretBlock,
    realm,
    userId,
    password,
    timestamp,
  });
  return { PASSWORD_CLAIM_SECRET_BLOCK: secretBlock, PASSWORD_CLAIM_SIGNATURE: signature, TIMESTAMP: timestamp };
}

/**
 * Answers the PASSWORD_VERIFIER challenge that InitiateAuth with SRP_A starts
 * (USER_SRP_AUTH, and CUSTOM_WITH_SRP before its custom challenge). Only
 * signIn holds the password, so only signIn calls this.
 */
export async function answerPasswordVerifier(
  ctx: ClientContext,
  output: AuthOutput,
  pending: PendingSignIn,
  ephemeral: SrpEphemeral,
  password: string,
): Promise<SignInResult> {
  return next(
    ctx,
    await ctx.call('RespondToAuthChallenge', await passwordVerifierAnswer(ctx, output, pending, ephemeral, password)),
    pending,
  );
}

/**
 * The RespondToAuthChallenge that answers PASSWORD_VERIFIER, unsent (earlyStart.ts sends it itself); `pending` takes
 * the user name and session the challenge names, as the sign-in's next steps need them.
 */
export async function passwordVerifierAnswer(
  ctx: ClientContext,
  output: AuthOutput,
  pending: Pick<PendingSignIn, 'username' | 'session' | 'device'>,
  ephemeral: SrpEphemeral,
  password: string,
): Promise<OperationInput<'RespondToAuthChallenge'>> {
  const parameters = output.ChallengeParameters;
  const userId = parameter(parameters, 'USER_ID_FOR_SRP');
  takeVerifierChallenge(pending, output);
  const claim = await passwordClaim(ctx, parameters, ephemeral, poolName(ctx.config), userId, password);
  return challengeAnswer(ctx, pending, 'PASSWORD_VERIFIER', claim);
}

/** What a PASSWORD_VERIFIER challenge tells the sign-in: the user name its answers carry, and the session. */
export function takeVerifierChallenge(pending: Pick<PendingSignIn, 'username' | 'session'>, output: AuthOutput): void {
  pending.username = output.ChallengeParameters?.USERNAME ?? parameter(output.ChallengeParameters, 'USER_ID_FOR_SRP');
  pending.session = output.Session;
}

async function answerDeviceChallenge(ctx: ClientContext, pending: PendingSignIn): Promise<SignInResult> {
  const device = pending.device;
  if (!device) {
    throw new AuthError(
      'DeviceMetadataMissing',
      'Either deviceKey, deviceGroupKey or secretPassword were not found during the sign-in process.',
      'Forget this device and sign in again.',
    );
  }
  const ephemeral = takeEphemeral();
  const challenge = await ctx.call('RespondToAuthChallenge', {
    ClientId: ctx.config.userPoolClientId,
    ChallengeName: 'DEVICE_SRP_AUTH',
    Session: pending.session,
    ChallengeResponses: { USERNAME: pending.username, DEVICE_KEY: device.deviceKey, SRP_A: ephemeral.A.toString(16) },
  });
  pending.session = challenge.Session;
  const claim = await passwordClaim(
    ctx,
    challenge.ChallengeParameters,
    ephemeral,
    device.deviceGroupKey,
    device.deviceKey,
    device.randomPassword,
  );
  return respond(ctx, pending, 'DEVICE_PASSWORD_VERIFIER', claim);
}

/** Stores the tokens, confirms a new device, and tells every tab. */
async function complete(ctx: ClientContext, output: AuthOutput, pending: PendingSignIn): Promise<SignInResult> {
  const result = output.AuthenticationResult!;
  const tokens = tokensFromResult(ctx, result, undefined, pending.signInDetails);
  ctx.store.save(tokens);
  ctx.pendingSignIn = undefined;
  ctx.signedInWithPassword = pending.byPassword ? tokens.username : undefined;
  if (result.NewDeviceMetadata?.DeviceKey && result.NewDeviceMetadata.DeviceGroupKey) {
    await confirmNewDevice(ctx, pending.loginId, tokens.accessToken.raw, {
      deviceKey: result.NewDeviceMetadata.DeviceKey,
      deviceGroupKey: result.NewDeviceMetadata.DeviceGroupKey,
    });
  }
  const user = userFromTokens(tokens);
  ctx.events.emit({ type: 'signedIn', user });
  return { step: 'DONE', user };
}

/** The sign-in waiting for an answer; an expired or missing one is spec §8's "Auth session was not found". */
export function pendingSignIn(ctx: ClientContext): PendingSignIn {
  const pending = ctx.pendingSignIn;
  if (!pending || pending.expiresAt <= ctx.now()) {
    ctx.pendingSignIn = undefined;
    throw new AuthError('SignInSessionMissing', 'Auth session was not found. Make sure to call signIn.', 'Sign in again.');
  }
  return pending;
}

/** Reads one answer of the pool and returns the customer's next step. */
export async function next(ctx: ClientContext, output: AuthOutput, pending: PendingSignIn): Promise<SignInResult> {
  if (output.AuthenticationResult) return complete(ctx, output, pending);
  const parameters = output.ChallengeParameters;
  const challengeName = output.ChallengeName ?? '';
  pending.username = parameters?.USERNAME ?? pending.username;
  pending.session = output.Session ?? pending.session;
  pending.challengeName = challengeName;
  pending.expiresAt = ctx.now() + SIGN_IN_SESSION_MS;
  const waitFor = (result: SignInResult): SignInResult => {
    ctx.pendingSignIn = pending;
    return result;
  };

  switch (challengeName) {
    case 'DEVICE_SRP_AUTH':
      return answerDeviceChallenge(ctx, pending);
    case 'SMS_MFA':
      return waitFor({
        step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
        codeDeliveryDetails: {
          destination: parameters?.CODE_DELIVERY_DESTINATION,
          deliveryMedium: parameters?.CODE_DELIVERY_DELIVERY_MEDIUM === 'EMAIL' ? 'EMAIL' : 'SMS',
        },
      });
    case 'SOFTWARE_TOKEN_MFA':
      return waitFor({ step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
    // The same challenge is a first factor (USER_AUTH) or e-mail MFA after a password; the answer is the same code.
    // (The first factors' other challenges are read by userAuth.ts before they get here.)
    case 'EMAIL_OTP':
      return waitFor({
        step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
        codeDeliveryDetails: { destination: parameters?.CODE_DELIVERY_DESTINATION, deliveryMedium: 'EMAIL', attributeName: 'email' },
      });
    case 'SELECT_MFA_TYPE': {
      const allowedMfaTypes = parseList(parameters?.MFAS_CAN_CHOOSE).flatMap((name) => MFA_BY_CHALLENGE[name] ?? []);
      return waitFor({ step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes });
    }
    case 'MFA_SETUP': {
      if (!parseList(parameters?.MFAS_CAN_SETUP).includes('SOFTWARE_TOKEN_MFA')) {
        throw new AuthError('NoValidMfaMethod', 'No valid MFA method provided', 'Ask the administrator to allow an authenticator app.');
      }
      const associated = await ctx.call('AssociateSoftwareToken', { Session: pending.session });
      pending.session = associated.Session ?? pending.session;
      return waitFor({ step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', sharedSecret: associated.SecretCode ?? '', username: pending.loginId });
    }
    case 'NEW_PASSWORD_REQUIRED': {
      const missingAttributes = parseList(parameters?.requiredAttributes).map((name) => name.replace(/^userAttributes\./, ''));
      return waitFor({ step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes });
    }
    case 'CUSTOM_CHALLENGE':
      return waitFor({ step: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { ...parameters } });
    default:
      throw new AuthError(
        'UnsupportedChallenge',
        'An unknown error has occurred.',
        `The pool asked for ${challengeName || 'an unnamed challenge'}, which this app does not support.`,
      );
  }
}
