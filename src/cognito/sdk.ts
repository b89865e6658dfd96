/**
 * The only module that imports the AWS SDK's code. It is loaded with a dynamic
 * import the first time a call is made, so the SDK stays off the path that
 * paints the sign-in form.
 */
import {
  CognitoIdentityProviderClient,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  ConfirmDeviceCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteUserCommand,
  DeleteUserAttributesCommand,
  ForgetDeviceCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GetUserAttributeVerificationCodeCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  UpdateDeviceStatusCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  ListWebAuthnCredentialsCommand,
  StartWebAuthnRegistrationCommand,
  ListUserSessionsCommand,
  RevokeUserSessionCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { OperationInput, OperationOutput, UserPoolOperation } from './userPoolOperations.ts';

const commands = {
  AssociateSoftwareToken: AssociateSoftwareTokenCommand,
  ChangePassword: ChangePasswordCommand,
  ConfirmDevice: ConfirmDeviceCommand,
  ConfirmForgotPassword: ConfirmForgotPasswordCommand,
  ConfirmSignUp: ConfirmSignUpCommand,
  DeleteUser: DeleteUserCommand,
  DeleteUserAttributes: DeleteUserAttributesCommand,
  ForgetDevice: ForgetDeviceCommand,
  ForgotPassword: ForgotPasswordCommand,
  GetUser: GetUserCommand,
  GetUserAttributeVerificationCode: GetUserAttributeVerificationCodeCommand,
  GlobalSignOut: GlobalSignOutCommand,
  InitiateAuth: InitiateAuthCommand,
  ListDevices: ListDevicesCommand,
  ResendConfirmationCode: ResendConfirmationCodeCommand,
  RespondToAuthChallenge: RespondToAuthChallengeCommand,
  RevokeToken: RevokeTokenCommand,
  SetUserMFAPreference: SetUserMFAPreferenceCommand,
  SignUp: SignUpCommand,
  UpdateDeviceStatus: UpdateDeviceStatusCommand,
  UpdateUserAttributes: UpdateUserAttributesCommand,
  VerifySoftwareToken: VerifySoftwareTokenCommand,
  VerifyUserAttribute: VerifyUserAttributeCommand,
  CompleteWebAuthnRegistration: CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredential: DeleteWebAuthnCredentialCommand,
  ListWebAuthnCredentials: ListWebAuthnCredentialsCommand,
  StartWebAuthnRegistration: StartWebAuthnRegistrationCommand,
  ListUserSessions: ListUserSessionsCommand,
  RevokeUserSession: RevokeUserSessionCommand,
} satisfies Record<UserPoolOperation, unknown>;

/** Every user-pool operation the app can call (the build leaves out the SDK's signer for them: scripts/vite/sdkStandIns.ts). */
export const USER_POOL_OPERATIONS = Object.keys(commands) as UserPoolOperation[];

export function createUserPoolSender(region: string, endpoint: string | undefined) {
  const client = new CognitoIdentityProviderClient({ region, endpoint });
  // Authentication answers must never be served from a cache.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) request.headers['cache-control'] = 'no-store';
      return next(args);
    },
    { step: 'build', name: 'cacheControlNoStore' },
  );
  return <Op extends UserPoolOperation>(operation: Op, input: OperationInput<Op>): Promise<OperationOutput<Op>> => {
    const Command = commands[operation] as unknown as new (input: OperationInput<Op>) => Parameters<typeof client.send>[0];
    return client.send(new Command(input));
  };
}
