/**
 * Fake actors and sample events for the machine's own tests, the one place
 * fakes belong. Every actor gets a list of outcomes that covers each answer
 * its output type allows (the client has already turned Cognito's telling
 * errors into steps), one ordinary error and, where an answer carries a step,
 * one step nobody knows.
 */
import { fromPromise, type AnyEventObject } from 'xstate';
import { authenticatorMachine, type AuthenticatorSnapshot } from './machine.ts';
import { NO_SCREEN_ROUTES, routeOf, SCREEN_ROUTES } from './routes.ts';
import type { AuthActorContracts, AuthActorName, AuthEvent, CodeDeliveryDetails, FormData, SessionUser } from './types.ts';

export const sampleUser: SessionUser = { username: '7d3f-uuid', userId: '7d3f-uuid', email: 'ana@example.com' };
export const otherTabUser: SessionUser = { username: '9a1c-uuid', userId: '9a1c-uuid', email: 'ana@example.com' };

export type Outcome<N extends AuthActorName> = { output: AuthActorContracts[N]['output'] } | { error: { name: string; message: string } };

const delivery: CodeDeliveryDetails = { destination: 'a***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' };
const failure = (name: string, message: string) => ({ error: { name, message } });
const ordinary = failure('CodeMismatchException', 'Invalid verification code provided, please try again.');
const network = failure('NetworkError', 'Network Error');
/** An answer from a newer client this machine does not know; the machine must say so, not stall. */
const unknownStep = <T>(): { output: T } => ({ output: { step: 'SOMETHING_NEW' } as T });

