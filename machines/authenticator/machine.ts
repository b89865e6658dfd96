/**
 * The authenticator statechart. One top-level state per route of spec §4;
 * inside a route with a screen, `idle` waits for the customer and `pending`
 * runs one actor. The actor's answer (an auth step) picks the next state
 * through the step table in steps.ts. The machine knows no SDK: the app
 * provides the actors, and each one not provided fails with a clear error.
 *
 * Two routes have no screen and need a word:
 * - `idle` is the machine before the app starts it. Creating the actor reads
 *   nothing and calls nothing; the app sends INIT once it is mounted, and only
 *   then does `setup` read the stored session.
 * - `transition` is the moment between a finished step and the next route,
 *   while the machine makes the one follow-up call that decides where to go:
 *   checking for unverified attributes after a sign-in, completing an auto
 *   sign-in, sending a fresh sign-up or reset code, fetching the TOTP secret.
 *   No screen renders there.
 *
 * The authenticator never changes the URL, so the page a customer asked for
 * (a deep link) is the page they see once authenticated.
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  errorStepMatches,
  errorStepsOf,
  stepConditions,
  stepOf,
  stepsOfFlow,
  stepTable,
  unverifiedContacts,
  type AuthStep,
  type Flow,
  type StepChoice,
  type StepCondition,
} from './steps.ts';
import type {
  AuthActorContracts,
  AuthActorName,
  AuthContext,
  AuthErrorInfo,
  AuthEvent,
  AuthenticatorInput,
  ChallengeName,
  CodeDelivery,
  FormData,
  InitialRoute,
  MfaType,
  SessionUser,
} from './types.ts';
import { cleanFormData, isContactAttribute, isMfaType, loginOf, messages, signUpAttributes, userAttributes } from './validation.ts';

/** The default for every actor: the app must provide it. */
function required<N extends AuthActorName>(name: N) {
  return fromPromise<AuthActorContracts[N]['output'], AuthActorContracts[N]['input']>(() =>
    Promise.reject(Object.assign(new Error(`The authenticator's "${name}" actor was not provided.`), { name: 'ActorNotProvided' })),
  );
}

export const UNKNOWN_ERROR = 'An unknown error has occurred.';
/** The client's own words for the same mistake (spec §8). */
export const EMPTY_USERNAME = 'Username cannot be empty';
const NETWORK_ERROR = 'NetworkError';

function errorInfo(error: unknown): AuthErrorInfo {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    const name = 'name' in error && typeof error.name === 'string' ? error.name : 'Error';
    return { name, message: error.message };
  }
  return { name: 'Unknown', message: UNKNOWN_ERROR };
}

/** Everything any actor's answer may carry, for reading it whatever the flow. */
interface AnyOutput {
  step?: string;
  username?: string;
  user?: SessionUser;
  codeDeliveryDetails?: CodeDelivery;
  allowedMfaTypes?: MfaType[];
  missingAttributes?: string[];
  attributes?: Partial<Record<string, string>>;
  sharedSecret?: string;
}

const outputOf = (event: unknown): AnyOutput => ((event as { output?: AnyOutput | null }).output ?? {}) as AnyOutput;
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const submitted = (event: AuthEvent): FormData => {
  assertEvent(event, 'SUBMIT');
  return cleanFormData(event.data);
};

/** The challenge confirmSignIn answers, by the step that led there. */
const challengeOfStep: Partial<Record<AuthStep, ChallengeName>> = {
  CONFIRM_SIGN_IN_WITH_SMS_CODE: 'SMS_MFA',
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: 'SOFTWARE_TOKEN_MFA',
  CONTINUE_SIGN_IN_WITH_MFA_SELECTION: 'SELECT_MFA_TYPE',
};

/** What a flow leaves behind for the next screen; cleared whenever a new step arrives or the customer goes back. */
const NO_FLOW_DATA = {
  codeDeliveryDetails: undefined,
  challengeName: undefined,
  allowedMfaTypes: undefined,
  missingAttributes: undefined,
  totpSecretCode: undefined,
  unverifiedAttributes: undefined,
  error: undefined,
} as const satisfies Partial<AuthContext>;

