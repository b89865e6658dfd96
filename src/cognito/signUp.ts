import type { ClientContext } from './context.ts';
import { isNamed, nonBlank } from './errors.ts';
import type { AuthFlowType } from './tokenStore.ts';
import type { CodeDeliveryDetails, ConfirmSignUpResult, ResendSignUpCodeResult, SignUpResult } from './types.ts';

/** How long a sign-up may wait for its automatic sign-in, and how often link mode asks. */
export const AUTO_SIGN_IN_TIMEOUT_MS = 180_000;
export const AUTO_SIGN_IN_POLL_MS = 5_000;

export interface SignUpInput {
  username: string;
  password: string;
  /** standard or custom: attributes, e.g. { given_name: 'Ana' } */
  attributes?: Record<string, string>;
  options?: {
    /** sign in by itself once the account is confirmed */
    autoSignIn?: boolean | { authFlowType?: AuthFlowType };
  };
}

export function deliveryFrom(
  details: { Destination?: string; DeliveryMedium?: string; AttributeName?: string } | undefined,
): CodeDeliveryDetails {
  const medium = details?.DeliveryMedium;
  return {
    destination: details?.Destination,
    deliveryMedium: medium === 'EMAIL' || medium === 'SMS' || medium === 'PHONE' ? medium : undefined,
    attributeName: details?.AttributeName,
  };
}

/**
 * Cognito's ways of saying the account is confirmed already (ConfirmSignUp:
 * NotAuthorizedException "User cannot be confirmed. Current status is
 * CONFIRMED"; ResendConfirmationCode: InvalidParameterException "User is
 * already confirmed."), e.g. after a confirmation in another tab. The goal of
 * either call is met, so they answer DONE rather than fail.
 */
const alreadyConfirmed = (error: unknown) =>
  (isNamed(error, 'NotAuthorizedException') && /current status is confirmed/i.test((error as Error).message)) ||
  (isNamed(error, 'InvalidParameterException') && /already confirmed/i.test((error as Error).message));

export async function signUp(ctx: ClientContext, input: SignUpInput): Promise<SignUpResult> {
  const username = nonBlank(input.username, 'username');
  nonBlank(input.password, 'password');
  const output = await ctx.call('SignUp', {
    ClientId: ctx.config.userPoolClientId,
    Username: username,
    Password: input.password,
    UserAttributes: Object.entries(input.attributes ?? {}).map(([Name, Value]) => ({ Name, Value })),
  });
  const auto = input.options?.autoSignIn;
  const session = output.Session && ctx.config.signUpVerificationMethod !== 'link' ? output.Session : undefined;
  ctx.pendingAutoSignIn = auto
    ? {
        username,
        ...(session ? { session: { token: session, stage: 'signedUp' as const } } : { password: input.password }),
        authFlowType: (typeof auto === 'object' && auto.authFlowType) || 'USER_SRP_AUTH',
        expiresAt: ctx.now() + AUTO_SIGN_IN_TIMEOUT_MS,
      }
    : undefined;
  if (output.UserConfirmed) {
    return auto ? { step: 'COMPLETE_AUTO_SIGN_IN', username, userId: output.UserSub } : { step: 'DONE', username, userId: output.UserSub };
  }
  return { step: 'CONFIRM_SIGN_UP', username, userId: output.UserSub, codeDeliveryDetails: deliveryFrom(output.CodeDeliveryDetails) };
}

export interface ConfirmSignUpInput {
  username: string;
  confirmationCode: string;
}

/** The pool refused the sign-up session (expired, or not this user's); the code itself was not looked at. */
const sessionRefused = (error: unknown) => isNamed(error, 'NotAuthorizedException') && /session/i.test((error as Error).message);

/**
 * Confirms the account. When this sign-up asked for an automatic sign-in,
 * the sign-up session goes along, and the session the pool answers lets
 * autoSignIn sign in without the password. A session the pool refuses costs
 * the customer nothing: the code is sent again without it, and Cognito answers
 * that confirmation with a session too (the automatic sign-in is lost only
 * where it does not).
 */
export async function confirmSignUp(ctx: ClientContext, input: ConfirmSignUpInput): Promise<ConfirmSignUpResult> {
  const username = nonBlank(input.username, 'username');
  const code = nonBlank(input.confirmationCode, 'code');
  const auto = ctx.pendingAutoSignIn?.username === username ? ctx.pendingAutoSignIn : undefined;
  const session = auto?.session?.stage === 'signedUp' && auto.expiresAt > ctx.now() ? auto.session.token : undefined;
  const confirm = (Session?: string) =>
    ctx.call('ConfirmSignUp', { ClientId: ctx.config.userPoolClientId, Username: username, ConfirmationCode: code, Session });
  try {
    let output;
    try {
      output = await confirm(session);
    } catch (error) {
      if (session === undefined || !sessionRefused(error)) throw error;
      if (auto) auto.session = undefined;
      output = await confirm();
    }
    if (auto && session !== undefined) auto.session = output.Session ? { token: output.Session, stage: 'confirmed' } : undefined;
  } catch (error) {
    if (!alreadyConfirmed(error)) throw error;
    if (auto) auto.session = undefined;
  }
  // Past the window autoSignIn says so; with neither a session nor a password there is nothing to sign in with.
  if (auto && (auto.expiresAt <= ctx.now() || auto.session?.stage === 'confirmed' || auto.password !== undefined)) {
    return { step: 'COMPLETE_AUTO_SIGN_IN', username };
  }
  ctx.pendingAutoSignIn = undefined;
  return { step: 'DONE', username };
}

/** A fresh confirmation code; DONE when the account is confirmed already, so there is nothing to confirm. */
export async function resendSignUpCode(ctx: ClientContext, input: { username: string }): Promise<ResendSignUpCodeResult> {
  const username = nonBlank(input.username, 'username');
  try {
    const output = await ctx.call('ResendConfirmationCode', { ClientId: ctx.config.userPoolClientId, Username: username });
    return { step: 'CONFIRM_SIGN_UP', codeDeliveryDetails: deliveryFrom(output.CodeDeliveryDetails) };
  } catch (error) {
    if (alreadyConfirmed(error)) return { step: 'DONE' };
    throw error;
  }
}
