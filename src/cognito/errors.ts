/**
 * One error type for everything the client reports. `name` is Cognito's
 * exception name when the service answered, or one of the client's own
 * names; `message` comes from the catalogue of spec §8 where it has one.
 * Raw SDK exceptions never leave this folder.
 */
export type ClientErrorName =
  | 'NetworkError'
  | 'UserUnAuthenticatedException'
  | 'UserAlreadyAuthenticatedException'
  | 'EmptyUsername'
  | 'EmptyPassword'
  | 'EmptyConfirmationCode'
  | 'InvalidConfiguration'
  | 'InvalidTokens'
  | 'UnsupportedChallenge'
  | 'Unknown';

export class AuthError extends Error {
  override readonly name: string;
  readonly recoverySuggestion?: string;

  constructor(name: ClientErrorName | (string & {}), message: string, recoverySuggestion?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = name;
    this.recoverySuggestion = recoverySuggestion;
  }
}

export const isAuthError = (error: unknown): error is AuthError => error instanceof AuthError;

export const NETWORK_ERROR_MESSAGE = 'Network Error';

export const userUnauthenticated = () =>
  new AuthError(
    'UserUnAuthenticatedException',
    'User needs to be authenticated to call this API.',
    'Sign in before calling this API again.',
  );

/** What a customer can do about a service error, where there is something. */
const RECOVERY: Record<string, string> = {
  NotAuthorizedException: 'Check the e-mail and password and try again.',
  UserNotConfirmedException: 'Confirm the account with the code that was sent.',
  CodeMismatchException: 'Check the code and try again, or ask for a new one.',
  ExpiredCodeException: 'Ask for a new code.',
  UsernameExistsException: 'Sign in instead, or use another e-mail.',
  InvalidPasswordException: 'Choose a password that meets the policy.',
  TooManyRequestsException: 'Wait a moment before trying again.',
  LimitExceededException: 'Wait a while before trying again.',
  NetworkError: 'Check the connection and try again.',
};

interface ServiceLikeError {
  name: string;
  message: string;
  $metadata?: { httpStatusCode?: number };
}

function isServiceError(error: unknown): error is ServiceLikeError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ServiceLikeError).name === 'string' &&
    typeof (error as ServiceLikeError).$metadata?.httpStatusCode === 'number'
  );
}

/** Turns whatever a call threw into an AuthError. A failure without an HTTP answer is a network error. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (isServiceError(error)) {
    const message = error.message || 'An unknown error has occurred.';
    return new AuthError(error.name, message, RECOVERY[error.name], { cause: error });
  }
  return new AuthError('NetworkError', NETWORK_ERROR_MESSAGE, RECOVERY.NetworkError, { cause: error });
}
