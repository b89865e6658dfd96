import type {
  ConfirmSignUpCommandInput,
  ConfirmSignUpCommandOutput,
  GetUserCommandInput,
  GetUserCommandOutput,
  InitiateAuthCommandInput,
  InitiateAuthCommandOutput,
  RespondToAuthChallengeCommandInput,
  RespondToAuthChallengeCommandOutput,
  RevokeTokenCommandInput,
  RevokeTokenCommandOutput,
  SignUpCommandInput,
  SignUpCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';

/** The user-pool operations the client calls, with the SDK's own shapes. Types only: no SDK code is pulled in. */
export interface UserPoolOperations {
  ConfirmSignUp: [ConfirmSignUpCommandInput, ConfirmSignUpCommandOutput];
  GetUser: [GetUserCommandInput, GetUserCommandOutput];
  InitiateAuth: [InitiateAuthCommandInput, InitiateAuthCommandOutput];
  RespondToAuthChallenge: [RespondToAuthChallengeCommandInput, RespondToAuthChallengeCommandOutput];
  RevokeToken: [RevokeTokenCommandInput, RevokeTokenCommandOutput];
  SignUp: [SignUpCommandInput, SignUpCommandOutput];
}

export type UserPoolOperation = keyof UserPoolOperations;
export type OperationInput<Op extends UserPoolOperation> = UserPoolOperations[Op][0];
export type OperationOutput<Op extends UserPoolOperation> = UserPoolOperations[Op][1];

export type UserPoolCall = <Op extends UserPoolOperation>(operation: Op, input: OperationInput<Op>) => Promise<OperationOutput<Op>>;
