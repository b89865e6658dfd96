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

/** The constructors below exist so a handler reads like the service's documentation. */
export const errors = {
  invalidParameter: (message: string) => new CognitoError('InvalidParameterException', message),
  notAuthorized: (message: string) => new CognitoError('NotAuthorizedException', message),
  resourceNotFound: (message: string) => new CognitoError('ResourceNotFoundException', message),
  userNotFound: (message = 'User does not exist.') => new CognitoError('UserNotFoundException', message),
  userNotConfirmed: () => new CognitoError('UserNotConfirmedException', 'User is not confirmed.'),
  passwordResetRequired: () =>
    new CognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
  usernameExists: () =>
    new CognitoError('UsernameExistsException', 'An account with the given email already exists.'),
  invalidPassword: (message: string) => new CognitoError('InvalidPasswordException', message),
  codeMismatch: () =>
    new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  expiredCode: () =>
    new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  serialization: (message: string) => new CognitoError('SerializationException', message),
  unknownOperation: () => new CognitoError('UnknownOperationException', ''),
  unsupportedTokenType: () =>
    new CognitoError('UnsupportedTokenTypeException', 'Unsupported token type'),
  internal: () => new CognitoError('InternalErrorException', 'An internal error occurred.', 500),
} as const;

/** Wrong password and unknown user answer alike, so a form cannot be used to enumerate accounts. */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