export const authenticatorMachine = setup({
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
    autoSignIn: required('autoSignIn'),
    confirmSignIn: required('confirmSignIn'),
    setUpTotp: required('setUpTotp'),
    resetPassword: required('resetPassword'),
    confirmResetPassword: required('confirmResetPassword'),
    fetchUserAttributes: required('fetchUserAttributes'),
    sendAttributeCode: required('sendAttributeCode'),
    confirmAttribute: required('confirmAttribute'),
    federatedSignIn: required('federatedSignIn'),
    signOut: required('signOut'),
  },
  guards: {
    hasSession: ({ event }) => (event as { output?: SessionUser | null }).output?.username !== undefined,
    startsAt: ({ context }, params: { route: InitialRoute }) =>
      context.initialRoute === params.route && !(params.route === 'signUp' && context.hideSignUp),
    signUpShown: ({ context }) => !context.hideSignUp,
    isStep: ({ event }, params: { flow: Flow; step: AuthStep; when?: StepCondition }) =>
      stepOf(params.flow, outputOf(event)) === params.step && (params.when === undefined || stepConditions[params.when](outputOf(event))),
    isErrorStep: ({ event }, params: { flow: Flow; step: AuthStep; error?: string; message?: string; when?: StepCondition }) =>
      errorStepMatches({ name: params.error, message: params.message }, errorOf(event)) &&
      (params.when === undefined || stepConditions[params.when](undefined)),
    loginMissing: ({ event }) => loginOf(submitted(event)) === '',
    mfaChoiceMissing: ({ context, event }) => context.challengeName === 'SELECT_MFA_TYPE' && !isMfaType(submitted(event).mfa_type),
    contactChoiceMissing: ({ context, event }) => {
      const choice = submitted(event).unverified_attribute;
      return !isContactAttribute(choice) || context.unverifiedAttributes?.[choice] === undefined;
    },
    isNotNetworkError: ({ event }) => {
      assertEvent(event, 'SESSION_EXPIRED');
      return event.error.name !== NETWORK_ERROR;
    },
    hasEventUser: ({ event }) => {
      assertEvent(event, 'SIGNED_IN_ELSEWHERE');
      return typeof event.user?.username === 'string';
    },
  },
  actions: {
    rememberLogin: assign({ username: ({ event }) => loginOf(submitted(event)) || undefined }),
    rememberStep: assign(({ context, event }, params: { step: AuthStep }) => {
      const output = outputOf(event);
      return {
        ...NO_FLOW_DATA,
        username: output.username ?? context.username,
        user: output.user ?? context.user,
        codeDeliveryDetails: output.codeDeliveryDetails,
        challengeName: challengeOfStep[params.step],
        allowedMfaTypes: output.allowedMfaTypes,
        missingAttributes: output.missingAttributes,
        totpSecretCode: output.sharedSecret,
        unverifiedAttributes: output.attributes ? unverifiedContacts(output.attributes) : undefined,
      };
    }),
    rememberErrorStep: assign(({ event }, params: { showError: boolean }) => ({
      ...NO_FLOW_DATA,
      error: params.showError ? errorInfo(errorOf(event)) : undefined,
    })),
    rememberSession: assign({ user: ({ event }) => (event as unknown as { output: SessionUser }).output }),
    rememberOtherTabUser: assign(({ event }) => {
      assertEvent(event, 'SIGNED_IN_ELSEWHERE');
      return { ...NO_FLOW_DATA, user: event.user };
    }),
    rememberTotpSecret: assign({ totpSecretCode: ({ event }) => outputOf(event).sharedSecret, error: undefined }),
    rememberAttributeToVerify: assign({
      attributeToVerify: ({ event }) => {
        const choice = submitted(event).unverified_attribute;
        return isContactAttribute(choice) ? choice : undefined;
      },
    }),
    setError: assign({ error: ({ event }) => errorInfo(errorOf(event)) }),
    setSessionError: assign(({ event }) => {
      assertEvent(event, 'SESSION_EXPIRED');
      return { ...NO_FLOW_DATA, user: undefined, attributeToVerify: undefined, error: errorInfo(event.error) };
    }),
    unknownStep: assign({ error: { name: 'Unknown', message: UNKNOWN_ERROR } }),
    loginError: assign({ error: { name: 'EmptyUsername', message: EMPTY_USERNAME } }),
    mfaChoiceError: assign({ error: { name: 'InvalidMfaType', message: messages.mfaType } }),
    contactChoiceError: assign({ error: { name: 'EmptyAttribute', message: messages.required } }),
    clearError: assign({ error: undefined }),
    forgetFlow: assign({ ...NO_FLOW_DATA, attributeToVerify: undefined }),
    forgetSession: assign({ ...NO_FLOW_DATA, user: undefined, attributeToVerify: undefined }),
  },
}).createMachine({
  id: 'authenticator',
  description: 'Sign-in widget: every route a visitor can be on, from the first screen to the dashboard.',
  context: ({ input }) => ({ initialRoute: input?.initialRoute ?? 'signIn', hideSignUp: input?.hideSignUp ?? false }),
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
            guard: 'hasSession',
            target: 'authenticated',
            actions: 'rememberSession',
            description: 'A stored session: straight to the dashboard.',
          },
          ...toInitialRoute([]),
        ],
        onError: toInitialRoute(['setError']),
      },
    },

    signIn: {
      description: 'E-mail and password; tabs to create an account; forgot-password link; federated providers.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the customer.',
          on: {
            ...signedInElsewhere(),
            SUBMIT: [loginRequired(), submit('Sign in with e-mail and password.', ['rememberLogin'])],
            SIGN_UP: {
              guard: 'signUpShown',
              target: '#authenticator.signUp',
              actions: 'forgetFlow',
              description: 'The "Create Account" tab.',
            },
            FORGOT_PASSWORD: {
              target: '#authenticator.forgotPassword',
              actions: 'forgetFlow',
              description: 'The "Forgot your password?" link.',
            },
            FEDERATED_SIGN_IN: { target: 'federating', actions: 'clearError', description: 'Sign in with a provider.' },
          },
        },
        pending: {
          description: 'Signing in (SRP): two requests to the pool.',
          tags: 'pending',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              const data = submitted(event);
              assertEvent(event, 'SUBMIT');
              return { username: loginOf(data), password: event.data.password ?? '' };
            },
            onDone: afterStep('signIn', 'idle'),
            onError: afterError('signIn', 'idle'),
          },
        },
        federating: {
          description: 'Handing the browser to the provider.',
          tags: 'pending',
          invoke: {
            id: 'federatedSignIn',
            src: 'federatedSignIn',
            input: ({ event }) => {
              assertEvent(event, 'FEDERATED_SIGN_IN');
              return { provider: event.provider };
            },
            onDone: { target: 'idle', description: 'The browser is on its way to the provider; setup finds the session when it returns.' },
            onError: { target: 'idle', actions: 'setError', description: 'The provider could not be reached.' },
          },
        },
      },
    },

    signUp: {
      description: 'Create an account: e-mail, password and any configured attributes.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the customer.',
          on: {
            ...signedInElsewhere(),
            SUBMIT: [loginRequired(), submit('Create the account.', ['rememberLogin'])],
            SIGN_IN: backToSignIn('The "Sign In" tab.'),
          },
        },
        pending: {
          description: 'Creating the account.',
          tags: 'pending',
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ event }) => {
              const data = submitted(event);
              assertEvent(event, 'SUBMIT');
              return { username: loginOf(data), password: event.data.password ?? '', attributes: signUpAttributes(data) };
            },
            onDone: afterStep('signUp', 'idle'),
            onError: afterError('signUp', 'idle'),
          },
        },
      },
    },

    confirmSignUp: {
      description: 'Enter the code sent to the new account; ask for another.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the code.',
          on: {
            ...signedInElsewhere(),
            SUBMIT: submit('Confirm the account with the code.'),
            RESEND: { target: 'resending', actions: 'clearError', description: 'Send a new code.' },
            SIGN_IN: backToSignIn('Back to sign in.'),
          },
        },
        pending: {
          description: 'Confirming the account.',
          tags: 'pending',
          invoke: {
            id: 'confirmSignUp',
            src: 'confirmSignUp',
            input: ({ context, event }) => ({
              username: context.username ?? '',
              confirmationCode: submitted(event).confirmation_code ?? '',
            }),
            onDone: afterStep('confirmSignUp', 'idle'),
            onError: afterError('confirmSignUp', 'idle'),
          },
        },
        resending: {
          description: 'Sending a new code.',
          tags: 'pending',
          invoke: {
            id: 'resendSignUpCode',
            src: 'resendSignUpCode',
            input: ({ context }) => ({ username: context.username ?? '' }),
            onDone: afterStep('resendSignUpCode'),
            onError: afterError('resendSignUpCode', 'idle'),
          },
        },
      },
    },

    confirmSignIn: {
      description: 'Second factor: the SMS or authenticator-app code, or the choice between them (challengeName says which).',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the code or the choice.',
          on: {
            ...signedInElsewhere(),
            SUBMIT: [
              {
                guard: 'mfaChoiceMissing',
                actions: 'mfaChoiceError',
                description: 'The MFA choice must be SMS or TOTP.',
              },
              submit('Send the code, or the chosen MFA type.'),
            ],
            SIGN_IN: backToSignIn('Back to sign in.'),
          },
        },
        pending: {
          description: 'Checking the code.',
          tags: 'pending',
          invoke: {
            id: 'confirmSignIn',
            src: 'confirmSignIn',
            input: ({ context, event }) => {
              const data = submitted(event);
              return { challengeResponse: (context.challengeName === 'SELECT_MFA_TYPE' ? data.mfa_type : data.confirmation_code) ?? '' };
            },
            onDone: afterStep('confirmSignIn', 'idle'),
            onError: afterError('confirmSignIn', 'idle'),
          },
        },
      },
    },

    setupTotp: {
      description: 'Set up an authenticator app: QR code, copyable secret, first code.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Showing the QR code, waiting for the first code.',
          on: {
            ...signedInElsewhere(),
            SUBMIT: submit('Check the first code from the app.'),
            SIGN_IN: backToSignIn('Back to sign in.'),
          },
        },
        pending: {
          description: 'Checking the code.',
          tags: 'pending',
          invoke: {
            id: 'confirmSignIn',
            src: 'confirmSignIn',
            input: ({ event }) => ({ challengeResponse: submitted(event).confirmation_code ?? '' }),
            onDone: afterStep('confirmSignIn', 'idle'),
            onError: afterError('confirmSignIn', 'idle'),
          },
        },
      },
    },

    forceNewPassword: {
      description: 'An account made by an administrator: choose a password (and fill any attribute the pool requires).',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the new password.',
          on: {
            ...signedInElsewhere(),
            SUBMIT: submit('Set the new password.'),
            SIGN_IN: backToSignIn('Back to sign in.'),
          },
        },
        pending: {
          description: 'Setting the password.',
          tags: 'pending',
          invoke: {
            id: 'confirmSignIn',
            src: 'confirmSignIn',
            input: ({ event }) => {
              const data = submitted(event);
              const attributes = userAttributes(data);
              return { challengeResponse: data.password ?? '', ...(Object.keys(attributes).length > 0 && { userAttributes: attributes }) };
            },
            onDone: afterStep('confirmSignIn', 'idle'),
            onError: afterError('confirmSignIn', 'idle'),
          },
        },
      },
    },

    forgotPassword: {
      description: 'Forgot password: enter the e-mail to get a reset code.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the e-mail.',
          on: {
            ...signedInElsewhere(),
            SUBMIT: [loginRequired(), submit('Send a reset code.', ['rememberLogin'])],
            SIGN_IN: backToSignIn('Back to sign in.'),
          },
        },
        pending: {
          description: 'Sending the reset code.',
          tags: 'pending',
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ event }) => ({ username: loginOf(submitted(event)) }),
            onDone: afterStep('resetPassword', 'idle'),
            onError: afterError('resetPassword', 'idle'),
          },
        },
      },
    },

    confirmResetPassword: {
      description: 'Enter the reset code and a new password; ask for another code.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the code and the new password.',
          on: {
            ...signedInElsewhere(),
            SUBMIT: submit('Set the new password.'),
            RESEND: { target: 'resending', actions: 'clearError', description: 'Send a new reset code.' },
            SIGN_IN: backToSignIn('Back to sign in.'),
          },
        },
        pending: {
          description: 'Setting the new password.',
          tags: 'pending',
          invoke: {
            id: 'confirmResetPassword',
            src: 'confirmResetPassword',
            input: ({ context, event }) => {
              const data = submitted(event);
              return { username: context.username ?? '', confirmationCode: data.confirmation_code ?? '', newPassword: data.password ?? '' };
            },
            onDone: afterStep('confirmResetPassword', 'idle'),
            onError: afterError('confirmResetPassword', 'idle'),
          },
        },
        resending: {
          description: 'Sending a new reset code.',
          tags: 'pending',
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({ username: context.username ?? '' }),
            onDone: afterStep('resetPassword', 'idle'),
            onError: afterError('resetPassword', 'idle'),
          },
        },
      },
    },

    verifyUser: {
      description: 'Signed in with an unverified e-mail or phone: choose one to verify, or skip.',
      initial: 'idle',
      on: { ...sessionEnded() },
      states: {
        idle: {
          description: 'Waiting for the choice.',
          on: {
            SUBMIT: [
              {
                guard: 'contactChoiceMissing',
                actions: 'contactChoiceError',
                description: 'Choose one of the unverified attributes.',
              },
              submit('Send a code to the chosen attribute.', ['rememberAttributeToVerify']),
            ],
            SKIP: { target: '#authenticator.authenticated', actions: 'forgetFlow', description: 'Verify later: the dashboard.' },
          },
        },
        pending: {
          description: 'Sending the code.',
          tags: 'pending',
          invoke: {
            id: 'sendAttributeCode',
            src: 'sendAttributeCode',
            input: ({ context }) => ({ attributeKey: context.attributeToVerify ?? 'email' }),
            onDone: afterStep('sendAttributeCode', 'idle'),
            onError: afterError('sendAttributeCode', 'idle'),
          },
        },
      },
    },

    confirmVerifyUser: {
      description: 'Enter the code sent to the e-mail or phone being verified, or skip.',
      initial: 'idle',
      on: { ...sessionEnded() },
      states: {
        idle: {
          description: 'Waiting for the code.',
          on: {
            SUBMIT: submit('Verify with the code.'),
            SKIP: { target: '#authenticator.authenticated', actions: 'forgetFlow', description: 'Verify later: the dashboard.' },
          },
        },
        pending: {
          description: 'Checking the code.',
          tags: 'pending',
          invoke: {
            id: 'confirmAttribute',
            src: 'confirmAttribute',
            input: ({ context, event }) => ({
              attributeKey: context.attributeToVerify ?? 'email',
              confirmationCode: submitted(event).confirmation_code ?? '',
            }),
            onDone: afterStep('confirmAttribute', 'idle'),
            onError: afterError('confirmAttribute', 'idle'),
          },
        },
      },
    },

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
      // XState needs an initial child; every way in names the one it means.
      initial: 'checkingAttributes',
      states: {
        checkingAttributes: {
          description: 'Signed in: is an e-mail or phone still unverified?',
          on: { ...sessionEnded() },
          invoke: {
            id: 'fetchUserAttributes',
            src: 'fetchUserAttributes',
            onDone: afterStep('fetchUserAttributes'),
            onError: {
              target: '#authenticator.authenticated',
              description: 'The attributes could not be read: verifying is optional, so the dashboard.',
            },
          },
        },
        autoSigningIn: {
          description: 'Signing the new customer in with the sign-up they just confirmed.',
          invoke: {
            id: 'autoSignIn',
            src: 'autoSignIn',
            onDone: afterStep('autoSignIn', '#authenticator.signIn'),
            onError: afterError('autoSignIn'),
          },
        },
        sendingSignUpCode: {
          description: 'The account is not confirmed: sending a fresh code before asking for it.',
          invoke: {
            id: 'resendSignUpCode',
            src: 'resendSignUpCode',
            input: ({ context }) => ({ username: context.username ?? '' }),
            onDone: afterStep('resendSignUpCode'),
            onError: afterError('resendSignUpCode', '#authenticator.confirmSignUp'),
          },
        },
        sendingResetCode: {
          description: 'A password reset is required: sending the reset code.',
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({ username: context.username ?? '' }),
            onDone: afterStep('resetPassword', '#authenticator.forgotPassword'),
            onError: afterError('resetPassword', '#authenticator.forgotPassword'),
          },
        },
        fetchingTotpSecret: {
          description: 'Fetching the secret the authenticator app will share.',
          invoke: {
            id: 'setUpTotp',
            src: 'setUpTotp',
            onDone: { target: '#authenticator.setupTotp', actions: 'rememberTotpSecret', description: 'Show the QR code.' },
            onError: { target: '#authenticator.signIn', actions: 'setError', description: 'No secret: start the sign-in again.' },
          },
        },
      },
    },
  },
});

