/** A signed-in user's own attributes: update, delete, and verify with a code. */
import { UNAUTHORIZED_ATTRIBUTE, deleteAttributes, markVerified, sendAttributeCode, updateAttributes } from '../attributes.ts';
import { consumeCode, rationCodes } from '../codes.ts';
import type { Handler } from '../context.ts';
import { errors } from '../errors.ts';
import { CODE_RULE, attributeList, requiredString, requiredStringList } from '../input.ts';
import { authorize } from '../tokens.ts';

export const UpdateUserAttributes: Handler = (input, ctx) => {
  const attributes = attributeList(input, 'UserAttributes', true);
  const { pool, user, claims } = authorize(ctx, requiredString(input, 'AccessToken'));
  // A client created with WriteAttributes may write only those.
  const allowed = pool.clients[String(claims.client_id)]?.writeAttributes;
  if (allowed && attributes.some(({ Name }) => !allowed.includes(Name))) throw errors.notAuthorized(UNAUTHORIZED_ATTRIBUTE);
  const deliveries = updateAttributes(ctx, pool, user, attributes, 'user');
  return deliveries.length > 0 ? { CodeDeliveryDetailsList: deliveries } : {};
};

export const DeleteUserAttributes: Handler = (input, ctx) => {
  const names = requiredStringList(input, 'UserAttributeNames');
  const { pool, user } = authorize(ctx, requiredString(input, 'AccessToken'));
  deleteAttributes(ctx, pool, user, names);
  return {};
};

export const GetUserAttributeVerificationCode: Handler = (input, ctx) => {
  const name = requiredString(input, 'AttributeName', { min: 1, max: 32 });
  const { pool, user } = authorize(ctx, requiredString(input, 'AccessToken'));
  rationCodes(ctx, user);
  return { CodeDeliveryDetails: sendAttributeCode(ctx, pool, user, name, 'VerifyUserAttribute') };
};

export const VerifyUserAttribute: Handler = (input, ctx) => {
  const name = requiredString(input, 'AttributeName', { min: 1, max: 32 });
  const code = requiredString(input, 'Code', CODE_RULE);
  const { pool, user } = authorize(ctx, requiredString(input, 'AccessToken'));
  consumeCode(ctx, pool, user, `attribute:${name}`, code);
  markVerified(ctx, pool, user, name);
  return {};
};
