import type { Handler } from '../context.ts';
import { AdminConfirmSignUp, AdminCreateUser, AdminDeleteUser, AdminGetUser, AdminSetUserPassword } from './admin.ts';
import { InitiateAuth, RespondToAuthChallenge } from './auth.ts';
import { GetUser, RevokeToken } from './session.ts';
import { ConfirmSignUp, SignUp } from './signUp.ts';

/** Operations by `X-Amz-Target`, one table per service. */
export const services: Record<string, Record<string, Handler>> = {
  AWSCognitoIdentityProviderService: {
    SignUp,
    ConfirmSignUp,
    InitiateAuth,
    RespondToAuthChallenge,
    GetUser,
    RevokeToken,
    AdminCreateUser,
    AdminSetUserPassword,
    AdminConfirmSignUp,
    AdminGetUser,
    AdminDeleteUser,
  },
};
