/**
 * Choice-based sign-in (USER_AUTH): starting it with or without a preferred
 * first factor, the factor chosen from the pool's offer, the password chosen,
 * and the passkey prompt. A chunk of its own, off the path to the sign-in form:
 * fetched once the form is idle where the pool allows a factor besides the
 * password (the client's preload), else on first use.
 */
import { answerPasswordVerifier, next, parameter, pendingSignIn, SIGN_IN_SESSION_MS } from './challenges.ts';
import type { ClientContext, PendingSignIn } from './context.ts';
import { AuthError, nonBlank } from './errors.ts';
import { lazy } from './lazy.ts';
import { asSignInStep } from './signInSteps.ts';
import { takeEphemeral } from './srp/srp.ts';
import type { FirstFactor, SignInResult } from './types.ts';
import { retryable } from '../chunks/retryable.ts';

// The browser's WebAuthn calls and their JSON: only a passkey sign-in needs them (fetched ahead where the pool allows passkeys).
const webauthn = lazy(retryable(() => import('./webauthn.ts')));

/** What a pool with these first factors needs besides this module, fetched ahead (the client's preload): a passkey's calls. */
export const preload = (firstFactors: readonly string[]): unknown => firstFactors.includes('WEB_AUTHN') && webauthn();

const FIRST_FACTORS: readonly FirstFactor[] = ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN'];
const isFirstFactor = (name: unknown): name is FirstFactor => FIRST_FACTORS.includes(name as FirstFactor);

type AuthOutput = Parameters<typeof next>[1];

/**
 * The pool's answer in a choice-based sign-in: the challenges only it asks
 * (the choice, a passkey, a texted code) are read here; the rest (tokens, an
 * e-mailed code, MFA after the password) as every sign-in reads them.
 */