/** setup's way out without a session: the configured first route. */
function toInitialRoute(actions: 'setError'[]) {
  return [
    {
      guard: { type: 'startsAt' as const, params: { route: 'signUp' as const } },
      target: 'signUp',
      actions,
      description: 'initialRoute signUp.',
    },
    {
      guard: { type: 'startsAt' as const, params: { route: 'forgotPassword' as const } },
      target: 'forgotPassword',
      actions,
      description: 'initialRoute forgotPassword.',
    },
    { target: 'signIn', actions, description: 'No session: sign in.' },
  ];
}

/** No e-mail, no call: the pool would only answer with an error. */
function loginRequired() {
  return { guard: 'loginMissing' as const, actions: 'loginError' as const, description: 'No e-mail given: say so, call nothing.' };
}

function submit(description: string, actions: ('rememberLogin' | 'rememberAttributeToVerify')[] = []) {
  return { target: 'pending', actions: ['clearError' as const, ...actions], description };
}

function backToSignIn(description: string) {
  return { target: '#authenticator.signIn', actions: 'forgetFlow' as const, description };
}

/**
 * Screens before a session: a sign-in in another tab ends them. Only while
 * waiting for the customer: during this tab's own call, the client's
 * sign-in notice is this tab's own, and the call's answer decides.
 */
