import { SIGN_UP_CODE_TTL_MS, sendCode } from '../codes.ts';
import { type Handler, clientById, findUser, maskDestination } from '../context.ts';
import { errors } from '../errors.ts';
import { attributeList, optionalString, requiredString } from '../input.ts';
import { enforcePasswordPolicy } from '../passwordPolicy.ts';
import { checkSecretHash } from '../secretHash.ts';
import { createUser, deliveryAddress, setPassword } from '../users.ts';

const PASSWORD_SHAPE = /^[\S]+.*[\S]+$/;

export const SignUp: Handler = (input, ctx) => {
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const loginName = requiredString(input, 'Username', { min: 1, max: 128 });
  const password = requiredString(input, 'Password', { min: 1, max: 256 });
  const attributes = attributeList(input, 'UserAttributes');
  const { pool, client } = clientById(ctx, clientId);
  checkSecretHash(client, loginName, optionalString(input, 'SecretHash'));
  if (!PASSWORD_SHAPE.test(password)) {
    throw errors.invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$",
    );
  }
  enforcePasswordPolicy(password, pool.passwordPolicy);
  const user = createUser(ctx, pool, loginName, attributes, 'UNCONFIRMED');
  setPassword(ctx, pool, user, password);
  const delivery = deliveryAddress(pool, user);
  if (!delivery) return { UserConfirmed: false, UserSub: user.attributes.sub };
  user.signUpCode = sendCode(ctx, delivery.address, 'SignUp', SIGN_UP_CODE_TTL_MS);
  return {
    UserConfirmed: false,
    UserSub: user.attributes.sub,
    CodeDeliveryDetails: {
      Destination: maskDestination(delivery.address),
      DeliveryMedium: delivery.medium,
      AttributeName: delivery.attribute,
    },
  };
};

export const ConfirmSignUp: Handler = (input, ctx) => {
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const loginName = requiredString(input, 'Username', { min: 1, max: 128 });
  const code = requiredString(input, 'ConfirmationCode', { min: 1, max: 2048 });
  const { pool, client } = clientById(ctx, clientId);
  checkSecretHash(client, loginName, optionalString(input, 'SecretHash'));
  const user = findUser(pool, loginName);
  if (!user) {
    if (client.preventUserExistenceErrors) throw errors.codeMismatch();
    throw errors.userNotFound('Username/client id combination not found.');
  }
  if (user.status !== 'UNCONFIRMED') {
    throw errors.notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
  }
  const pending = user.signUpCode;
  if (!pending || pending.code !== code) throw errors.codeMismatch();
  if (pending.expiresAt <= ctx.now()) throw errors.expiredCode();
  user.status = 'CONFIRMED';
  delete user.signUpCode;
  const delivery = deliveryAddress(pool, user);
  if (delivery) user.attributes[`${delivery.attribute}_verified`] = 'true';
  user.modifiedAt = ctx.now();
  ctx.changed();
  return {};
};
