/**
 * The authenticator statechart. One top-level state per route of spec §4; in
 * a route with a screen, `idle` waits for the customer and `pending` runs one
 * actor. Every answer goes to `transition.routing`, whose rows are the one
 * table of where each auth step leads; `transition`'s other moments make the
 * one follow-up call that decides a route (attributes to verify, auto sign-in,
 * a fresh code), with no screen. `idle` is the machine before
 * the app sends INIT: creating the actor reads and calls nothing. The machine
 * knows no SDK (the app provides the actors; a missing one fails clearly) and
 * never changes the URL, so a deep link is the page shown once signed in.
 */
import { and, assertEvent, assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { AuthErrorName, AuthStep } from './authSteps.ts';
import type { NothingMisspelt, OnlyEvents } from './configChecks.ts';
import { firstRoute, startContext } from './start.ts';
import {
  CODE_FACTORS,
  contextAfter,
  NO_FLOW_DATA,
  sendsCode,
  stepConditions,
  stepOf,
  type AnyAnswer,
  type StepCondition,
} from './steps.ts';
import type {
  AuthActorContracts,
  AuthActorName,
  AuthContext,
  AuthErrorInfo,
  AuthEvent,
  AuthEventType,
  AuthenticatorInput,
  Flow,
  FormData,
  InitialRoute,
  LoadedSession,
  SessionUser,
} from './types.ts';
import {
  cleanFormData,
  isContactAttribute,
  loginOf,
  signUpAttributes,
  submitChecks,
  userAttributes,
  type SubmitCheck,
} from './formData.ts';

/** The default for every actor: the app must provide it. */
function required<N extends AuthActorName>(name: N) {
  return fromPromise<AuthActorContracts[N]['output'], AuthActorContracts[N]['input']>(() =>
    Promise.reject(Object.assign(new Error(`The authenticator's "${name}" actor was not provided.`), { name: 'ActorNotProvided' })),
  );
}

export const UNKNOWN_ERROR = 'An unknown error has occurred.';

function errorInfo(error: unknown): AuthErrorInfo {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    const name = 'name' in error && typeof error.name === 'string' ? error.name : 'Error';
    return { name, message: error.message };
  }
  return { name: 'Unknown', message: UNKNOWN_ERROR };
}

/** Whether an error bears one of the vocabulary's names (authSteps.ts), so a misspelt name fails the type check. */
const named = (error: { name: string }, name: AuthErrorName) => error.name === name;

const answerOf = (event: unknown): AnyAnswer => (event as { output?: AnyAnswer | null }).output ?? {};
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
/** What setup's loadSession found. */
const loaded = (event: unknown): LoadedSession | null | undefined => (event as { output?: LoadedSession | null }).output;
/** The user of a session found, without what setup reads of how it came. */
const userOf = ({ signedInOnCard: _, ...user }: LoadedSession): SessionUser => user;
/** The submitted form as the form rules clean it: trimmed, except passwords. */
const submitted = (event: AuthEvent): FormData => {
  assertEvent(event, ['SUBMIT', 'SIGN_IN_WITH']);
  return cleanFormData(event.data ?? {});
};
/** The first factor a SIGN_IN_WITH asks for; none lets the pool offer its choice. */
const factorOf = (event: AuthEvent) => {
  assertEvent(event, 'SIGN_IN_WITH');
  return event.factor;
};
/** A sign-in without the password: the button's factor, or the pool's choice. */
const withoutPassword = ({ event }: Args) => ({
  username: loginOf(submitted(event)),
  password: '',
  firstFactor: factorOf(event) ?? ('CHOICE' as const),
});
const refusal = (check: SubmitCheck, context: AuthContext, event: AuthEvent) => submitChecks[check](submitted(event), context);

const authenticatorSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthenticatorInput,
  },
  actors: {
    loadSession: required('loadSession'),
    signIn: required('signIn'),
    signUp: required('signUp'),
    confirmSignUp: required('confirmSignUp'),
    resendSignUpCode: required('resendSignUpCode'),
    resendSignInCode: required('resendSignInCode'),
    autoSignIn: required('autoSignIn'),
    confirmSignIn: required('confirmSignIn'),
    passkeyPrompt: required('passkeyPrompt'),
    passkeyAutofill: required('passkeyAutofill'),
    resetPassword: required('resetPassword'),
    confirmResetPassword: required('confirmResetPassword'),
    fetchUserAttributes: required('fetchUserAttributes'),
    sendAttributeCode: required('sendAttributeCode'),
    confirmAttribute: required('confirmAttribute'),
    federatedSignIn: required('federatedSignIn'),
    signOut: required('signOut'),
  },
  guards: {
    hasSession: ({ event }) => loaded(event)?.username !== undefined,
    signedInOnCard: ({ event }) => loaded(event)?.signedInOnCard === true,
    startsAt: ({ context }, params: { route: InitialRoute }) => firstRoute(context) === params.route,
    signUpShown: ({ context }) => !context.hideSignUp,
    knownAnswer: ({ event }, params: { flow: Flow }) => stepOf(params.flow, answerOf(event)) !== undefined,
    stepIs: ({ context }, params: { step: AuthStep; when?: StepCondition }) =>
      context.step === params.step && (params.when === undefined || stepConditions[params.when](context)),
    formRefused: ({ context, event }, params: { check: SubmitCheck }) => refusal(params.check, context, event) !== null,
    isNotNetworkError: ({ event }) => event.type === 'SESSION_EXPIRED' && !named(event.error, 'NetworkError'),
    hasFactor: ({ event }) => event.type === 'SIGN_IN_WITH' && event.factor !== undefined,
    sendsCode: ({ event }) => event.type === 'SIGN_IN_WITH' && sendsCode(event.factor),
    hasChoice: ({ context }) => stepConditions.hasChoice(context),
    emailedFirstFactor: ({ context }) => stepConditions.emailedFirstFactor(context),
    passkeyCancelled: ({ event }) => named(errorInfo(errorOf(event)), 'PasskeyCancelled'),
    hasEventUser: ({ event }) => event.type === 'SIGNED_IN_ELSEWHERE' && typeof event.user?.username === 'string',
  },
  actions: {
    // A passwordless button names its factor; a form sent with the password names none.
    rememberLogin: assign({
      username: ({ event }) => loginOf(submitted(event)) || undefined,
      chosenFactor: ({ event }) => (event.type === 'SIGN_IN_WITH' ? event.factor : undefined),
    }),
    // The code's screen before the pool's answer: what it asks for, and by which way the code goes.
    expectCode: assign(({ event }) => {
      const factor = event.type === 'SIGN_IN_WITH' ? event.factor : undefined;
      if (!sendsCode(factor)) return {};
      const { challengeName, deliveryMedium } = CODE_FACTORS[factor];
      return { challengeName, codeDeliveryDetails: { deliveryMedium } };
    }),
    rememberFactor: assign({ chosenFactor: ({ event }) => (event.type === 'SIGN_IN_WITH' ? event.factor : undefined) }),
    rememberAnswer: assign(({ context, event }, params: { flow: Flow }) => contextAfter(context, params.flow, answerOf(event))),
    rememberSession: assign({ user: ({ event }) => userOf(loaded(event)!) }),
    // The sign-in's answer, as the sign-in screen would have had it: DONE, with the user.
    rememberCardSignIn: assign(({ context, event }) => contextAfter(context, 'signIn', { step: 'DONE', user: userOf(loaded(event)!) })),
    rememberOtherTabUser: assign(({ event }) => {
      assertEvent(event, 'SIGNED_IN_ELSEWHERE');
      return { ...NO_FLOW_DATA, user: event.user };
    }),
    rememberAttributeToVerify: assign({
      attributeToVerify: ({ event }) => {
        const choice = submitted(event).unverified_attribute;
        return isContactAttribute(choice) ? choice : undefined;
      },
    }),
    refuseForm: assign({
      error: ({ context, event }, params: { check: SubmitCheck }) => refusal(params.check, context, event) ?? undefined,
    }),
    setError: assign({ error: ({ event }) => errorInfo(errorOf(event)) }),
    setSessionError: assign(({ event }) => {
      assertEvent(event, 'SESSION_EXPIRED');
      return { ...NO_FLOW_DATA, user: undefined, attributeToVerify: undefined, error: errorInfo(event.error) };
    }),
    unknownStep: assign({ error: { name: 'Unknown', message: UNKNOWN_ERROR } }),
    clearError: assign({ error: undefined }),
    forgetFlow: assign({ ...NO_FLOW_DATA, attributeToVerify: undefined, chosenFactor: undefined }),
    forgetSession: assign({ ...NO_FLOW_DATA, user: undefined, attributeToVerify: undefined, chosenFactor: undefined }),
  },
});

