/**
 * A password sign-in started the moment "Sign in" is pressed on the prerendered
 * card, before the app has drawn its own form (issue 30): the app's entry calls
 * startEarly with what was typed there. So the customer's press is not held
 * behind the app's first render and the SDK's arrival: the pool answers while
 * the app starts, and where the sign-in has ended before the app draws, the
 * app draws what follows it (the dashboard) rather than the form.
 *
 * Its first requests are the ones signIn would send: InitiateAuth
 * USER_SRP_AUTH (the same client, USERNAME and remembered device, a fresh SRP
 * ephemeral), then, to a PASSWORD_VERIFIER challenge, RespondToAuthChallenge
 * with the password's proof (challenges.ts builds it). They go by fetch, not
 * through the SDK, which the page does not fetch ahead of such a sign-in
 * (scripts/vite/preloadLists.ts says why); an answer is read as the SDK reads
 * it (the error's name from the x-amzn-errortype header or `__type`), and a
 * refusal is the AuthError a call through the SDK would have thrown. Each
 * goes once: where the pool could not be reached, or gave an answer the SDK
 * would try again (a server error, throttling), the sign-in sends that request
 * itself, through the SDK and its retries; so a customer who pressed on the
 * card meets an outage with one request more than one who pressed on the live
 * form. From the last answer on, it is signIn's own
 * sign-in (tokens, a new device, an MFA challenge, a refusal).
 *
 * The sign-in waits in the client's context to be taken, once: by the sign-in
 * the live form sends for the same e-mail and password (the hand-over presses
 * "Sign in" for the customer), which answers with its result; or, where it
 * ended signed in before the app started, by the app's start, which takes the
 * session as a sign-in's (the client's takeEarlySession).
 *
 * Part of the sign-in's chunk (signingIn.ts).
 */
import { awsHost } from '../config/checks.ts';
import type { ClientContext, EarlyAnswers, EarlySignIn } from './context.ts';
import { passwordVerifierAnswer } from './challenges.ts';
import { signIn } from './signIn.ts';
import { toAuthError } from './errors.ts';
import { takeEphemeral } from './srp/srp.ts';
import type { OperationInput, OperationOutput } from './userPoolOperations.ts';

/** How long an early sign-in waits to be taken: well inside the 3 minutes a challenge's Session lasts. */
export const EARLY_START_MS = 60_000;

type EarlyOperation = 'InitiateAuth' | 'RespondToAuthChallenge';

/** The user pool's address as the SDK calls it: the endpoint given, or the service's regional one. */
const userPoolUrl = ({ endpoint, region }: ClientContext['config']): string =>
  endpoint ? new URL(endpoint).href : `https://${awsHost('cognito-idp', region)}/`;

/**
 * The errors the SDK's standard retry mode tries again as throttling (its list in @smithy/core; earlyStart.test.ts
 * checks the SDK throttles each). Such an answer, a 429 and a server error are left to the sign-in's own request,
 * which the SDK retries; an early request never retries itself.
 */
export const THROTTLING_ERRORS = [
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
];

/** The error's name as the SDK reads it from a JSON-protocol answer: before any ':', after any '#'. */
function errorName(response: Response, body: { __type?: unknown; code?: unknown } | undefined): string | undefined {
  const raw = response.headers.get('x-amzn-errortype') ?? body?.code ?? body?.__type;
  if (typeof raw !== 'string' || raw === '') return undefined;
  return raw.split(':')[0]!.split('#').at(-1);
}

/**
 * Sends one operation by fetch, once. Resolves with the pool's answer, or with undefined where none came that the SDK
 * would have taken as final (no connection, a server error, throttling, something that is not the pool's JSON): the
 * sign-in then asks itself, through the SDK and its retries. Rejects with the AuthError of the pool's refusal.
 */
async function send<Op extends EarlyOperation>(
  ctx: ClientContext,
  operation: Op,
  input: OperationInput<Op>,
): Promise<OperationOutput<Op> | undefined> {
  let response: Response;
  try {
    response = await fetch(userPoolUrl(ctx.config), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(input),
      // Authentication answers are never served from a cache (the SDK's calls say the same: sdk.ts).
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch {
    return undefined;
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  const $metadata = { httpStatusCode: response.status, requestId: response.headers.get('x-amzn-requestid') ?? undefined };
  if (response.ok && body) return { ...body, $metadata } as OperationOutput<Op>;
  const name = errorName(response, body);
  if (!name || response.status >= 500 || response.status === 429 || THROTTLING_ERRORS.includes(name)) return undefined;
  throw toAuthError({ name, message: typeof body?.message === 'string' ? body.message : '', $metadata });
}

/**
 * Sends the first requests of the password sign-in of `loginId` by fetch: InitiateAuth with a fresh ephemeral, and
 * the proof of the password where the pool asks for it.
 */
function sendFirstRequests(ctx: ClientContext, loginId: string, password: string): EarlyAnswers {
  const device = ctx.store.loadDevice(loginId) ?? undefined;
  const ephemeral = takeEphemeral();
  const started = send(ctx, 'InitiateAuth', {
    ClientId: ctx.config.userPoolClientId,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: loginId, ...(device ? { DEVICE_KEY: device.deviceKey } : {}), SRP_A: ephemeral.A.toString(16) },
  });
  const proof = started.then((answer) =>
    answer?.ChallengeName === 'PASSWORD_VERIFIER'
      ? passwordVerifierAnswer(ctx, answer, { username: loginId, device }, ephemeral, password)
      : undefined,
  );
  const verified = proof.then((input) => input && send(ctx, 'RespondToAuthChallenge', input));
  // Read by the sign-in, which stops at the first that fails: no unhandled rejection from the other.
  started.catch(() => {});
  verified.catch(() => {});
  return { ephemeral, started, verified };
}

/**
 * Starts the password sign-in of `loginId` now, unless someone is signed in here already (signIn would refuse): its
 * first requests by fetch, the rest as any sign-in goes on (signIn.ts), tokens stored where it ends signed in. It
 * waits in the client's context to be taken: by the sign-in the live form sends for the same e-mail and password,
 * which answers with its result, or, where it ended signed in before the app started, by the app's start (the
 * client's takeEarlySession). Settles once it has ended, whatever the end; never fails.
 */
export function startEarly(ctx: ClientContext, loginId: string, password: string): Promise<void> {
  if (ctx.store.load()) return Promise.resolve();
  const result = signIn(ctx, { username: loginId, password }, sendFirstRequests(ctx, loginId, password));
  const early: EarlySignIn = { loginId, password, result, expiresAt: ctx.now() + EARLY_START_MS };
  ctx.earlySignIn = early;
  return result.then(
    () => {},
    () => {},
  );
}
