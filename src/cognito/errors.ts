/**
 * One error type for everything the client reports. `name` is Cognito's
 * exception name when the service answered, or one of the client's own
 * names; `message` comes from the catalogue of spec §8 where it has one.
 * Raw SDK exceptions never leave this folder. The names other rooms tell
 * apart are the shared vocabulary's (machines/authenticator/authSteps.ts).
 */
import type { AuthErrorName } from '../../machines/authenticator/authSteps.ts';

export class AuthError extends Error {
  override readonly name: AuthErrorName | (string & {});
  readonly recoverySuggestion?: string;
  /** the pool's request id, for support, when the pool answered */
  readonly requestId?: string;

  constructor(
    name: AuthErrorName | (string & {}),
    message: string,
    recoverySuggestion?: string,
    options?: { cause?: unknown; requestId?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = name;
    this.recoverySuggestion = recoverySuggestion;
    this.requestId = options?.requestId;
  }
}

export const isAuthError = (error: unknown): error is AuthError => error instanceof AuthError;

/** Whether an error is the client's report of the named Cognito exception. */
export const isNamed = (error: unknown, name: string): boolean => error instanceof AuthError && error.name === name;

/** Spec §8's words for a value a call cannot do without. */
const EMPTY = {
  username: ['EmptyUsername', 'Username cannot be empty', 'Enter your e-mail.'],
  password: ['EmptyPassword', 'Password cannot be empty', 'Enter the password.'],
  code: ['EmptyConfirmationCode', 'Confirmation code cannot be empty', 'Enter the code that was sent.'],
  challengeResponse: ['EmptyChallengeResponse', 'Challenge response cannot be empty', 'Enter the code or the answer.'],
} as const;

/**
 * The client's only checks of what it is given (spec §8's "cannot be empty"):
 * a blank value is refused before any call. Values are sent as they come;
 * trimming and the forms' own rules belong to the form rules
 * (machines/authenticator/validation.ts). A password counts as blank only when
 * it is empty, since spaces can be part of one.
 */
export function nonBlank(value: string, field: keyof typeof EMPTY): string {
  if (field === 'password' ? value === '' : value.trim() === '') {
    const [name, message, hint] = EMPTY[field];
    throw new AuthError(name, message, hint);
  }
  return value;
}

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
  $metadata?: { httpStatusCode?: number; requestId?: string };
}

function isServiceError(error: unknown): error is ServiceLikeError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ServiceLikeError).name === 'string' &&
    typeof (error as ServiceLikeError).$metadata?.httpStatusCode === 'number'
  );
}

/** Messages that say more to a customer than the service's own. */
const MESSAGES: Record<string, string> = {
  TooManyRequestsException: 'Too many requests. Please wait a moment and try again.',
};

/**
 * Turns whatever a call threw into an AuthError. A failure without an HTTP
 * answer is a network error, and so is a 5xx: either way the service could not
 * be reached, which says nothing about the customer's session.
 */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (isServiceError(error) && error.$metadata!.httpStatusCode! >= 500) {
    return new AuthError('NetworkError', NETWORK_ERROR_MESSAGE, 'The service is not answering; try again in a moment.', {
      requestId: error.$metadata?.requestId,
    });
  }
  if (isServiceError(error)) {
    const message = MESSAGES[error.name] ?? (error.message || 'An unknown error has occurred.');
    // The SDK's exception (with the whole HTTP response) stays here: name, message and request id say it all.
    return new AuthError(error.name, message, RECOVERY[error.name], { requestId: error.$metadata?.requestId });
  }
  return new AuthError('NetworkError', NETWORK_ERROR_MESSAGE, RECOVERY.NetworkError, { cause: error });
}