export const authenticatorMachine = checkedMachine({
  id: 'authenticator',
  description: 'Sign-in widget: every route a visitor can be on, from the first screen to the dashboard.',
  context: ({ input }) => startContext(input),
  initial: 'idle',
  on: {
    CLEAR_ERROR: { actions: 'clearError', description: 'The customer dismissed the error.' },
  },
  states: {
    idle: {
      description: 'Not started yet: nothing read, nothing shown. The app sends INIT once it is mounted.',
      on: { INIT: { target: 'setup', description: 'Start: read the stored session.' } },
    },

    setup: {
      description: 'Reads the stored session once (no network call while its tokens are fresh), then picks the first route.',
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          {
            guard: 'signedInOnCard',
            target: 'transition',
            actions: 'rememberCardSignIn',
            description: "The sign-in pressed on the prerendered card ended signed in as the app started: routed as that sign-in's answer.",
          },
          { guard: 'hasSession', target: 'authenticated', actions: 'rememberSession', description: 'A stored session: the dashboard.' },
          ...toInitialRoute([]),
        ],
        onError: toInitialRoute(['setError']),
      },
    },

    signIn: screen({
      title: 'Sign in',
      description: 'E-mail and password; tabs to create an account; forgot-password link; federated providers.',
      waiting: 'Waiting for the customer.',
      on: {
        SUBMIT: submitLogin('Sign in with e-mail and password.'),
        SIGN_UP: { guard: 'signUpShown', target: '#authenticator.signUp', actions: 'forgetFlow', description: 'The "Create Account" tab.' },
        FORGOT_PASSWORD: {
          target: '#authenticator.forgotPassword',
          actions: 'forgetFlow',
          description: 'The "Forgot your password?" link.',
        },
        FEDERATED_SIGN_IN: { target: 'federating', actions: 'clearError', description: 'Sign in with a provider.' },
        SIGN_IN_WITH: [
          refuse('login', 'No e-mail given: say so, call nothing.'),
          {
            guard: 'sendsCode',
            target: '#authenticator.confirmSignIn.sendingCode',
            actions: ['clearError', 'rememberLogin', 'expectCode'],
            description: 'A code by e-mail or text: its screen at once, while the pool sends it.',
          },
          { target: 'passwordless', actions: ['clearError', 'rememberLogin'], description: 'Without the password.' },
        ],
      },
      pending: 'Signing in (SRP): two requests to the pool.',
      flow: 'signIn',
      input: (data) => ({ username: loginOf(data), password: data.password ?? '' }),
      whileWaiting: {
        id: 'passkeyAutofill',
        src: 'passkeyAutofill',
        // Read as the passkey prompt's answer, which it is (a passkey picked from the autofill rather than the prompt).
        onDone: answered('passkeyPrompt'),
        // Ended unused (the browser ended it): nothing to say; the passkey picked was refused: say why. (No
        // descriptions: these bytes are on the way to the sign-in form.)
        onError: [{ guard: 'passkeyCancelled' }, { actions: 'setError' }],
      },
      states: {
        passwordless: calling('signIn', 'Choice-based sign-in (USER_AUTH).', {
          input: withoutPassword,
          unknown: 'idle',
          pending: true,
        }),
        federating: {
          description: 'Handing the browser to the provider.',
          tags: 'pending',
          invoke: {
            id: 'federatedSignIn',
            src: 'federatedSignIn',
            input: ({ event }: Args) => {
              assertEvent(event, 'FEDERATED_SIGN_IN');
              return { provider: event.provider };
            },
            onDone: { target: 'idle', description: 'The browser is on its way to the provider; setup finds the session when it returns.' },
            onError: { target: 'idle', actions: 'setError', description: 'The provider could not be reached.' },
          },
        },
      },
    }),

    signUp: screen({
      title: 'Create an account',
      description: 'Create an account: e-mail, password and any configured attributes.',
      waiting: 'Waiting for the customer.',
      on: {
        SUBMIT: submitLogin('Create the account.'),
        SIGN_IN: backToSignIn('The "Sign In" tab.'),
      },
      pending: 'Creating the account.',
      flow: 'signUp',
      input: (data) => ({ username: loginOf(data), password: data.password ?? '', attributes: signUpAttributes(data) }),
    }),

    confirmSignUp: screen({
      title: 'Confirm the account',
      description: 'Enter the code sent to the new account; ask for another.',
      waiting: 'Waiting for the code.',
      on: {
        SUBMIT: submit('Confirm the account with the code.'),
        RESEND: { target: 'resending', actions: 'clearError', description: 'Send a new code.' },
        SIGN_IN: backToSignIn('Back to sign in.'),
      },
      pending: 'Confirming the account.',
      flow: 'confirmSignUp',
      input: (data, context) => ({ username: context.username ?? '', confirmationCode: data.confirmation_code ?? '' }),
      states: {
        resending: calling('resendSignUpCode', 'Sending a new code.', { input: withLogin, unknown: 'idle', pending: true }),
      },
    }),

    confirmSignIn: screen({
      title: 'Confirm the sign-in',
      description: 'A code (SMS, e-mail or app), the choice of second factor, or the password chosen (challengeName says which).',
      waiting: 'Waiting for the code or the choice.',
      on: {
        SUBMIT: [
          refuse('mfaChoice', 'Choosing a second factor: the choice must be SMS or TOTP.'),
          submit('Send the code, or the chosen MFA type.'),
        ],
        RESEND: {
          guard: 'emailedFirstFactor',
          target: 'resendingCode',
          actions: 'clearError',
          description: 'Send a new e-mailed code (the first factor only; e-mail MFA follows a password this app does not keep).',
        },
        CHOOSE_FACTOR: chooseAgain(),
        SIGN_IN: backToSignIn('Back to sign in.'),
      },
      pending: 'Checking the code.',
      flow: 'confirmSignIn',
      input: (data, context) => ({
        challengeResponse:
          (context.challengeName === 'SELECT_MFA_TYPE'
            ? data.mfa_type
            : context.challengeName === 'PASSWORD'
              ? data.password
              : data.confirmation_code) ?? '',
      }),
      states: {
        sendingCode: calling('signIn', 'The code screen, shown while the pool starts the sign-in and sends the code (USER_AUTH).', {
          input: withoutPassword,
          unknown: '#authenticator.signIn',
          pending: true,
          onError: {
            target: '#authenticator.signIn',
            actions: ['forgetFlow', 'setError'],
            description: 'No code sent: back to sign in, saying why.',
          },
        }),
        resendingCode: calling('resendSignInCode', 'Sending a new code: the sign-in starts again, with a new session.', {
          input: withLogin,
          unknown: 'idle',
          pending: true,
        }),
      },
    }),

    selectFactor: screen({
      title: 'Choose how to sign in',
      description: 'Choose a first factor the pool offers.',
      waiting: 'Waiting for the choice.',
      on: {
        SIGN_IN_WITH: { guard: 'hasFactor', target: 'pending', actions: ['clearError', 'rememberFactor'], description: 'A factor picked.' },
        SIGN_IN: backToSignIn('Back to sign in.'),
      },
      pending: 'Answering the choice.',
      flow: 'confirmSignIn',
      input: (_data, _context, event) => ({ challengeResponse: factorOf(event) ?? '' }),
    }),

    passkey: screen({
      title: 'Sign in with a passkey',
      description: "A passkey: the browser's prompt.",
      waiting: 'Waiting for the button that opens the prompt (again, after an error).',
      on: { SUBMIT: submit('Open the prompt.'), CHOOSE_FACTOR: chooseAgain(), SIGN_IN: backToSignIn('Back to sign in.') },
      pending: 'Prompt open; then the pool checks the assertion.',
      flow: 'passkeyPrompt',
      input: () => undefined,
      onError: [
        {
          guard: and<AuthContext, ErrorActorEvent, ['passkeyCancelled', 'hasChoice']>(['passkeyCancelled', 'hasChoice']),
          target: '#authenticator.selectFactor',
          actions: 'setError',
          description: 'Prompt closed: back to the choice.',
        },
        {
          guard: 'passkeyCancelled',
          target: '#authenticator.signIn',
          actions: ['forgetFlow', 'setError'],
          description: 'Prompt closed: back to sign in.',
        },
        failedTo('idle', 'Show the error; the customer can try again.'),
      ],
    }),

    setupTotp: screen({
      title: 'Set up an authenticator app',
      description: 'Set up an authenticator app: QR code, copyable secret, first code.',
      waiting: 'Showing the QR code, waiting for the first code.',
      on: { SUBMIT: submit('Check the first code from the app.'), SIGN_IN: backToSignIn('Back to sign in.') },
      pending: 'Checking the code.',
      flow: 'confirmSignIn',
      input: (data) => ({ challengeResponse: data.confirmation_code ?? '' }),
    }),

    forceNewPassword: screen({
      title: 'Choose a new password',
      description: 'An account made by an administrator: choose a password (and fill any attribute the pool requires).',
      waiting: 'Waiting for the new password.',
      on: { SUBMIT: submit('Set the new password.'), SIGN_IN: backToSignIn('Back to sign in.') },
      pending: 'Setting the password.',
      flow: 'confirmSignIn',
      input: (data) => {
        const attributes = userAttributes(data);
        return { challengeResponse: data.password ?? '', ...(Object.keys(attributes).length > 0 && { userAttributes: attributes }) };
      },
    }),

    forgotPassword: screen({
      title: 'Forgotten password',
      description: 'Forgot password: enter the e-mail to get a reset code.',
      waiting: 'Waiting for the e-mail.',
      on: {
        SUBMIT: submitLogin('Send a reset code.'),
        SIGN_IN: backToSignIn('Back to sign in.'),
      },
      pending: 'Sending the reset code.',
      flow: 'resetPassword',
      input: (data) => ({ username: loginOf(data) }),
    }),

    confirmResetPassword: screen({
      title: 'Reset the password',
      description: 'Enter the reset code and a new password; ask for another code.',
      waiting: 'Waiting for the code and the new password.',
      on: {
        SUBMIT: submit('Set the new password.'),
        RESEND: { target: 'resending', actions: 'clearError', description: 'Send a new reset code.' },
        SIGN_IN: backToSignIn('Back to sign in.'),
      },
      pending: 'Setting the new password.',
      flow: 'confirmResetPassword',
      input: (data, context) => ({
        username: context.username ?? '',
        confirmationCode: data.confirmation_code ?? '',
        newPassword: data.password ?? '',
      }),
      states: {
        resending: calling('resetPassword', 'Sending a new reset code.', { input: withLogin, unknown: 'idle', pending: true }),
      },
    }),

    verifyUser: screen({
      title: 'Verify an e-mail or phone',
      description: 'Signed in with an unverified e-mail or phone: choose one to verify, or skip.',
      signedIn: true,
      waiting: 'Waiting for the choice.',
      on: {
        SUBMIT: [
          refuse('contactChoice', 'Choose one of the unverified attributes.'),
          submit('Send a code to the chosen attribute.', 'rememberAttributeToVerify'),
        ],
        SKIP: { target: '#authenticator.authenticated', actions: 'forgetFlow', description: 'Verify later: the dashboard.' },
      },
      pending: 'Sending the code.',
      flow: 'sendAttributeCode',
      input: (_data, context) => ({ attributeKey: context.attributeToVerify ?? 'email' }),
    }),

    confirmVerifyUser: screen({
      title: 'Confirm the e-mail or phone',
      description: 'Enter the code sent to the e-mail or phone being verified, or skip.',
      signedIn: true,
      waiting: 'Waiting for the code.',
      on: {
        SUBMIT: submit('Verify with the code.'),
        SKIP: { target: '#authenticator.authenticated', actions: 'forgetFlow', description: 'Verify later: the dashboard.' },
      },
      pending: 'Checking the code.',
      flow: 'confirmAttribute',
      input: (data, context) => ({ attributeKey: context.attributeToVerify ?? 'email', confirmationCode: data.confirmation_code ?? '' }),
    }),

    authenticated: {
      description: 'Signed in: the dashboard shows.',
      on: {
        SIGN_OUT: { target: 'signOut', description: 'Profile → sign out.' },
        ...sessionEnded(),
      },
    },

    signOut: {
      description: 'Revokes the session, then returns to sign in whatever the pool answered.',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signIn', actions: 'forgetSession', description: 'Signed out.' },
        onError: {
          target: 'signIn',
          actions: 'forgetSession',
          description: 'The tokens are gone locally even if the pool was unreachable.',
        },
      },
    },

    transition: {
      description: 'No screen: between a finished step and the next route, while one follow-up call decides where to go.',
      initial: 'routing',
      states: {
        routing: {
          description: 'Where each auth step leads (spec §4): the first row whose step (and condition) holds.',
          always: [
            to('SIGN_IN_COMPLETE', 'transition.checkingAttributes', 'Signed in: look for an e-mail or phone still to verify.'),
            to('CONFIRM_SIGN_UP', 'transition.sendingSignUpCode', 'User not confirmed: send a fresh code first.', 'fromSignIn'),
            to('CONFIRM_SIGN_UP', 'confirmSignUp', 'Enter the code that was just sent.'),
            to('SIGN_UP_COMPLETE', 'signIn', 'Account confirmed: sign in with the password just chosen.'),
            to('CONFIRM_SIGN_IN_WITH_SMS_CODE', 'confirmSignIn', 'Enter the code sent by SMS.'),
            to('CONFIRM_SIGN_IN_WITH_TOTP_CODE', 'confirmSignIn', 'Enter the code from the authenticator app.'),
            to('CONTINUE_SIGN_IN_WITH_MFA_SELECTION', 'confirmSignIn', 'Choose SMS or authenticator app.'),
            to('CONFIRM_SIGN_IN_WITH_EMAIL_CODE', 'confirmSignIn', 'Enter the code sent by e-mail.'),
            to('CONFIRM_SIGN_IN_WITH_PASSWORD', 'confirmSignIn', 'Enter the password.'),
            to('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', 'selectFactor', 'Choose a first factor.'),
            to(
              'CONFIRM_SIGN_IN_WITH_PASSKEY',
              'passkey.pending',
              'Use a passkey: the prompt opens at once, its screen drawn behind it.',
              'opensPasskeyPrompt',
            ),
            to('CONFIRM_SIGN_IN_WITH_PASSKEY', 'passkey', 'Use a passkey: the screen, waiting for its button.'),
            to('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', 'forceNewPassword', 'Choose a new password.'),
            to('CONTINUE_SIGN_IN_WITH_TOTP_SETUP', 'setupTotp', 'Show the QR code of the secret that came with the step.'),
            to('RESET_PASSWORD', 'transition.sendingResetCode', 'Password reset required: send a reset code.'),
            to('CONFIRM_RESET_PASSWORD_WITH_CODE', 'confirmResetPassword', 'Enter the reset code and a new password.'),
            to('RESET_PASSWORD_COMPLETE', 'signIn', 'Password changed: sign in with it.'),
            to('COMPLETE_AUTO_SIGN_IN', 'transition.autoSigningIn', 'Sign the new customer in without asking again.'),
            to(
              'SHOULD_CONFIRM_USER_ATTRIBUTE',
              'verifyUser',
              'An e-mail or phone is unverified: offer to verify it.',
              'hasUnverifiedContact',
            ),
            to('SHOULD_CONFIRM_USER_ATTRIBUTE', 'authenticated', 'Nothing to verify: the dashboard.'),
            to('CONFIRM_ATTRIBUTE_WITH_CODE', 'confirmVerifyUser', 'Enter the code sent to that e-mail or phone.'),
            to('CONFIRM_ATTRIBUTE_COMPLETE', 'authenticated', 'Verified: the dashboard.'),
          ],
        },
        checkingAttributes: calling('fetchUserAttributes', 'Signed in: is an e-mail or phone still unverified?', {
          signedIn: true,
          onError: { target: '#authenticator.authenticated', description: 'The attributes could not be read: verifying is optional.' },
        }),
        autoSigningIn: calling('autoSignIn', 'Signing the new customer in with the sign-up they just confirmed.', {
          unknown: '#authenticator.signIn',
          onError: failedTo(
            '#authenticator.signIn',
            'Auto sign-in failed (e.g. "The account was not confirmed on time."): sign in by hand.',
          ),
        }),
        sendingSignUpCode: calling('resendSignUpCode', 'The account is not confirmed: sending a fresh code before asking for it.', {
          input: withLogin,
          unknown: '#authenticator.signIn',
          onError: failedTo('#authenticator.confirmSignUp', 'No fresh code: ask for the code anyway, saying why.'),
        }),
        sendingResetCode: calling('resetPassword', 'A password reset is required: sending the reset code.', {
          input: withLogin,
          unknown: '#authenticator.forgotPassword',
          onError: failedTo('#authenticator.forgotPassword', 'No reset code: the forgot-password screen, saying why.'),
        }),
      },
    },
  },
});

