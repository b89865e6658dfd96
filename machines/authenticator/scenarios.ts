/**
 * Scenarios: every screen route of spec §4 in each of its variants, as data.
 * A scenario is the way the real machine gets there (the events a customer
 * would send after INIT) and a script of what the Cognito client answers on
 * the way. Once there, a call the script does not cover gets the answer of
 * an ordinary journey (`ONWARD`), so a designer who clicks on in the studio
 * moves to the next route as the real flow would.
 *
 * The studio (src/studio/, development only) plays a scenario on the real
 * screens; scenarios.test.ts plays each one on the machine and fails when a
 * screen route has no idle, pending or error scenario. Nothing here reaches
 * the production bundle: only the studio imports this module.
 */
import { fromPromise } from 'xstate';
import { authenticatorMachine } from './machine.ts';
import { SCREEN_ROUTES, type ScreenRoute } from './routes.ts';
import type {
  FederatedProvider,
  FirstFactor,
  AuthActorContracts,
  AuthActorName,
  AuthErrorInfo,
  AuthEvent,
  AuthenticatorInput,
  CodeDeliveryDetails,
  Flow,
  FormData,
  SessionUser,
} from './types.ts';

/** What one call of an actor does: answer, fail with an error, or never settle (the screen stays pending). */
export type ScriptedAnswer<N extends AuthActorName> =
  { output: AuthActorContracts[N]['output'] } | { error: AuthErrorInfo } | { pending: true };

/** Answers in call order, per actor. */
export type Script = { [N in AuthActorName]?: ScriptedAnswer<N>[] };

/** idle: waiting for the customer; pending: a call under way; error: the last call failed; special: a case of its own. */
export type Variant = 'idle' | 'pending' | 'error' | 'special';

/** What the app configures about the screens (src/authenticator/settings.ts), for the scenarios that need it. */
export interface ScreenSettings {
  totpIssuer?: string;
  socialProviders?: readonly FederatedProvider[];
  /** the first factors the pool allows: the sign-in screen's buttons besides the password */
  firstFactors?: readonly FirstFactor[];
}

export interface Scenario {
  /** the URL's `?scenario=` value: the route, then the variant or case (`confirmSignIn-totp`) */
  name: string;
  route: ScreenRoute;
  variant: Variant;
  /** what the designer sees, in one sentence */
  description: string;
  input?: AuthenticatorInput;
  /** the events sent after INIT, each after the calls before it have settled */
  steps: AuthEvent[];
  /** the client's answers on the way there (and after, until used up) */
  answers: Script;
  /** the screens' settings, where the scenario needs some */
  settings?: ScreenSettings;
  /** what the screen's main action sends, where it is not SUBMIT with the form (the choice of a factor) */
  action?: AuthEvent;
}

// ---------------------------------------------------------------------------
// Sample data: a customer called Ana, as the screens would show her.
// ---------------------------------------------------------------------------

export const SAMPLE_EMAIL = 'ana@example.com';
const user: SessionUser = {
  username: '7d3f0000-0000-4000-8000-00000000a7a0',
  userId: '7d3f0000-0000-4000-8000-00000000a7a0',
  email: SAMPLE_EMAIL,
};
const byEmail: CodeDeliveryDetails = { destination: 'a***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' };
const bySms: CodeDeliveryDetails = { destination: '+*******1234', deliveryMedium: 'SMS', attributeName: 'phone_number' };
export const SAMPLE_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const signInForm: FormData = { email: SAMPLE_EMAIL, password: 'Passw0rd!' };
const signUpForm: FormData = { email: SAMPLE_EMAIL, password: 'Passw0rd!', confirm_password: 'Passw0rd!' };
const codeForm: FormData = { confirmation_code: '123456' };

const submit = (data: FormData): AuthEvent => ({ type: 'SUBMIT', data });
const fail = (name: string, message: string): { error: AuthErrorInfo } => ({ error: { name, message } });

