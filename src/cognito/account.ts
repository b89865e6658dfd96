import type { ClientContext } from './context.ts';
import { nonBlank } from './errors.ts';
import { callAsUser } from './session.ts';
import { deliveryFrom } from './signUp.ts';
import type { ResetPasswordResult } from './types.ts';

/** Starts a password reset: the pool sends a code. */
export async function resetPassword(ctx: ClientContext, input: { username: string }): Promise<ResetPasswordResult> {
  const username = nonBlank(input.username, 'username');
  const output = await ctx.call('ForgotPassword', { ClientId: ctx.config.userPoolClientId, Username: username });
  return { step: 'CONFIRM_RESET_PASSWORD_WITH_CODE', username, codeDeliveryDetails: deliveryFrom(output.CodeDeliveryDetails) };
}

export async function confirmResetPassword(
  ctx: ClientContext,
  input: { username: string; confirmationCode: string; newPassword: string },
): Promise<void> {
  const username = nonBlank(input.username, 'username');
  const code = nonBlank(input.confirmationCode, 'code');
  const password = nonBlank(input.newPassword, 'password');
  await ctx.call('ConfirmForgotPassword', {
    ClientId: ctx.config.userPoolClientId,
    Username: username,
    ConfirmationCode: code,
    Password: password,
  });
}

/** Changes the signed-in customer's password. */
export async function updatePassword(ctx: ClientContext, input: { oldPassword: string; newPassword: string }): Promise<void> {
  nonBlank(input.oldPassword, 'password');
  nonBlank(input.newPassword, 'password');
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
  ctx.events.emit({ type: 'signedOut', reason: 'deleted' });
}