// ---------------------------------------------------------------------------
// The helpers below build parts of the config above. They are typed with
// XState's own types as setup() made them, so an action, guard or actor name
// is checked where it is written; their targets and event keys keep their
// literal types, and checkedMachine checks those against the states
// (configChecks.ts), which XState's types leave as any string.
// ---------------------------------------------------------------------------

type Many<T> = T extends readonly (infer Item)[] ? Item : T;
/** A state node of this machine, as XState types it. */
export type StateConfig = Parameters<typeof authenticatorSetup.createStateConfig>[0];
/** A state's `on`: events of this machine only, with this machine's actions and guards. */
export type Transitions = NonNullable<StateConfig['on']>;
/** Where a failed call goes (an invocation's onError). */
export type OnError = Exclude<NonNullable<Many<NonNullable<StateConfig['invoke']>>['onError']>, string>;
type MachineConfig = Parameters<typeof authenticatorSetup.createMachine>[0];

/** The machine, once no target names a missing state and no `on` names a missing event (else the error names them). */
export function checkedMachine<const Config extends MachineConfig>(config: Config & NothingMisspelt<Config, AuthEventType>) {
  return authenticatorSetup.createMachine(config);
}

type Args = { context: AuthContext; event: AuthEvent };

/** A route with a screen: `idle` waits for the customer (before a session, it also hears of a sign-in in another tab). */
export function screen<
  F extends Flow,
  const On extends Transitions & OnlyEvents<On, AuthEventType>,
  const States extends Record<string, StateConfig> = Record<never, never>,
  const Failed extends OnError = ReturnType<typeof failedTo<'idle'>>,
