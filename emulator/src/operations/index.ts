import type { Handler } from '../context.ts';
import * as admin from './admin.ts';
import { GetTokensFromRefreshToken, InitiateAuth } from './auth.ts';
import { RespondToAuthChallenge } from './challenges.ts';
import * as attributes from './attributes.ts';
import * as clients from './clients.ts';
import * as devices from './devices.ts';
import * as identity from './identity.ts';
import * as identityProviders from './identityProviders.ts';
import { ListUsers } from './listUsers.ts';
import { AssociateSoftwareToken, SetUserMFAPreference, VerifySoftwareToken } from './mfa.ts';
import { ChangePassword, ConfirmForgotPassword, ForgotPassword } from './password.ts';
import * as passkeys from './passkeys.ts';
import * as poolSettings from './poolSettings.ts';
import { DeleteUser, GetUser, GlobalSignOut, RevokeToken } from './session.ts';
import { ConfirmSignUp, ResendConfirmationCode, SignUp } from './signUp.ts';
import * as userSessions from './userSessions.ts';

export interface Operation {
  handler: Handler;
  /** Admin and configuration calls: SigV4-signed on AWS (any signature is accepted here). */
  signed?: boolean;
}

const open = (handlers: Record<string, Handler>) =>
  Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, { handler }]));
const signed = (handlers: Record<string, Handler>) =>
  Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, { handler, signed: true }]));

/** Operations by `X-Amz-Target`, one table per service. */
export const services: Record<string, Record<string, Operation>> = {
  AWSCognitoIdentityProviderService: {
    ...open({
      SignUp,
      ConfirmSignUp,
      ResendConfirmationCode,
      ForgotPassword,
      ConfirmForgotPassword,
      InitiateAuth,
      RespondToAuthChallenge,
      GetTokensFromRefreshToken,
      GetUser,
      ChangePassword,
      RevokeToken,
      GlobalSignOut,
      DeleteUser,
      AssociateSoftwareToken,
      VerifySoftwareToken,
      SetUserMFAPreference,
      UpdateUserAttributes: attributes.UpdateUserAttributes,
      DeleteUserAttributes: attributes.DeleteUserAttributes,
      GetUserAttributeVerificationCode: attributes.GetUserAttributeVerificationCode,
      VerifyUserAttribute: attributes.VerifyUserAttribute,
      ConfirmDevice: devices.ConfirmDevice,
      ForgetDevice: devices.ForgetDevice,
      UpdateDeviceStatus: devices.UpdateDeviceStatus,
      ListDevices: devices.ListDevices,
      GetDevice: devices.GetDevice,
      StartWebAuthnRegistration: passkeys.StartWebAuthnRegistration,
      CompleteWebAuthnRegistration: passkeys.CompleteWebAuthnRegistration,
      ListWebAuthnCredentials: passkeys.ListWebAuthnCredentials,
      DeleteWebAuthnCredential: passkeys.DeleteWebAuthnCredential,
      ListUserSessions: userSessions.ListUserSessions,
      RevokeUserSession: userSessions.RevokeUserSession,
    }),
    ...signed({
      AdminCreateUser: admin.AdminCreateUser,
      AdminSetUserPassword: admin.AdminSetUserPassword,
      AdminConfirmSignUp: admin.AdminConfirmSignUp,
      AdminGetUser: admin.AdminGetUser,
      AdminDeleteUser: admin.AdminDeleteUser,
      AdminResetUserPassword: admin.AdminResetUserPassword,
      AdminDisableUser: admin.AdminDisableUser,
      AdminEnableUser: admin.AdminEnableUser,
      AdminUpdateUserAttributes: admin.AdminUpdateUserAttributes,
      AdminDeleteUserAttributes: admin.AdminDeleteUserAttributes,
      AdminSetUserMFAPreference: admin.AdminSetUserMFAPreference,
      AdminUserGlobalSignOut: admin.AdminUserGlobalSignOut,
      ListUsers,
      AdminListDevices: devices.AdminListDevices,
      AdminGetDevice: devices.AdminGetDevice,
      AdminForgetDevice: devices.AdminForgetDevice,
      AdminUpdateDeviceStatus: devices.AdminUpdateDeviceStatus,
      DescribeUserPool: poolSettings.DescribeUserPool,
      UpdateUserPool: poolSettings.UpdateUserPool,
      SetUserPoolMfaConfig: poolSettings.SetUserPoolMfaConfig,
      GetUserPoolMfaConfig: poolSettings.GetUserPoolMfaConfig,
      CreateUserPoolClient: clients.CreateUserPoolClient,
      UpdateUserPoolClient: clients.UpdateUserPoolClient,
      DescribeUserPoolClient: clients.DescribeUserPoolClient,
      DeleteUserPoolClient: clients.DeleteUserPoolClient,
      ListUserPoolClients: clients.ListUserPoolClients,
      CreateIdentityProvider: identityProviders.CreateIdentityProvider,
      DescribeIdentityProvider: identityProviders.DescribeIdentityProvider,
      UpdateIdentityProvider: identityProviders.UpdateIdentityProvider,
      DeleteIdentityProvider: identityProviders.DeleteIdentityProvider,
      ListIdentityProviders: identityProviders.ListIdentityProviders,
      AdminListUserSessions: userSessions.AdminListUserSessions,
      AdminRevokeUserSession: userSessions.AdminRevokeUserSession,
      GetUserPoolSessionConfiguration: userSessions.GetUserPoolSessionConfiguration,
      SetUserPoolSessionConfiguration: userSessions.SetUserPoolSessionConfiguration,
      GetUserPoolClientSessionConfiguration: userSessions.GetUserPoolClientSessionConfiguration,
      SetUserPoolClientSessionConfiguration: userSessions.SetUserPoolClientSessionConfiguration,
    }),
  },
  AWSCognitoIdentityService: {
    ...open({ GetId: identity.GetId, GetCredentialsForIdentity: identity.GetCredentialsForIdentity }),
    ...signed({
      DescribeIdentityPool: identity.DescribeIdentityPool,
      UpdateIdentityPool: identity.UpdateIdentityPool,
      DescribeIdentity: identity.DescribeIdentity,
    }),
  },
};
