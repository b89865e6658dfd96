import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import { callAsUser } from './session.ts';
import { deliveryFrom } from './signUp.ts';
import type { ResetPasswordResult } from './types.ts';

const required = (value: string, message: string, hint: string) => {
  if (!value) throw new AuthError('EmptyField', message, hint);
  return value;
};

/** Starts a password reset: the pool sends a code. */
export async function resetPassword(ctx: ClientContext, input: { username: string }): Promise<ResetPasswordResult> {
  const username = required(input.username.trim(), 'Username cannot be empty', 'Enter your e-mail.');
  const output = await ctx.call('ForgotPassword', { ClientId: ctx.config.userPoolClientId, Username: username });
  return { step: 'CONFIRM_RESET_PASSWORD_WITH_CODE', username, codeDeliveryDetails: deliveryFrom(output.CodeDeliveryDetails) };
}

export async function confirmResetPassword(
  ctx: ClientContext,
  input: { username: string; confirmationCode: string; newPassword: string },
): Promise<void> {
  const username = required(input.username.trim(), 'Username cannot be empty', 'Enter your e-mail.');
  const code = required(input.confirmationCode.trim(), 'Confirmation code cannot be empty', 'Enter the code that was sent.');
  const password = required(input.newPassword, 'Password cannot be empty', 'Choose a new password.');
  await ctx.call('ConfirmForgotPassword', {
    ClientId: ctx.config.userPoolClientId,
    Username: username,
    ConfirmationCode: code,
    Password: password,
  });
}

/** Changes the signed-in customer's password. */
export async function updatePassword(ctx: ClientContext, input: { oldPassword: string; newPassword: string }): Promise<void> {
  required(input.oldPassword, 'Password cannot be empty', 'Enter your current password.');
  required(input.newPassword, 'Password cannot be empty', 'Choose a new password.');
  await callAsUser(ctx, 'ChangePassword', {
    PreviousPassword: input.oldPassword,
    ProposedPassword: input.newPassword,
  });
}

/** Deletes the signed-in customer's account, then forgets the session. */
export async function deleteUser(ctx: ClientContext): Promise<void> {
  await callAsUser(ctx, 'DeleteUser', {});
  const loginId = ctx.store.load()?.signInDetails?.loginId;
  if (loginId) ctx.store.clearDevice(loginId);
  ctx.store.clear();
  ctx.events.emit({ type: 'signedOut' });
}