>(route: {
  /** the route's name as people write it (the studio's headings) */
  title: string;
  description: string;
  waiting: string;
  on: On;
  pending: string;
  flow: F;
  /** the flow's input, from the submitted form as the form rules clean it */
  input: (data: FormData, context: AuthContext, event: AuthEvent) => AuthActorContracts[F]['input'];
  signedIn?: boolean;
  states?: States;
  /** where a failed call goes (by default back to idle, the error shown) */
  onError?: Failed;
  /** an actor that runs while the screen waits for the customer, stopped as soon as it moves on */
  whileWaiting?: NonNullable<StateConfig['invoke']>;
}) {
  return {
    description: route.description,
    meta: { title: route.title },
    initial: 'idle' as const,
    ...(route.signedIn && { on: sessionEnded() }),
    states: {
      idle: {
        description: route.waiting,
        on: { ...(!route.signedIn && signedInElsewhere()), ...route.on },
        ...(route.whileWaiting && { invoke: route.whileWaiting }),
      },
      pending: calling(route.flow, route.pending, {
        input: ({ context, event }) => route.input(event.type === 'SUBMIT' ? submitted(event) : {}, context, event),
        unknown: 'idle',
        pending: true,
        onError: route.onError,
      }),
      ...(route.states as NoInfer<States>),
    },
  };
}