function signedInElsewhere() {
  return {
    SIGNED_IN_ELSEWHERE: {
      guard: 'hasEventUser' as const,
      target: '#authenticator.authenticated',
      actions: 'rememberOtherTabUser' as const,
      description: 'Signed in in another tab: the dashboard.',
    },
  };
}

/** States holding a session: it can end under them. */
function sessionEnded() {
  return {
    SESSION_EXPIRED: {
      guard: 'isNotNetworkError' as const,
      target: '#authenticator.signIn',
      actions: 'setSessionError' as const,
      description: 'The session could not be refreshed (not a network error): sign in again.',
    },
    SIGNED_OUT_ELSEWHERE: {
      target: '#authenticator.signIn',
      actions: 'forgetSession' as const,
      description: 'Signed out in another tab.',
    },
  };
}

/** The choices of a step's row that apply to answers from this flow. */
function choicesFor(flow: Flow, step: AuthStep): StepChoice[] {
  const choices: StepChoice[] = [];
  for (const choice of stepTable[step]) {
    if (choice.from && !choice.from.includes(flow)) continue;
    choices.push(choice);
    if (!choice.when) break;
  }
  return choices;
}

/**
 * onDone for a flow: one transition per choice of each step the flow can
 * answer with, then (where an answer can carry an unknown step) a fallback.
 */