function step(ctx: ClientContext, output: AuthOutput, pending: PendingSignIn): Promise<SignInResult> {
  const parameters = output.ChallengeParameters;
  const wait = (result: SignInResult) => {
    pending.username = parameters?.USERNAME ?? pending.username;
    pending.session = output.Session ?? pending.session;
    pending.challengeName = output.ChallengeName ?? '';
    pending.expiresAt = ctx.now() + SIGN_IN_SESSION_MS;
    ctx.pendingSignIn = pending;
    return Promise.resolve(result);
  };
  switch (output.ChallengeName) {
    case 'SELECT_CHALLENGE': {
      // The factors this client cannot answer are left out.
      const offered: unknown[] = output.AvailableChallenges ?? [];
      pending.availableChallenges = offered.filter(isFirstFactor);
      pending.passwordChoice = undefined;
      return wait({ step: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: pending.availableChallenges });
    }
    case 'WEB_AUTHN':
      pending.passkeyOptions = parameter(parameters, 'CREDENTIAL_REQUEST_OPTIONS');
      return wait({ step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' });
    case 'SMS_OTP':
      return wait({
        step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
        codeDeliveryDetails: { destination: parameters?.CODE_DELIVERY_DESTINATION, deliveryMedium: 'SMS', attributeName: 'phone_number' },
      });
    default:
      return next(ctx, output, pending);
  }
}

/** RespondToAuthChallenge in a choice-based sign-in, its answer read by step(). */
async function respond(ctx: ClientContext, pending: PendingSignIn, challengeName: string, responses: Record<string, string>) {
  const output = await ctx.call('RespondToAuthChallenge', {
    ClientId: ctx.config.userPoolClientId,
    ChallengeName: challengeName as never,
    Session: pending.session,
    ChallengeResponses: { USERNAME: pending.username, ...(pending.device ? { DEVICE_KEY: pending.device.deviceKey } : {}), ...responses },
  });
  return step(ctx, output, pending);
}

/**
 * Choice-based sign-in: InitiateAuth USER_AUTH, with the preferred first
 * factor when there is one. A password goes as Cognito asks for it (SRP_A for
 * PASSWORD_SRP, the password itself for PASSWORD); the other factors send
 * nothing but the name, and the pool answers with their challenge, or with
 * SELECT_CHALLENGE when it offers a choice.
 */
export async function startUserAuth(
  ctx: ClientContext,
  pending: PendingSignIn,
  base: Record<string, string>,
  preferred: FirstFactor | undefined,
  password: string,
): Promise<SignInResult> {
  const withPassword = preferred === 'PASSWORD' || preferred === 'PASSWORD_SRP';
  if (withPassword) nonBlank(password, 'password');
  else if (password) {
    throw new AuthError(
      'InvalidParameter',
      'A password is sent only with PASSWORD or PASSWORD_SRP as preferred challenge.',
      'Leave the password out, or prefer a password challenge.',
    );
  }
  const ClientId = ctx.config.userPoolClientId;
  pending.signInDetails = { loginId: pending.loginId, authFlowType: 'USER_AUTH' };
  pending.byPassword = withPassword;
  const parameters: Record<string, string> = { ...base, ...(preferred && { PREFERRED_CHALLENGE: preferred }) };
  if (preferred === 'PASSWORD_SRP') {
    const ephemeral = takeEphemeral();
    const started = await ctx.call('InitiateAuth', {
      ClientId,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { ...parameters, SRP_A: ephemeral.A.toString(16) },
    });
    if (started.ChallengeName === 'PASSWORD_VERIFIER') return answerPasswordVerifier(ctx, started, pending, ephemeral, password);
    return step(ctx, started, pending);
  }
  if (preferred === 'PASSWORD') parameters.PASSWORD = password;
  return step(ctx, await ctx.call('InitiateAuth', { ClientId, AuthFlow: 'USER_AUTH', AuthParameters: parameters }), pending);
}

/**
 * Answers the WEB_AUTHN challenge: the browser's passkey prompt with the
 * pool's options, and the assertion sent back. A closed prompt fails with
 * PasskeyCancelled and keeps the sign-in: the customer may choose another factor.
 */
export async function confirmSignInWithPasskey(ctx: ClientContext, autofill?: { signal: AbortSignal }): Promise<SignInResult> {
  if (autofill) return passkeyAutofill(ctx, autofill);
  const pending = pendingSignIn(ctx);
  if (pending.challengeName !== 'WEB_AUTHN' || !pending.passkeyOptions) {
    throw new AuthError(
      'SignInSessionMissing',
      'Auth session was not found. Make sure to call signIn.',
      'The pool has not asked for a passkey.',
    );
  }
  const browser = await webauthn();
  const credential = await browser.getPasskey(pending.passkeyOptions);
  ctx.passkeyAnswered = true;
  try {
    return await answerPasskey(ctx, pending, browser, credential);
  } finally {
    ctx.passkeyAnswered = false;
  }
}

/** Refusals of a passkey that say the pool knows no such credential for the account (it was deleted, say). */
const UNKNOWN_CREDENTIAL = /not a passkey of this user|unknown credential|credential (?:was )?not (?:found|registered)/i;

/**
 * The WEB_AUTHN answer: the assertion, sent back. A passkey the pool refuses as unknown is signalled to the
 * browser's password manager (WebAuthn Signal API, where it has it), which may drop it.
 */
async function answerPasskey(
  ctx: ClientContext,
  pending: PendingSignIn,
  browser: Awaited<ReturnType<typeof webauthn>>,
  credential: Awaited<ReturnType<Awaited<ReturnType<typeof webauthn>>['getPasskey']>>,
): Promise<SignInResult> {
  const options = pending.passkeyOptions ?? '{}';
  try {
    return await asSignInStep(pending.loginId, () => respond(ctx, pending, 'WEB_AUTHN', { CREDENTIAL: JSON.stringify(credential) }));
  } catch (error) {
    if (error instanceof AuthError && error.name === 'NotAuthorizedException' && UNKNOWN_CREDENTIAL.test(error.message)) {
      browser.signalUnknownCredential(options, credential.id);
    }
    throw error;
  }
}

/**
 * The account last signed in to with the card on this device (security.ts notes it, under the same key: a module
 * of its own would be one more file for the sign-in form to know of). A convenience, not a secret: localStorage,
 * the login as typed; a browser that refuses storage gets no autofill.
 */
export const LAST_LOGIN_KEY = 'signIn.lastLogin';

function lastLogin(): string | null {
  try {
    return globalThis.localStorage?.getItem(LAST_LOGIN_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Ends as the signal does (PasskeyCancelled), never otherwise: passkey autofill with nothing to offer. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const end = () =>
      reject(new AuthError('PasskeyCancelled', 'The passkey request was cancelled or timed out.', 'Passkey autofill ended.'));
    if (signal.aborted) end();
    else signal.addEventListener('abort', end, { once: true });
  });
}

/**
 * Passkey autofill for the account last signed in to here (LAST_LOGIN_KEY), where the browser has conditional mediation: InitiateAuth
 * USER_AUTH preferring WEB_AUTHN fetches its challenge ahead, and the browser's conditional request offers the
 * passkey in the e-mail field's suggestions. With nothing to offer (no conditional mediation: the pool is asked
 * nothing; the pool answered otherwise, e.g. the choice for an account without a passkey; or could not be asked,
 * which the customer's own sign-in will report) it waits for `signal`. The request lasts as long as the pool's
 * session (3 minutes), then a fresh challenge replaces it, until `signal` ends it (PasskeyCancelled). Nothing here
 * touches the sign-in under way until the customer picks the passkey: then it becomes the sign-in, and the
 * assertion its answer.
 */
async function passkeyAutofill(ctx: ClientContext, { signal }: { signal: AbortSignal }): Promise<SignInResult> {
  const loginId = lastLogin();
  if (!loginId) return untilAborted(signal);
  const browser = await webauthn();
  if (!(await browser.conditionalMediation())) return untilAborted(signal);
  for (;;) {
    if (signal.aborted || ctx.store.load()) return untilAborted(signal);
    const device = ctx.store.loadDevice(loginId) ?? undefined;
    const AuthParameters = { USERNAME: loginId, PREFERRED_CHALLENGE: 'WEB_AUTHN', ...(device ? { DEVICE_KEY: device.deviceKey } : {}) };
    const started = await ctx
      .call('InitiateAuth', { ClientId: ctx.config.userPoolClientId, AuthFlow: 'USER_AUTH', AuthParameters })
      .catch(() => undefined);
    const options = started?.ChallengeName === 'WEB_AUTHN' ? started.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS : undefined;
    if (!started || !options) return untilAborted(signal);
    // The pool's session ends the request (a passkey picked after it could not be checked): a fresh challenge then.
    const sessionEnd = new AbortController();
    const timer = setTimeout(() => sessionEnd.abort(), SIGN_IN_SESSION_MS - 5000);
    let credential;
    try {
      credential = await browser.getPasskey(options, { mediation: 'conditional', signal: AbortSignal.any([signal, sessionEnd.signal]) });
    } catch (error) {
      if (sessionEnd.signal.aborted && !signal.aborted) continue;
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const pending: PendingSignIn = {
      loginId,
      username: started.ChallengeParameters?.USERNAME ?? loginId,
      challengeName: 'WEB_AUTHN',
      session: started.Session,
      signInDetails: { loginId, authFlowType: 'USER_AUTH' },
      device,
      byPassword: false,
      passkeyOptions: options,
      expiresAt: ctx.now() + SIGN_IN_SESSION_MS,
    };
    ctx.pendingSignIn = pending;
    return answerPasskey(ctx, pending, browser, credential);
  }
}

/**
 * A first factor chosen: a password is asked for first (no call); another
 * factor is the answer to SELECT_CHALLENGE, or, when the pool's session is
 * spent on a passkey prompt the customer closed, a new USER_AUTH preferring it.
 */
async function choose(ctx: ClientContext, pending: PendingSignIn, answer: string): Promise<SignInResult> {
  if (!isFirstFactor(answer)) throw new AuthError('InvalidParameter', 'Invalid first factor', 'Choose one of the available challenges.');
  if (answer === 'PASSWORD' || answer === 'PASSWORD_SRP') {
    pending.passwordChoice = answer;
    ctx.pendingSignIn = pending;
    return { step: 'CONFIRM_SIGN_IN_WITH_PASSWORD' };
  }
  if (pending.challengeName === 'SELECT_CHALLENGE') return respond(ctx, pending, 'SELECT_CHALLENGE', { ANSWER: answer });
  return startOver(ctx, pending, answer, '');
}

async function answerWithPassword(ctx: ClientContext, pending: PendingSignIn, password: string): Promise<SignInResult> {
  const choice = pending.passwordChoice!;
  pending.passwordChoice = undefined;
  pending.byPassword = true;
  if (pending.challengeName !== 'SELECT_CHALLENGE') return startOver(ctx, pending, choice, password);
  if (choice === 'PASSWORD') return respond(ctx, pending, 'SELECT_CHALLENGE', { ANSWER: 'PASSWORD', PASSWORD: password });
  const ephemeral = takeEphemeral();
  const output = await ctx.call('RespondToAuthChallenge', {
    ClientId: ctx.config.userPoolClientId,
    ChallengeName: 'SELECT_CHALLENGE',
    Session: pending.session,
    ChallengeResponses: {
      USERNAME: pending.username,
      ...(pending.device ? { DEVICE_KEY: pending.device.deviceKey } : {}),
      ANSWER: 'PASSWORD_SRP',
      SRP_A: ephemeral.A.toString(16),
    },
  });
  return answerPasswordVerifier(ctx, output, pending, ephemeral, password);
}

/**
 * A new e-mailed sign-in code (the first factor EMAIL_OTP). Cognito has no call that sends the code of a sign-in
 * again: the sign-in starts over (InitiateAuth USER_AUTH preferring EMAIL_OTP) and the code belongs to its new
 * Session, so the code sent before is refused from then on. The sign-in under way for this login keeps its choice of
 * factors and its device; undefined when there is none (it expired, say), for the client to start a new one. E-mail
 * MFA after a password gets no new code this way: the password is not kept.
 */
export function resendSignInCode(ctx: ClientContext, login: string): Promise<SignInResult> | undefined {
  const current = ctx.pendingSignIn && ctx.pendingSignIn.expiresAt > ctx.now() ? ctx.pendingSignIn : undefined;
  if (!current || current.loginId !== login) return undefined;
  if (current.challengeName !== 'EMAIL_OTP' || current.byPassword || current.signInDetails.authFlowType !== 'USER_AUTH') {
    throw new AuthError(
      'UnsupportedChallenge',
      'An unknown error has occurred.',
      'A new code is sent only for the e-mailed code chosen as first factor.',
    );
  }
  return asSignInStep(current.loginId, () => startOver(ctx, current, 'EMAIL_OTP', ''));
}

const FACTOR_CHALLENGES = ['WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP'];

function startOver(ctx: ClientContext, pending: PendingSignIn, factor: FirstFactor, password: string): Promise<SignInResult> {
  pending.session = undefined;
  pending.passkeyOptions = undefined;
  const base = { USERNAME: pending.loginId, ...(pending.device ? { DEVICE_KEY: pending.device.deviceKey } : {}) };
  return startUserAuth(ctx, pending, base, factor, password);
}

/**
 * The answers only choice-based sign-in has: a factor's name at the choice
 * (or back at it from a factor's screen), and the password once chosen.
 * Undefined for every other challenge (the codes, MFA after a password).
 */
export function answerChoice(ctx: ClientContext, pending: PendingSignIn, answer: string): Promise<SignInResult> | undefined {
  if (pending.passwordChoice) return answerWithPassword(ctx, pending, answer);
  if (pending.challengeName === 'SELECT_CHALLENGE') return choose(ctx, pending, answer);
  if (pending.challengeName === 'SMS_OTP' && !isFirstFactor(answer)) return respond(ctx, pending, 'SMS_OTP', { SMS_OTP_CODE: answer });
  // Back at the choice from a first factor's screen (a closed passkey prompt, a code that never came): the answer is
  // the factor's name, never a code.
  if (pending.availableChallenges && FACTOR_CHALLENGES.includes(pending.challengeName) && isFirstFactor(answer)) {
    return choose(ctx, pending, answer);
  }
  return undefined;
}
