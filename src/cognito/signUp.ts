import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import type { CodeDeliveryDetails, ConfirmSignUpResult, SignUpResult } from './types.ts';

export interface SignUpInput {
  username: string;
  password: string;
  /** standard or custom: attributes, e.g. { given_name: 'Ana' } */
  attributes?: Record<string, string>;
}

export function deliveryFrom(details: { Destination?: string; DeliveryMedium?: string; AttributeName?: string } | undefined): CodeDeliveryDetails | undefined {
  if (!details) return undefined;
  const medium = details.DeliveryMedium;
  return {
    destination: details.Destination,
    deliveryMedium: medium === 'EMAIL' || medium === 'SMS' || medium === 'PHONE' ? medium : undefined,
    attributeName: details.AttributeName,
  };
}

export async function signUp(ctx: ClientContext, input: SignUpInput): Promise<SignUpResult> {
  const username = input.username.trim();
  if (!username) throw new AuthError('EmptyUsername', 'Username cannot be empty', 'Enter your e-mail.');
  if (!input.password) throw new AuthError('EmptyPassword', 'Password cannot be empty', 'Choose a password.');
  const output = await ctx.call('SignUp', {
    ClientId: ctx.config.userPoolClientId,
    Username: username,
    Password: input.password,
    UserAttributes: Object.entries(input.attributes ?? {}).map(([Name, Value]) => ({ Name, Value })),
  });
  if (output.UserConfirmed) return { step: 'DONE', username, userId: output.UserSub };
  return { step: 'CONFIRM_SIGN_UP', username, userId: output.UserSub, codeDeliveryDetails: deliveryFrom(output.CodeDeliveryDetails) };
}

export interface ConfirmSignUpInput {
  username: string;
  confirmationCode: string;
}

export async function confirmSignUp(ctx: ClientContext, input: ConfirmSignUpInput): Promise<ConfirmSignUpResult> {
  const username = input.username.trim();
  const code = input.confirmationCode.trim();
  if (!username) throw new AuthError('EmptyUsername', 'Username cannot be empty', 'Enter your e-mail.');
  if (!code) throw new AuthError('EmptyConfirmationCode', 'Confirmation code cannot be empty', 'Enter the code that was sent.');
  await ctx.call('ConfirmSignUp', { ClientId: ctx.config.userPoolClientId, Username: username, ConfirmationCode: code });
  return { step: 'DONE', username };
}
