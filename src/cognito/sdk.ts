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

/**
 * The operations every sign-in starts with, and inputs shaped like theirs, for the warm-up below. Nothing is sent.
 */
const WARM_UP: { [Op in 'InitiateAuth' | 'RespondToAuthChallenge']: OperationInput<Op> } = {
  InitiateAuth: { ClientId: 'warm-up', AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'warm-up', SRP_A: '0' } },
  RespondToAuthChallenge: { ClientId: 'warm-up', ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: { USERNAME: 'warm-up' } },
};

/** The innermost step of a warm-up call: an empty JSON answer made up where the network would be. */
const answeredHere = () => () =>
  Promise.resolve({
    response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: new Response('{}').body },
    output: undefined,
  });

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
  const commandOf = <Op extends UserPoolOperation>(operation: Op, input: OperationInput<Op>) => {
    const Command = commands[operation] as unknown as new (input: OperationInput<Op>) => Parameters<typeof client.send>[0];
    return new Command(input);
  };
  const send = <Op extends UserPoolOperation>(operation: Op, input: OperationInput<Op>): Promise<OperationOutput<Op>> =>
    client.send(commandOf(operation, input));
  /**
   * The SDK's first call costs far more than the next (in Node on this machine, building and reading an
   * InitiateAuth took 7.5 ms the first time and 0.7 ms after): the browser compiles the SDK's functions and the SDK
   * fills its caches on first use. On the mobile profile of `npm run bench:trace`, that was 22 ms between the press
   * and the request. `warmUp` sends the sign-in's first two operations through the whole middleware stack once,
   * while the form is idle, with the answer made up at the innermost step (after the deserializer, where the network
   * would be): nothing leaves the browser. `goOn` is awaited before each call, which is made only if it answers
   * true (the client's preload waits there for a task of its own, so that the warm-up never holds the main thread
   * for long, and stops once a real call has been made).
   */
  const warmUp = async (goOn: () => Promise<boolean> = () => Promise.resolve(true)) => {
    for (const [operation, input] of Object.entries(WARM_UP) as [keyof typeof WARM_UP, OperationInput<keyof typeof WARM_UP>][]) {
      if (!(await goOn())) return;
      const command = commandOf(operation, input);
      command.middlewareStack.add(answeredHere, { step: 'deserialize', priority: 'low', name: 'answeredHere' });
      await client.send(command);
    }
  };
  return Object.assign(send, { warmUp });
}
