/** ForgotPassword, ConfirmForgotPassword and ChangePassword. */
import { CODE_TTL_MS, checkCode, rationCodes, sendCode } from '../codes.ts';
import { type Handler, userChanged } from '../context.ts';
import { INCORRECT_CREDENTIALS, errors } from '../errors.ts';
import { CODE_RULE, optionalString, requiredString } from '../input.ts';
import { recordFailure } from '../lockout.ts';
import { enforcePasswordPolicy } from '../passwordPolicy.ts';
import { authorize } from '../tokens.ts';
import { codeDeliveryDetails, passwordMatches, recoveryAddress, setPassword, simulatedDelivery, touch } from '../users.ts';
import { checkDecoyCode, checkPasswordShape, clientAndName, sendDecoyCode } from './signUp.ts';

export const ForgotPassword: Handler = (input, ctx) => {
  const { client, pool, account, loginName } = clientAndName(input, ctx);
  if (account.kind === 'decoy') {
    if (!client.preventUserExistenceErrors) throw errors.userNotFound('Username/client id combination not found.');
    sendDecoyCode(ctx, account, 'forgotPassword', CODE_TTL_MS.forgotPassword);
    return { CodeDeliveryDetails: simulatedDelivery(loginName) };
  }
  const { user } = account;
  if (!user.enabled) throw errors.notAuthorized('User is disabled.');
  if (user.status === 'FORCE_CHANGE_PASSWORD') throw errors.notAuthorized('User password cannot be reset in the current state.');
  const delivery = recoveryAddress(user);
  if (!delivery) {
    throw errors.invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
  }
  rationCodes(ctx, user);
  sendCode(ctx, pool, user, 'forgotPassword', delivery.address, 'ForgotPassword', CODE_TTL_MS.forgotPassword);
  return { CodeDeliveryDetails: codeDeliveryDetails(delivery) };
};

export const ConfirmForgotPassword: Handler = (input, ctx) => {
  const code = requiredString(input, 'ConfirmationCode', CODE_RULE);
  const password = requiredString(input, 'Password', { min: 1, max: 256 });
  const { client, pool, account } = clientAndName(input, ctx);
  checkPasswordShape(password);
  if (account.kind === 'decoy') {
    if (client.preventUserExistenceErrors) checkDecoyCode(ctx, account, 'forgotPassword', code);
    throw errors.userNotFound('Username/client id combination not found.');
  }
  const { user } = account;
  if (user.status === 'UNCONFIRMED') throw errors.userNotConfirmed();
  // A wrong code counts against the code, and that must last.
  userChanged(ctx, pool, user);
  checkCode(ctx, user.codes.forgotPassword, code);
  enforcePasswordPolicy(password, pool.passwordPolicy);
  setPassword(ctx, pool, user, password);
  delete user.codes.forgotPassword;
  if (user.status === 'RESET_REQUIRED') user.status = 'CONFIRMED';
  touch(ctx, pool, user);
  return {};
};

export const ChangePassword: Handler = (input, ctx) => {
  const previous = optionalString(input, 'PreviousPassword', { min: 1, max: 256 });
  const proposed = requiredString(input, 'ProposedPassword', { min: 1, max: 256 });
  const { pool, user } = authorize(ctx, requiredString(input, 'AccessToken'));
  checkPasswordShape(proposed, 'proposedPassword');
  if (user.lockedUntil > ctx.now()) throw errors.limitExceeded();
  // A user who signed up without a password sets their first one without a previous one (AWS's
  // ChangePassword: PreviousPassword "required if the user has a password").
  const firstPassword = user.password === null && previous === undefined && user.status !== 'EXTERNAL_PROVIDER';
  if (!firstPassword && (previous === undefined || !passwordMatches(pool, user, previous))) {
    recordFailure(ctx, user);
    userChanged(ctx, pool, user);
    throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  }
  setPassword(ctx, pool, user, proposed);
  return {};
};