/**
 * A state that runs one flow: its answer goes to `transition.routing`, an
 * answer nobody knows to `unknown` with "An unknown error has occurred.", a
 * failure where `onError` says (by default back to idle, the error shown).
 */
export function calling<
  F extends Flow,
  const Unknown extends string = never,
  const Failed extends OnError = ReturnType<typeof failedTo<'idle'>>,
>(
  flow: F,
  description: string,
  options: {
    input?: (args: Args) => AuthActorContracts[F]['input'];
    unknown?: Unknown;
    onError?: Failed;
    pending?: boolean;
    signedIn?: boolean;
  },
) {
  return {
    description,
    ...(options.pending && { tags: 'pending' as const }),
    ...(options.signedIn && { on: sessionEnded() }),
    invoke: {
      id: flow,
      src: flow,
      input: options.input,
      // NoInfer: the type parameters come from the arguments, never from where the result goes (else XState's `string` targets).
      onDone: answered(flow, options.unknown as NoInfer<Unknown> | undefined),
      // Failed is failedTo<'idle'>'s type when no onError is given (its default).
      onError: (options.onError ?? failedTo('idle', 'Show the error; the customer can try again.')) as NoInfer<Failed>,
    },
  };
}

/** The login the customer typed, for the calls that send a code to it. */
function withLogin({ context }: Args) {
  return { username: context.username ?? '' };
}

