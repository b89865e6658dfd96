import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import type { AuthFlowType } from './tokenStore.ts';
import type { CodeDeliveryDetails, ConfirmSignUpResult, SignUpResult } from './types.ts';

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

const emptyUsername = () => new AuthError('EmptyUsername', 'Username cannot be empty', 'Enter your e-mail.');

export async function signUp(ctx: ClientContext, input: SignUpInput): Promise<SignUpResult> {
  const username = input.username.trim();
  if (!username) throw emptyUsername();
  if (!input.password) throw new AuthError('EmptyPassword', 'Password cannot be empty', 'Choose a password.');
  const output = await ctx.call('SignUp', {
    ClientId: ctx.config.userPoolClientId,
    Username: username,
    Password: input.password,
    UserAttributes: Object.entries(input.attributes ?? {}).map(([Name, Value]) => ({ Name, Value })),
  });
  const auto = input.options?.autoSignIn;
  ctx.pendingAutoSignIn = auto
    ? {
        username,
        password: input.password,
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

export async function confirmSignUp(ctx: ClientContext, input: ConfirmSignUpInput): Promise<ConfirmSignUpResult> {
  const username = input.username.trim();
  const code = input.confirmationCode.trim();
  if (!username) throw emptyUsername();
  if (!code) throw new AuthError('EmptyConfirmationCode', 'Confirmation code cannot be empty', 'Enter the code that was sent.');
  await ctx.call('ConfirmSignUp', { ClientId: ctx.config.userPoolClientId, Username: username, ConfirmationCode: code });
  const auto = ctx.pendingAutoSignIn;
  return auto && auto.username === username ? { step: 'COMPLETE_AUTO_SIGN_IN', username } : { step: 'DONE', username };
}

export async function resendSignUpCode(ctx: ClientContext, input: { username: string }): Promise<CodeDeliveryDetails> {
  const username = input.username.trim();
  if (!username) throw emptyUsername();
  const output = await ctx.call('ResendConfirmationCode', { ClientId: ctx.config.userPoolClientId, Username: username });
  return deliveryFrom(output.CodeDeliveryDetails);
}