const signInOutcomes: Outcome<'signIn'>[] = [
  { output: { step: 'DONE', user: sampleUser } },
  { output: { step: 'CONFIRM_SIGN_UP', username: 'ana@example.com' } },
  { output: { step: 'RESET_PASSWORD', username: 'ana@example.com' } },
  { output: { step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+*******1234', deliveryMedium: 'SMS' } } },
  { output: { step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } },
  { output: { step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['SMS', 'TOTP'] } },
  { output: { step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: ['given_name'] } },
  { output: { step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', sharedSecret: 'KRSXG5CTMVRXEZLU' } },
  { output: { step: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: ['WEB_AUTHN', 'EMAIL_OTP', 'PASSWORD_SRP'] } },
  { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
  { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSWORD' } },
  { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } },
  unknownStep(),
  failure('NotAuthorizedException', 'Incorrect username or password.'),
  network,
];

export const outcomes: { [N in AuthActorName]: Outcome<N>[] } = {
  loadSession: [{ output: null }, { output: sampleUser }, { output: { ...sampleUser, signedInOnCard: true } }, network],
  signIn: signInOutcomes,
  confirmSignIn: signInOutcomes,
  passkeyPrompt: [
    { output: { step: 'DONE', user: sampleUser } },
    failure('PasskeyCancelled', 'The passkey request was cancelled or timed out.'),
    failure('NotAuthorizedException', 'Incorrect passkey.'),
    unknownStep(),
  ],
  passkeyAutofill: [
    { output: { step: 'DONE', user: sampleUser } },
    failure('PasskeyCancelled', 'The passkey request was cancelled or timed out.'),
    failure('NotAuthorizedException', 'Incorrect passkey.'),
    unknownStep(),
  ],
  autoSignIn: [...signInOutcomes, failure('Unknown', 'The account was not confirmed on time.')],
  signUp: [
    { output: { step: 'CONFIRM_SIGN_UP', username: 'ana@example.com', codeDeliveryDetails: delivery } },
    { output: { step: 'DONE', username: 'ana@example.com' } },
    { output: { step: 'COMPLETE_AUTO_SIGN_IN', username: 'ana@example.com' } },
    unknownStep(),
    failure('UsernameExistsException', 'An account with the given email already exists.'),
  ],
  confirmSignUp: [
    { output: { step: 'DONE', username: 'ana@example.com' } },
    { output: { step: 'COMPLETE_AUTO_SIGN_IN', username: 'ana@example.com' } },
    unknownStep(),
    ordinary,
  ],
  resendSignUpCode: [
    { output: { step: 'CONFIRM_SIGN_UP', codeDeliveryDetails: delivery } },
    // The account is confirmed already (in another tab, say): nothing to send.
    { output: { step: 'DONE' } },
    unknownStep(),
    failure('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  ],
  resendSignInCode: [
    { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
    unknownStep(),
    failure('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    network,
  ],
  resetPassword: [
    { output: { step: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: delivery } },
    { output: { step: 'DONE' } },
    unknownStep(),
    failure('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  ],
  confirmResetPassword: [{ output: { step: 'DONE' } }, unknownStep(), ordinary],
  fetchUserAttributes: [
    { output: { attributes: { email: 'ana@example.com', email_verified: 'false', phone_number: '+15550001234' } } },
    { output: { attributes: { email: 'ana@example.com', email_verified: 'true' } } },
    network,
  ],
  sendAttributeCode: [
    { output: { step: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDeliveryDetails: delivery } },
    unknownStep(),
    failure('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  ],
  confirmAttribute: [{ output: { step: 'DONE' } }, unknownStep(), ordinary],
  federatedSignIn: [{ output: undefined }, failure('OAuthNotConfigureException', 'oauth param not configured.')],
  signOut: [{ output: undefined }, network],
};

export const actorNames = Object.keys(outcomes) as AuthActorName[];

/** A form with every field a screen can send, all valid: the machine takes what its route needs. */
export const fullForm: FormData = {
  email: ' ana@example.com ',
  password: ' Passw0rd! ',
  confirm_password: ' Passw0rd! ',
  confirmation_code: ' 123456 ',
  given_name: ' Ana ',
  mfa_type: 'TOTP',
  unverified_attribute: 'email',
};

/** The same form with both choices invalid: the routes that ask for a choice must refuse it. */
export const badChoiceForm: FormData = { ...fullForm, mfa_type: 'VOICE', unverified_attribute: 'address' };

/** Nothing but spaces: the routes that need a login must not call anything. */
export const blankForm: FormData = { email: '   ', password: 'Passw0rd!' };

/** One sample of every event the app and the screens send. */
export const sampleEvents: AuthEvent[] = [
  { type: 'INIT' },
  { type: 'SUBMIT', data: fullForm },
  { type: 'SUBMIT', data: badChoiceForm },
  { type: 'SUBMIT', data: blankForm },
  { type: 'SIGN_IN' },
  { type: 'SIGN_UP' },
  { type: 'FORGOT_PASSWORD' },
  { type: 'RESEND' },
  { type: 'SKIP' },
  { type: 'FEDERATED_SIGN_IN', provider: 'google' },
  { type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: fullForm },
  { type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: fullForm },
  { type: 'SIGN_IN_WITH', data: blankForm },
  { type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP' },
  { type: 'CHOOSE_FACTOR' },
  { type: 'SIGN_OUT' },
  { type: 'CLEAR_ERROR' },
  { type: 'SESSION_EXPIRED', error: { name: 'NotAuthorizedException', message: 'Refresh Token has expired' } },
  { type: 'SESSION_EXPIRED', error: { name: 'NetworkError', message: 'Network Error' } },
  { type: 'SIGNED_OUT_ELSEWHERE' },
  { type: 'SIGNED_IN_ELSEWHERE', user: otherTabUser },
];

/** The events an invoked actor's outcome becomes, as XState names them (invoke ids are the actor names). */
export function outcomeEvent(name: AuthActorName, outcome: Outcome<AuthActorName>): AnyEventObject {
  return 'output' in outcome
    ? { type: `xstate.done.actor.${name}`, output: outcome.output }
    : { type: `xstate.error.actor.${name}`, error: toError(outcome.error) };
}

export function toError({ name, message }: { name: string; message: string }): Error {
  return Object.assign(new Error(message), { name });
}

export interface ActorCall {
  name: AuthActorName;
  input: unknown;
}

/**
 * Every actor as a fake whose outcome someone else decides: `decide` gets the
 * call and returns the outcome, or undefined to leave the promise pending
 * until `settle` is called with it.
 */
export function fakeActors(decide: (call: ActorCall) => Outcome<AuthActorName> | undefined) {
  const waiting = new Map<AuthActorName, (outcome: Outcome<AuthActorName>) => void>();
  const calls: ActorCall[] = [];
  const actors = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise<unknown, unknown>(({ input }) => {
        const call = { name, input };
        calls.push(call);
        const settleWith = (outcome: Outcome<AuthActorName>) =>
          'output' in outcome ? Promise.resolve(outcome.output) : Promise.reject(toError(outcome.error));
        const decided = decide(call);
        if (decided) return settleWith(decided);
        return new Promise((resolve, reject) => {
          waiting.set(name, (outcome) => void settleWith(outcome).then(resolve, reject));
        });
      }),
    ]),
  );
  return {
    machine: authenticatorMachine.provide({ actors: actors as Parameters<typeof authenticatorMachine.provide>[0]['actors'] }),
    calls,
    /** Forgets the calls and the waiting promises, so the next run starts clean (providing actors again is slow). */
    reset(): void {
      calls.length = 0;
      waiting.clear();
    },
    /** Settles the running call of that actor; false when none is waiting. */
    settle(name: AuthActorName, outcome: Outcome<AuthActorName>): boolean {
      const settleCall = waiting.get(name);
      waiting.delete(name);
      settleCall?.(outcome);
      return settleCall !== undefined;
    },
  };
}

/** Lets every resolved promise and the events they send run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The routes that hold a session (and, inside transition, the attribute check); everywhere else the machine holds no user. */
const SIGNED_IN_ROUTES = new Set(['authenticated', 'verifyUser', 'confirmVerifyUser', 'signOut']);
const moment = (snapshot: AuthenticatorSnapshot) => (snapshot.value as { transition?: string }).transition;
const holdsSession = (snapshot: AuthenticatorSnapshot, route: string) =>
  SIGNED_IN_ROUTES.has(route) || (route === 'transition' && moment(snapshot) === 'checkingAttributes');
/** transition.routing only passes an answer on (in one microstep): it may hold a user or not. */
const passesThrough = (snapshot: AuthenticatorSnapshot, route: string) => route === 'transition' && moment(snapshot) === 'routing';

const KNOWN_ROUTES = new Set<string>([...SCREEN_ROUTES, ...NO_SCREEN_ROUTES]);

/** What each screen cannot render without. */
const SCREEN_NEEDS: Partial<Record<string, (context: AuthenticatorSnapshot['context']) => boolean>> = {
  confirmSignUp: (c) => !!c.username,
  confirmResetPassword: (c) => !!c.username,
  confirmSignIn: (c) => c.challengeName !== undefined,
  selectFactor: (c) => (c.availableChallenges?.length ?? 0) > 0,
  setupTotp: (c) => !!c.totpSecretCode,
  verifyUser: (c) => Object.keys(c.unverifiedAttributes ?? {}).length > 0,
  confirmVerifyUser: (c) => c.attributeToVerify !== undefined,
};

/** Everything that must hold in every state the machine passes through; the list of what does not. */
export function violations(snapshot: AuthenticatorSnapshot): string[] {
  const found: string[] = [];
  const { context } = snapshot;
  const route = routeOf(snapshot);
  const signedIn = holdsSession(snapshot, route);
  if (route === 'authenticated' && !context.user) found.push('authenticated without a session user');
  if (!signedIn && !passesThrough(snapshot, route) && context.user) found.push(`${route} holds a user`);
  if (signedIn && !context.user) found.push(`${JSON.stringify(snapshot.value)} has no user`);
  if (!KNOWN_ROUTES.has(route)) found.push(`${route} has no screen and is not a known moment`);
  const needs = SCREEN_NEEDS[route];
  if (needs && !needs(context)) found.push(`${route} lacks what its screen needs`);
  if (context.error && !context.error.message) found.push('an error without a message');
  return found;
}

/** At rest (every actor settled) no state may still wait for one. */
export function restViolations(snapshot: AuthenticatorSnapshot): string[] {
  const found: string[] = [];
  // Passkey autofill waits for the customer, as the screen it runs under does: it is no call left hanging.
  const running = Object.keys(snapshot.children).filter((id) => id !== 'passkeyAutofill');
  if (running.length > 0) found.push(`${JSON.stringify(snapshot.value)} still runs ${running.join(', ')}`);
  if (snapshot.hasTag('pending')) found.push(`${JSON.stringify(snapshot.value)} is pending with nothing to wait for`);
  return found;
}