/**
 * onDone of a flow: a step this machine knows goes to `transition.routing`
 * with the answer remembered; any other answer is "An unknown error has
 * occurred." on `unknownTarget` (where the customer was, or sign-in).
 */
function answered<const Unknown extends string = never>(flow: Flow, unknownTarget?: Unknown) {
  return [
    {
      guard: { type: 'knownAnswer' as const, params: { flow } },
      target: '#authenticator.transition.routing' as const,
      actions: { type: 'rememberAnswer' as const, params: { flow } },
      description: `${flow} answered: routing picks the next route.`,
    },
    ...(unknownTarget
      ? [{ target: unknownTarget, actions: 'unknownStep' as const, description: `An answer this app does not know.` }]
      : []),
  ];
}

/** A row of the routing table. */
function to<const Target extends string>(step: AuthStep, target: Target, description: string, when?: StepCondition) {
  const guard = { type: 'stepIs' as const, params: { step, ...(when && { when }) } };
  return { guard, target: `#authenticator.${target}` as const, description };
}

function failedTo<const Target extends string>(target: Target, description: string) {
  return { target, actions: 'setError' as const, description };
}

/** setup's way out without a session: the configured first route. */
function toInitialRoute(actions: 'setError'[]) {
  const startAt = (route: 'signUp' | 'forgotPassword') => {
    const guard = { type: 'startsAt' as const, params: { route } };
    return { guard, target: route, actions, description: `initialRoute ${route}.` };
  };
  return [startAt('signUp'), startAt('forgotPassword'), { target: 'signIn' as const, actions, description: 'No session: sign in.' }];
}

