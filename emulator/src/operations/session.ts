import type { Handler } from '../context.ts';
import { requiredString } from '../input.ts';
import { authorize, revokeRefreshToken } from '../tokens.ts';
import { attributeList } from '../users.ts';

export const GetUser: Handler = (input, ctx) => {
  const { user } = authorize(ctx, requiredString(input, 'AccessToken'));
  return {
    Username: user.username,
    UserAttributes: attributeList(user),
    MFAOptions: [],
    UserMFASettingList: [],
  };
};

export const RevokeToken: Handler = (input, ctx) => {
  const token = requiredString(input, 'Token');
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  revokeRefreshToken(ctx, clientId, token);
  return {};
};