/**
 * The answers of an ordinary journey, for every call a scenario's script does
 * not cover: a sign-in succeeds with nothing to verify, a sign-up sends a code
 * and then signs in by itself, a reset sends a code and then takes the new password.
 */
export const ONWARD: { [N in AuthActorName]: ScriptedAnswer<N> } = {
  loadSession: { output: null },
  signIn: { output: { step: 'DONE', user } },
  signUp: { output: { step: 'CONFIRM_SIGN_UP', username: SAMPLE_EMAIL, codeDeliveryDetails: byEmail } },
  confirmSignUp: { output: { step: 'COMPLETE_AUTO_SIGN_IN', username: SAMPLE_EMAIL } },
  resendSignUpCode: { output: { step: 'CONFIRM_SIGN_UP', codeDeliveryDetails: byEmail } },
  resendSignInCode: { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: byEmail } },
  autoSignIn: { output: { step: 'DONE', user } },
  confirmSignIn: { output: { step: 'DONE', user } },
  passkeyPrompt: { output: { step: 'DONE', user } },
  // Passkey autofill waits for a customer who never picks a passkey from the e-mail field's suggestions.
  passkeyAutofill: { pending: true },
  resetPassword: { output: { step: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: byEmail } },
  confirmResetPassword: { output: { step: 'DONE' } },
  fetchUserAttributes: { output: { attributes: { email: SAMPLE_EMAIL, email_verified: 'true' } } },
  sendAttributeCode: { output: { step: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDeliveryDetails: byEmail } },
  confirmAttribute: { output: { step: 'DONE' } },
  // The app configures no provider (spec §1): the call fails as the client's would.
  federatedSignIn: fail('OAuthNotConfigureException', 'oauth param not configured'),
  signOut: { output: undefined },
};

/** How a route is reached, and what its own form sends. */
interface RouteRecipe {
  description: string;
  steps: AuthEvent[];
  answers: Script;
  /** the screen's submit: its form, the flow it calls, and the spec §8 error that call fails with in the error variant */
  submit: { data: FormData; flow: Flow; error: { error: AuthErrorInfo }; event?: AuthEvent };
}

const choice: FirstFactor[] = ['WEB_AUTHN', 'EMAIL_OTP', 'PASSWORD_SRP'];
const signInWith = (factor?: FirstFactor): AuthEvent => ({
  type: 'SIGN_IN_WITH',
  ...(factor && { factor }),
  data: { email: SAMPLE_EMAIL },
});
/** The customer asked for the choice on sign-in: the pool offers passkey, e-mailed code and password. */
const atChoice: Pick<RouteRecipe, 'steps' | 'answers'> = {
  steps: [signInWith()],
  answers: { signIn: [{ output: { step: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: choice } }] },
};

const afterSignIn = (answer: ScriptedAnswer<'signIn'>): Pick<RouteRecipe, 'steps' | 'answers'> => ({
  steps: [submit(signInForm)],
  answers: { signIn: [answer] },
});

const signedInUnverified = (attributes: Record<string, string>): Pick<RouteRecipe, 'steps' | 'answers'> => ({
  steps: [submit(signInForm)],
  answers: { signIn: [{ output: { step: 'DONE', user } }], fetchUserAttributes: [{ output: { attributes } }] },
});

const unverifiedEmail = { email: SAMPLE_EMAIL, email_verified: 'false' };