/** A form whose login is the e-mail: refused without one (call nothing), else sent with the login remembered. */
function submitLogin(description: string) {
  return [refuse('login', 'No e-mail given: say so, call nothing.'), submit(description, 'rememberLogin')];
}

/** The form rules refuse the form (spec §8's words): say so, call nothing. */
function refuse(check: SubmitCheck, description: string) {
  const params = { check };
  return { guard: { type: 'formRefused' as const, params }, actions: { type: 'refuseForm' as const, params }, description };
}

function submit(description: string, remember?: 'rememberLogin' | 'rememberAttributeToVerify') {
  return { target: 'pending' as const, actions: ['clearError' as const, ...(remember ? [remember] : [])], description };
}

/** "Choose another way": back to the choice of first factors, when there was one; no call (the client starts the chosen factor over). */
function chooseAgain() {
  return {
    guard: 'hasChoice' as const,
    target: '#authenticator.selectFactor' as const,
    actions: 'clearError' as const,
    description: 'Back to the choice.',
  };
}

function backToSignIn(description: string) {
  return { target: '#authenticator.signIn' as const, actions: 'forgetFlow' as const, description };
}

/**
 * Screens before a session: a sign-in in another tab ends them. Only while
 * waiting for the customer: during this tab's own call, the call's answer decides.
 */
function signedInElsewhere() {
  const toDashboard = { target: '#authenticator.authenticated' as const, actions: 'rememberOtherTabUser' as const };
  return {
    SIGNED_IN_ELSEWHERE: { guard: 'hasEventUser' as const, ...toDashboard, description: 'Signed in in another tab: the dashboard.' },
  };
}

/** States holding a session: it can end under them. */
function sessionEnded() {
  return {
    SESSION_EXPIRED: {
      guard: 'isNotNetworkError' as const,
      target: '#authenticator.signIn' as const,
      actions: 'setSessionError' as const,
      description: 'The session could not be refreshed (not a network error): sign in again.',
    },
    SIGNED_OUT_ELSEWHERE: {
      target: '#authenticator.signIn' as const,
      actions: 'forgetSession' as const,
      description: 'Signed out in another tab.',
    },
  };
}

export type AuthenticatorMachine = typeof authenticatorMachine;
export type AuthenticatorSnapshot = SnapshotFrom<AuthenticatorMachine>;
