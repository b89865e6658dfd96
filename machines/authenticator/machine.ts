/**
 * The authenticator statechart. One top-level state per route of spec §4;
 * inside a route, `idle` waits for the customer and `pending` runs one actor.
 * The actor's answer (an auth step) picks the next route through the step
 * table in steps.ts. The machine knows no SDK: the app provides the actors.
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { type AuthStep, type Flow, routeOfStep, stepOf } from './steps.ts';
import type {
  AuthContext,
  AuthErrorInfo,
  AuthEvent,
  AuthenticatorInput,
  CodeDelivery,
  ConfirmSignUpInput,
  ConfirmSignUpOutput,
  InitialRoute,
  SessionUser,
  SignInInput,
  SignInOutput,
  SignUpInput,
  SignUpOutput,
} from './types.ts';
import { signUpAttributes, trimmed } from './validation.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The authenticator's "${name}" actor was not provided.`));

const UNKNOWN_ERROR = 'An unknown error has occurred.';

function errorInfo(error: unknown): AuthErrorInfo {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    const name = 'name' in error && typeof error.name === 'string' ? error.name : 'Error';
    return { name, message: error.message };
  }
  return { name: 'Unknown', message: UNKNOWN_ERROR };
}

/** The output of the actor that just finished, whichever flow it was. */
interface StepOutput {
  step: string;
  username?: string;
  user?: SessionUser;
  codeDeliveryDetails?: CodeDelivery;
}

const outputOf = (event: unknown): StepOutput => (event as { output: StepOutput }).output;

export const authenticatorMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthenticatorInput,
  },
  actors: {
    loadSession: fromPromise<SessionUser | null>(notProvided('loadSession')),
    signIn: fromPromise<SignInOutput, SignInInput>(notProvided('signIn')),
    signUp: fromPromise<SignUpOutput, SignUpInput>(notProvided('signUp')),
    confirmSignUp: fromPromise<ConfirmSignUpOutput, ConfirmSignUpInput>(notProvided('confirmSignUp')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  guards: {
    hasSession: ({ event }) => (event as unknown as { output: SessionUser | null }).output !== null,
    startsAt: ({ context }, params: { route: InitialRoute }) => context.initialRoute === params.route,
    isStep: ({ event }, params: { flow: Flow; step: AuthStep }) => stepOf(params.flow, outputOf(event)) === params.step,
  },
  actions: {
    rememberStep: assign(({ context, event }) => {
      const output = outputOf(event);
      return {
        username: output.username ?? output.user?.username ?? context.username,
        codeDeliveryDetails: output.codeDeliveryDetails,
        user: output.user ?? context.user,
        error: undefined,
      };
    }),
    rememberSession: assign({ user: ({ event }) => (event as unknown as { output: SessionUser }).output }),
    setError: assign({ error: ({ event }) => errorInfo((event as { error?: unknown }).error) }),
    unknownStep: assign({ error: { name: 'Unknown', message: UNKNOWN_ERROR } }),
    clearError: assign({ error: undefined }),
    forgetUser: assign({ user: undefined, codeDeliveryDetails: undefined, error: undefined }),
  },
}).createMachine({
  id: 'authenticator',
  description: 'Sign-in widget: every route a visitor can be on, from the first screen to the dashboard.',
  context: ({ input }) => ({ initialRoute: input?.initialRoute ?? 'signIn' }),
  initial: 'setup',
  on: {
    CLEAR_ERROR: { actions: 'clearError', description: 'The customer dismissed the error.' },
  },
  states: {
    setup: {
      description: 'Reads the stored session once; no network call while its tokens are fresh.',
      invoke: {
        src: 'loadSession',
        onDone: [
          { guard: 'hasSession', target: 'authenticated', actions: 'rememberSession' },
          { guard: { type: 'startsAt', params: { route: 'signUp' } }, target: 'signUp' },
          { target: 'signIn' },
        ],
        onError: { target: 'signIn' },
      },
    },
    signIn: {
      description: 'E-mail and password, with a tab to create an account.',
      initial: 'idle',
      on: {
        SIGN_UP: { target: 'signUp', actions: 'clearError', description: 'The "Create Account" tab.' },
      },
      states: {
        idle: {
          on: { SUBMIT: { target: 'pending', actions: 'clearError', description: 'Sign in with e-mail and password.' } },
        },
        pending: {
          invoke: {
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT');
              return { username: trimmed(event.data.email), password: event.data.password ?? '' };
            },
            onDone: afterStep('signIn'),
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    signUp: {
      description: 'Create an account: e-mail, password and any configured attributes.',
      initial: 'idle',
      on: {
        SIGN_IN: { target: 'signIn', actions: 'clearError', description: 'The "Sign In" tab.' },
      },
      states: {
        idle: {
          on: { SUBMIT: { target: 'pending', actions: 'clearError', description: 'Create the account.' } },
        },
        pending: {
          invoke: {
            src: 'signUp',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT');
              return {
                username: trimmed(event.data.email),
                password: event.data.password ?? '',
                attributes: signUpAttributes(event.data),
              };
            },
            onDone: afterStep('signUp'),
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    confirmSignUp: {
      description: 'Enter the code sent to the new account.',
      initial: 'idle',
      on: {
        SIGN_IN: { target: 'signIn', actions: 'clearError', description: 'Back to sign in.' },
      },
      states: {
        idle: {
          on: { SUBMIT: { target: 'pending', actions: 'clearError', description: 'Confirm the account with the code.' } },
        },
        pending: {
          invoke: {
            src: 'confirmSignUp',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT');
              return { username: context.username ?? '', confirmationCode: trimmed(event.data.confirmation_code) };
            },
            onDone: afterStep('confirmSignUp'),
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    authenticated: {
      description: 'Signed in: the dashboard shows.',
      on: { SIGN_OUT: { target: 'signOut', description: 'Profile → sign out.' } },
    },
    signOut: {
      description: 'Revokes the session, then returns to sign in whatever the pool answered.',
      invoke: {
        src: 'signOut',
        onDone: { target: 'signIn', actions: 'forgetUser' },
        onError: { target: 'signIn', actions: 'forgetUser' },
      },
    },
  },
});

/** onDone transitions for a flow: one per row of the step table, then a fallback for a step nobody knows. */
function afterStep(flow: Flow) {
  return [
    ...(Object.keys(routeOfStep) as AuthStep[]).map((step) => ({
      guard: { type: 'isStep' as const, params: { flow, step } },
      target: `#authenticator.${routeOfStep[step]}`,
      actions: 'rememberStep' as const,
    })),
    { target: 'idle', actions: 'unknownStep' as const },
  ];
}

export type AuthenticatorMachine = typeof authenticatorMachine;
export type AuthenticatorSnapshot = SnapshotFrom<AuthenticatorMachine>;