/** One recipe per screen route; the type insists on every one. */
const RECIPES: Record<ScreenRoute, RouteRecipe> = {
  signIn: {
    description: 'The first screen: e-mail and password, the two tabs, the forgot-password link.',
    steps: [],
    answers: {},
    submit: { data: signInForm, flow: 'signIn', error: fail('NetworkError', 'Network Error') },
  },
  signUp: {
    description: 'The "Create Account" tab: e-mail, password and its confirmation.',
    steps: [{ type: 'SIGN_UP' }],
    answers: {},
    submit: { data: signUpForm, flow: 'signUp', error: fail('Unknown', 'Error creating account') },
  },
  confirmSignUp: {
    description: 'After creating the account: the code sent by e-mail, and a way to ask for another.',
    steps: [{ type: 'SIGN_UP' }, submit(signUpForm)],
    answers: { signUp: [ONWARD.signUp] },
    submit: { data: codeForm, flow: 'confirmSignUp', error: fail('EmptyConfirmationCode', 'Confirmation code cannot be empty') },
  },
  confirmSignIn: {
    description: 'Second factor by SMS: the code sent to the phone.',
    ...afterSignIn({ output: { step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: bySms } }),
    submit: { data: codeForm, flow: 'confirmSignIn', error: fail('EmptyChallengeResponse', 'Challenge response cannot be empty') },
  },
  selectFactor: {
    description: 'Choose how to sign in: the first factors the pool offers (passkey, e-mailed code, password).',
    ...atChoice,
    submit: { data: {}, flow: 'confirmSignIn', error: fail('NetworkError', 'Network Error'), event: signInWith('EMAIL_OTP') },
  },
  passkey: {
    description: "Sign in with a passkey: the screen opens the browser's prompt (here its button, as after an error).",
    steps: [signInWith('WEB_AUTHN')],
    answers: { signIn: [{ output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } }] },
    submit: {
      data: {},
      flow: 'passkeyPrompt',
      error: fail('SignInSessionMissing', 'Auth session was not found. Make sure to call signIn.'),
    },
  },
  setupTotp: {
    description: 'Setting up an authenticator app: the QR code, the secret as text, the first code.',
    ...afterSignIn({ output: { step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', sharedSecret: SAMPLE_SECRET } }),
    submit: { data: codeForm, flow: 'confirmSignIn', error: fail('Unknown', 'An unknown error has occurred.') },
  },
  forceNewPassword: {
    description: 'An account an administrator created: the customer chooses a password.',
    ...afterSignIn({ output: { step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' } }),
    submit: { data: signUpForm, flow: 'confirmSignIn', error: fail('EmptyChallengeResponse', 'Password cannot be empty') },
  },
  forgotPassword: {
    description: 'Forgot password: the e-mail that gets a reset code.',
    steps: [{ type: 'FORGOT_PASSWORD' }],
    answers: {},
    submit: { data: { email: SAMPLE_EMAIL }, flow: 'resetPassword', error: fail('EmptyUsername', 'Username cannot be empty') },
  },
  confirmResetPassword: {
    description: 'The reset code and the new password; a way to ask for another code.',
    steps: [{ type: 'FORGOT_PASSWORD' }, submit({ email: SAMPLE_EMAIL })],
    answers: { resetPassword: [ONWARD.resetPassword] },
    submit: { data: { ...codeForm, ...signUpForm }, flow: 'confirmResetPassword', error: fail('NetworkError', 'Network Error') },
  },
  verifyUser: {
    description: 'Signed in with an unverified e-mail: verify it or skip.',
    ...signedInUnverified(unverifiedEmail),
    submit: {
      data: { unverified_attribute: 'email' },
      flow: 'sendAttributeCode',
      error: fail('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.'),
    },
  },
  confirmVerifyUser: {
    description: 'The code sent to the e-mail being verified; or skip.',
    steps: [submit(signInForm), submit({ unverified_attribute: 'email' })],
    answers: { ...signedInUnverified(unverifiedEmail).answers, sendAttributeCode: [ONWARD.sendAttributeCode] },
    submit: { data: codeForm, flow: 'confirmAttribute', error: fail('EmptyConfirmationCode', 'Confirmation code cannot be empty') },
  },
};

/** Adds answers after a recipe's own, actor by actor. */
function withAnswers(script: Script, more: Script): Script {
  const merged: Record<string, unknown[]> = {};
  for (const [name, answers] of [...Object.entries(script), ...Object.entries(more)]) {
    merged[name] = [...(merged[name] ?? []), ...(answers ?? [])];
  }
  return merged as Script;
}

/** A route's three variants: waiting, its call under way, its call failed with a spec §8 error. */
function variantsOf(route: ScreenRoute): Scenario[] {
  const recipe = RECIPES[route];
  const base = {
    route,
    input: undefined,
    steps: recipe.steps,
    answers: recipe.answers,
    ...(recipe.submit.event && { action: recipe.submit.event }),
  };
  const { data, flow, error, event } = recipe.submit;
  const action = event ?? submit(data);
  const then = (answer: ScriptedAnswer<Flow>) => ({
    steps: [...recipe.steps, action],
    answers: withAnswers(recipe.answers, { [flow]: [answer] }),
  });
  return [
    { ...base, name: route, variant: 'idle', description: recipe.description },
    {
      ...base,
      ...then({ pending: true }),
      name: `${route}-pending`,
      variant: 'pending',
      description: 'The form was sent: the call is under way, every button waits.',
    },
    { ...base, ...then(error), name: `${route}-error`, variant: 'error', description: `The call failed: "${error.error.message}".` },
  ];
}

/** The cases a route has of its own (the second factor's three forms, a QR code that could not be drawn, …). */
const SPECIAL: Scenario[] = [
  {
    name: 'confirmSignIn-totp',
    route: 'confirmSignIn',
    variant: 'special',
    description: 'Second factor by authenticator app: the code the app shows.',
    ...afterSignIn({ output: { step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } }),
  },
  {
    name: 'confirmSignIn-choice',
    route: 'confirmSignIn',
    variant: 'special',
    description: 'The account has both second factors: the customer chooses SMS or authenticator app.',
    steps: [submit(signInForm)],
    answers: {
      signIn: [{ output: { step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['SMS', 'TOTP'] } }],
      // Choosing moves on to that factor's code, as Cognito does.
      confirmSignIn: [{ output: { step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } }],
    },
  },
  {
    name: 'confirmSignIn-email',
    route: 'confirmSignIn',
    variant: 'special',
    description: 'Signing in with a code by e-mail (first factor, or e-mail MFA): the code sent to the address.',
    steps: [signInWith('EMAIL_OTP')],
    answers: { signIn: [{ output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: byEmail } }] },
  },
  {
    name: 'confirmSignIn-password',
    route: 'confirmSignIn',
    variant: 'special',
    description: 'The password picked on the choice screen: the password alone, and a way back to the choice.',
    steps: [...atChoice.steps, signInWith('PASSWORD_SRP')],
    answers: { ...atChoice.answers, confirmSignIn: [{ output: { step: 'CONFIRM_SIGN_IN_WITH_PASSWORD' } }] },
  },
  {
    name: 'selectFactor-passkey-cancelled',
    route: 'selectFactor',
    variant: 'special',
    description: 'The customer closed the passkey prompt: back to the choice, saying so, nothing lost.',
    steps: [...atChoice.steps, signInWith('WEB_AUTHN'), submit({})],
    answers: {
      ...atChoice.answers,
      confirmSignIn: [{ output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } }],
      passkeyPrompt: [fail('PasskeyCancelled', 'The passkey request was cancelled or timed out.')],
    },
    action: signInWith('EMAIL_OTP'),
  },
  {
    name: 'setupTotp-qr-failed',
    route: 'setupTotp',
    variant: 'special',
    description:
      'The QR code could not be drawn (here: an issuer name too long for one): a sentence shows instead, the secret stays copyable.',
    ...afterSignIn({ output: { step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', sharedSecret: SAMPLE_SECRET } }),
    // The issuer shows only inside the QR code's key URI; this one makes the URI longer than any QR code holds.
    settings: { totpIssuer: `Acme ${'Customer Area '.repeat(250)}` },
  },
  {
    name: 'forceNewPassword-attributes',
    route: 'forceNewPassword',
    variant: 'special',
    description: 'The pool requires attributes the account lacks: they are asked for with the new password.',
    ...afterSignIn({ output: { step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: ['given_name', 'family_name'] } }),
  },
  {
    name: 'verifyUser-several',
    route: 'verifyUser',
    variant: 'special',
    description: 'Both the e-mail and the phone are unverified: the customer picks one.',
    ...signedInUnverified({ ...unverifiedEmail, phone_number: '+15550001234', phone_number_verified: 'false' }),
  },
  {
    name: 'signIn-providers',
    route: 'signIn',
    variant: 'special',
    description: 'Federated providers configured: their buttons under the form (pressing one fails here, as no provider is set up).',
    steps: [],
    answers: {},
    settings: { socialProviders: ['google', 'apple', 'facebook', 'amazon'] },
  },
  {
    name: 'signIn-passwordless',
    route: 'signIn',
    variant: 'special',
    description: 'The pool allows passkeys and e-mailed codes besides the password: their buttons under the form.',
    steps: [],
    answers: {},
    settings: { firstFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'] },
  },
  {
    name: 'signIn-after-confirm',
    route: 'signIn',
    variant: 'special',
    description: 'Back on sign-in after confirming a new account whose automatic sign-in failed: the reason shows.',
    steps: [{ type: 'SIGN_UP' }, submit(signUpForm), submit(codeForm)],
    answers: { signUp: [ONWARD.signUp], autoSignIn: [fail('AutoSignInException', 'The account was not confirmed on time.')] },
  },
];

export const SCENARIOS: readonly Scenario[] = [...SCREEN_ROUTES.flatMap(variantsOf), ...SPECIAL];

export const scenarioNamed = (name: string): Scenario | undefined => SCENARIOS.find((scenario) => scenario.name === name);

/** A scenario's machine input: a scenario pictures screens, so the passkey's screen shows rather than its prompt opening. */
export const scenarioInput = (scenario: Scenario): AuthenticatorInput => ({ openPasskeyPrompt: false, ...scenario.input });

/** The state a scenario leaves the machine in: its route, waiting or (pending variant) calling. */
export const expectedState = (scenario: Scenario) => ({ [scenario.route]: scenario.variant === 'pending' ? 'pending' : 'idle' });

export interface ScriptedCall {
  name: AuthActorName;
  input: unknown;
}

function settle(answer: ScriptedAnswer<AuthActorName>): Promise<unknown> {
  if ('pending' in answer) return new Promise(() => {});
  if ('error' in answer) return Promise.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
  return Promise.resolve(answer.output);
}

/**
 * The machine with a scripted client: each call takes the next answer its
 * actor has in the scenario, then ONWARD's. `onCall` hears every call.
 */
export function scriptedMachine(scenario: Scenario, onCall?: (call: ScriptedCall) => void) {
  const queues = new Map(Object.entries(scenario.answers).map(([name, answers]) => [name, [...(answers ?? [])]]));
  const names = Object.keys(ONWARD) as AuthActorName[];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(({ input }) => {
        onCall?.({ name, input });
        const answer = (queues.get(name)?.shift() ?? ONWARD[name]) as ScriptedAnswer<AuthActorName>;
        return settle(answer);
      }),
    ]),
  );
  return authenticatorMachine.provide({ actors: actors as Parameters<typeof authenticatorMachine.provide>[0]['actors'] });
}

/**
 * Brings a started actor of `scriptedMachine(scenario)` to the scenario's
 * state: INIT, then each step once the calls before it have settled. `tick`
 * waits for a macrotask (the scripted answers settle in microtasks).
 */
export async function arrive(actor: { send: (event: AuthEvent) => void }, scenario: Scenario, tick: () => Promise<void>): Promise<void> {
  for (const event of [{ type: 'INIT' } as const, ...scenario.steps]) {
    actor.send(event);
    await tick();
  }
}
