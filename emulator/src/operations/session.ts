/** Calls made with a signed-in user's access token about the session itself. */
import { type Handler, clientById, userChanged } from '../context.ts';
import { errors } from '../errors.ts';
import { optionalString, requiredString } from '../input.ts';
import { mfaSettings } from '../mfa.ts';
import { authorize, revokeAllGrants, revokeRefreshToken } from '../tokens.ts';
import { attributeList } from '../users.ts';

export const GetUser: Handler = (input, ctx) => {
  const { user } = authorize(ctx, requiredString(input, 'AccessToken'));
  return { Username: user.username, UserAttributes: attributeList(user), ...mfaSettings(user) };
};

export const RevokeToken: Handler = (input, ctx) => {
  const token = requiredString(input, 'Token', { min: 1 });
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const clientSecret = optionalString(input, 'ClientSecret', { min: 1, max: 64 });
  const { pool, client } = clientById(ctx, clientId);
  if (client.clientSecret && clientSecret !== client.clientSecret) throw errors.unauthorized('Client authentication failed.');
  revokeRefreshToken(ctx, pool, client, token);
  return {};
};

export const GlobalSignOut: Handler = (input, ctx) => {
  const { pool, user } = authorize(ctx, requiredString(input, 'AccessToken'));
  revokeAllGrants(ctx, pool, user.username);
  return {};
};

export const DeleteUser: Handler = (input, ctx) => {
  const { pool, user } = authorize(ctx, requiredString(input, 'AccessToken'));
  revokeAllGrants(ctx, pool, user.username);
  delete pool.users[user.username];
  userChanged(ctx, pool, user);
  return {};
};
