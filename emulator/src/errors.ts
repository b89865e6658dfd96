/**
 * Cognito's error shape. Every failure the emulator reports leaves as
 * `{"__type": name, "message": text}` with the `x-amzn-errortype` header, so
 * the AWS SDK turns it into the same exception class it would for AWS.
 */
export class CognitoError extends Error {
  readonly type: string;
  readonly status: number;

  constructor(type: string, message: string, status = 400) {
    super(message);
    this.name = type;
    this.type = type;
    this.status = status;
  }
}

const error = (type: string) => (message: string) => new CognitoError(type, message);

/** The constructors below exist so a handler reads like the service's documentation. */
export const errors = {
  invalidParameter: error('InvalidParameterException'),
  notAuthorized: error('NotAuthorizedException'),
  resourceNotFound: error('ResourceNotFoundException'),
  userNotFound: (message = 'User does not exist.') => new CognitoError('UserNotFoundException', message),
  userNotConfirmed: () => new CognitoError('UserNotConfirmedException', 'User is not confirmed.'),
  passwordResetRequired: () => new CognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
  usernameExists: () => new CognitoError('UsernameExistsException', 'An account with the given email already exists.'),
  aliasExists: () => new CognitoError('AliasExistsException', 'An account with the given email already exists.'),
  invalidPassword: error('InvalidPasswordException'),
  codeMismatch: (message = 'Invalid verification code provided, please try again.') => new CognitoError('CodeMismatchException', message),
  expiredCode: (message = 'Invalid code provided, please request a code again.') => new CognitoError('ExpiredCodeException', message),
  limitExceeded: (message = 'Attempt limit exceeded, please try after some time.') => new CognitoError('LimitExceededException', message),
  invalidUserPoolConfiguration: error('InvalidUserPoolConfigurationException'),
  unsupportedUserState: error('UnsupportedUserStateException'),
  enableSoftwareTokenMfa: () => new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA'),
  softwareTokenMfaNotFound: (message = 'Software Token MFA has not been set up for the user.') =>
    new CognitoError('SoftwareTokenMFANotFoundException', message),
  deviceNotFound: () => new CognitoError('ResourceNotFoundException', 'Device does not exist.'),
  deviceKeyExists: () => new CognitoError('DeviceKeyExistsException', 'Device has already been confirmed.'),
  webAuthnNotEnabled: () => new CognitoError('WebAuthnNotEnabledException', 'Passkeys are not enabled for this user pool.'),
  webAuthnConfigurationMissing: () =>
    new CognitoError('WebAuthnConfigurationMissingException', 'The user pool has no relying party id for passkeys.'),
  webAuthnChallengeNotFound: (message = 'No passkey registration is waiting for this user, or its challenge has expired.') =>
    new CognitoError('WebAuthnChallengeNotFoundException', message),
  webAuthnClientMismatch: () =>
    new CognitoError(
      'WebAuthnClientMismatchException',
      'The access token is for another app client than the one that started the registration.',
    ),
  webAuthnOriginNotAllowed: error('WebAuthnOriginNotAllowedException'),
  webAuthnRelyingPartyMismatch: error('WebAuthnRelyingPartyMismatchException'),
  webAuthnCredentialNotSupported: error('WebAuthnCredentialNotSupportedException'),
  serialization: error('SerializationException'),
  unknownOperation: () => new CognitoError('UnknownOperationException', ''),
  missingAuthenticationToken: () => new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token'),
  unsupportedTokenType: () => new CognitoError('UnsupportedTokenTypeException', 'Unsupported token type'),
  unauthorized: error('UnauthorizedException'),
  unsupportedOperation: error('UnsupportedOperationException'),
  internal: (message = 'An internal error occurred.') => new CognitoError('InternalErrorException', message, 500),
} as const;

/** Wrong password and unknown user answer alike, so a form cannot be used to enumerate accounts. */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

export const SESSION_EXPIRED = 'Invalid session for the user, session is expired.';
export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';
