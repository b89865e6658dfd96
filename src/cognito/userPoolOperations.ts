import type {
  AssociateSoftwareTokenCommandInput,
  AssociateSoftwareTokenCommandOutput,
  ChangePasswordCommandInput,
  ChangePasswordCommandOutput,
  ConfirmDeviceCommandInput,
  ConfirmDeviceCommandOutput,
  ConfirmForgotPasswordCommandInput,
  ConfirmForgotPasswordCommandOutput,
  ConfirmSignUpCommandInput,
  ConfirmSignUpCommandOutput,
  DeleteUserCommandInput,
  DeleteUserCommandOutput,
  DeleteUserAttributesCommandInput,
  DeleteUserAttributesCommandOutput,
  ForgetDeviceCommandInput,
  ForgetDeviceCommandOutput,
  ForgotPasswordCommandInput,
  ForgotPasswordCommandOutput,
  GetUserCommandInput,
  GetUserCommandOutput,
  GetUserAttributeVerificationCodeCommandInput,
  GetUserAttributeVerificationCodeCommandOutput,
  GlobalSignOutCommandInput,
  GlobalSignOutCommandOutput,
  InitiateAuthCommandInput,
  InitiateAuthCommandOutput,
  ListDevicesCommandInput,
  ListDevicesCommandOutput,
  ListUserSessionsCommandInput,
  ListUserSessionsCommandOutput,
  ResendConfirmationCodeCommandInput,
  ResendConfirmationCodeCommandOutput,
  RespondToAuthChallengeCommandInput,
  RespondToAuthChallengeCommandOutput,
  RevokeTokenCommandInput,
  RevokeTokenCommandOutput,
  RevokeUserSessionCommandInput,
  RevokeUserSessionCommandOutput,
  SetUserMFAPreferenceCommandInput,
  SetUserMFAPreferenceCommandOutput,
  SignUpCommandInput,
  SignUpCommandOutput,
  UpdateDeviceStatusCommandInput,
  UpdateDeviceStatusCommandOutput,
  UpdateUserAttributesCommandInput,
  UpdateUserAttributesCommandOutput,
  VerifySoftwareTokenCommandInput,
  VerifySoftwareTokenCommandOutput,
  VerifyUserAttributeCommandInput,
  VerifyUserAttributeCommandOutput,
  CompleteWebAuthnRegistrationCommandInput,
  CompleteWebAuthnRegistrationCommandOutput,
  DeleteWebAuthnCredentialCommandInput,
  DeleteWebAuthnCredentialCommandOutput,
  ListWebAuthnCredentialsCommandInput,
  ListWebAuthnCredentialsCommandOutput,
  StartWebAuthnRegistrationCommandInput,
  StartWebAuthnRegistrationCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';

/**
 * The user-pool operations the client calls (spec §7), with the SDK's own
 * shapes. Types only: importing this module pulls in no SDK code.
 */
export interface UserPoolOperations {
  AssociateSoftwareToken: [AssociateSoftwareTokenCommandInput, AssociateSoftwareTokenCommandOutput];
  ChangePassword: [ChangePasswordCommandInput, ChangePasswordCommandOutput];
  ConfirmDevice: [ConfirmDeviceCommandInput, ConfirmDeviceCommandOutput];
  ConfirmForgotPassword: [ConfirmForgotPasswordCommandInput, ConfirmForgotPasswordCommandOutput];
  ConfirmSignUp: [ConfirmSignUpCommandInput, ConfirmSignUpCommandOutput];
  DeleteUser: [DeleteUserCommandInput, DeleteUserCommandOutput];
  DeleteUserAttributes: [DeleteUserAttributesCommandInput, DeleteUserAttributesCommandOutput];
  ForgetDevice: [ForgetDeviceCommandInput, ForgetDeviceCommandOutput];
  ForgotPassword: [ForgotPasswordCommandInput, ForgotPasswordCommandOutput];
  GetUser: [GetUserCommandInput, GetUserCommandOutput];
  GetUserAttributeVerificationCode: [GetUserAttributeVerificationCodeCommandInput, GetUserAttributeVerificationCodeCommandOutput];
  GlobalSignOut: [GlobalSignOutCommandInput, GlobalSignOutCommandOutput];
  InitiateAuth: [InitiateAuthCommandInput, InitiateAuthCommandOutput];
  ListDevices: [ListDevicesCommandInput, ListDevicesCommandOutput];
  ResendConfirmationCode: [ResendConfirmationCodeCommandInput, ResendConfirmationCodeCommandOutput];
  RespondToAuthChallenge: [RespondToAuthChallengeCommandInput, RespondToAuthChallengeCommandOutput];
  RevokeToken: [RevokeTokenCommandInput, RevokeTokenCommandOutput];
  SetUserMFAPreference: [SetUserMFAPreferenceCommandInput, SetUserMFAPreferenceCommandOutput];
  SignUp: [SignUpCommandInput, SignUpCommandOutput];
  UpdateDeviceStatus: [UpdateDeviceStatusCommandInput, UpdateDeviceStatusCommandOutput];
  UpdateUserAttributes: [UpdateUserAttributesCommandInput, UpdateUserAttributesCommandOutput];
  VerifySoftwareToken: [VerifySoftwareTokenCommandInput, VerifySoftwareTokenCommandOutput];
  VerifyUserAttribute: [VerifyUserAttributeCommandInput, VerifyUserAttributeCommandOutput];
  // Passkeys (issue 17)
  CompleteWebAuthnRegistration: [CompleteWebAuthnRegistrationCommandInput, CompleteWebAuthnRegistrationCommandOutput];
  DeleteWebAuthnCredential: [DeleteWebAuthnCredentialCommandInput, DeleteWebAuthnCredentialCommandOutput];
  ListWebAuthnCredentials: [ListWebAuthnCredentialsCommandInput, ListWebAuthnCredentialsCommandOutput];
  StartWebAuthnRegistration: [StartWebAuthnRegistrationCommandInput, StartWebAuthnRegistrationCommandOutput];
  // Where the customer is signed in (issue 26)
  ListUserSessions: [ListUserSessionsCommandInput, ListUserSessionsCommandOutput];
  RevokeUserSession: [RevokeUserSessionCommandInput, RevokeUserSessionCommandOutput];
}

export type UserPoolOperation = keyof UserPoolOperations;
export type OperationInput<Op extends UserPoolOperation> = UserPoolOperations[Op][0];
export type OperationOutput<Op extends UserPoolOperation> = UserPoolOperations[Op][1];

export type UserPoolCall = <Op extends UserPoolOperation>(operation: Op, input: OperationInput<Op>) => Promise<OperationOutput<Op>>;
