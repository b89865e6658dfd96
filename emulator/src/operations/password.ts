/** ForgotPassword, ConfirmForgotPassword and ChangePassword. */
import { CODE_TTL_MS, checkCode, rationCodes, sendCode } from '../codes.ts';
import { type Handler, userChange, userChanged } from '../context.ts';
import { INCORRECT_CREDENTIALS, errors } from '../errors.ts';
import { CODE_RULE, optionalString, requiredString } from '../input.ts';
import { recordFailure } from '../lockout.ts';
import { enforcePasswordPolicy } from '../passwordPolicy.ts';
import { authorize } from '../tokens.ts';
import { codeDeliveryDetails, passwordMatches, recoveryAddress, setPassword, simulatedDelivery, touch } from '../users.ts';
import { checkPasswordShape, clientAndName } from './signUp.ts';

export const ForgotPassword: Handler = (input, ctx) => {
  const { client, pool, user, loginName } = clientAndName(input, ctx);
  if (!user) {
    if (client.preventUserExistenceErrors) return { CodeDeliveryDetails: simulatedDelivery(loginName) };
    throw errors.userNotFound('Username/client id combination not found.');
  }
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
  const { client, pool, user } = clientAndName(input, ctx);
  checkPasswordShape(password);
  if (!user) {
    if (client.preventUserExistenceErrors) throw errors.codeMismatch();
    throw errors.userNotFound('Username/client id combination not found.');
  }
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
  if (previous === undefined || !passwordMatches(pool, user, previous)) {
    recordFailure(ctx, user, userChange(pool, user));
    throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  }
  setPassword(ctx, pool, user, proposed);
  return {};
};