function afterStep(flow: Flow, unknownStepTarget?: string) {
  const transitions = stepsOfFlow(flow).flatMap((step) =>
    choicesFor(flow, step).map((choice) => ({
      guard: { type: 'isStep' as const, params: { flow, step, ...(choice.when && { when: choice.when }) } },
      target: `#authenticator.${choice.to}`,
      reenter: true,
      actions: { type: 'rememberStep' as const, params: { step } },
      description: `${step}: ${choice.description}`,
    })),
  );
  if (unknownStepTarget === undefined) return transitions;
  return [
    ...transitions,
    { target: unknownStepTarget, actions: 'unknownStep' as const, description: `An answer this app does not know: "${UNKNOWN_ERROR}"` },
  ];
}

/** onError for a flow: errors that are really steps first, then (unless a row takes every error) the error shown. */
function afterError(flow: Flow, errorTarget?: string) {
  const rows = errorStepsOf(flow);
  const transitions = rows.flatMap((row) =>
    choicesFor(flow, row.step).map((choice) => ({
      guard: {
        type: 'isErrorStep' as const,
        params: {
          flow,
          step: row.step,
          ...(row.name && { error: row.name }),
          ...(row.message && { message: row.message }),
          ...(choice.when && { when: choice.when }),
        },
      },
      target: `#authenticator.${choice.to}`,
      reenter: true,
      actions: { type: 'rememberErrorStep' as const, params: { showError: row.showError } },
      description: `${row.description} ${row.step}: ${choice.description}`,
    })),
  );
  const takesEveryError = rows.some((row) => row.name === undefined);
  if (takesEveryError || errorTarget === undefined) return transitions;
  return [
    ...transitions,
    { target: errorTarget, actions: 'setError' as const, description: 'Show the error; the customer can try again.' },
  ];
}

export type AuthenticatorMachine = typeof authenticatorMachine;
export type AuthenticatorSnapshot = SnapshotFrom<AuthenticatorMachine>;
