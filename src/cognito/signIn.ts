import { answerPasswordVerifier, next, SIGN_IN_SESSION_MS, takeVerifierChallenge } from './challenges.ts';
import type { ClientContext, EarlyAnswers, PendingSignIn } from './context.ts';
import { AuthError, isNamed, nonBlank } from './errors.ts';
import { lazy } from './lazy.ts';
import { asSignInStep } from './signInSteps.ts';
import { takeEphemeral } from './srp/srp.ts';
import type { AuthFlowType } from './tokenStore.ts';
import type { FirstFactor, SignInResult } from './types.ts';
import { retryable } from '../chunks/retryable.ts';

/** The password flows, and USER_AUTH: Cognito's choice-based sign-in (passwords, e-mail or SMS codes, passkeys). */
export type SignInFlowType = AuthFlowType | 'USER_AUTH';

export interface SignInInput {
  username: string;
  /**
   * required for every flow except CUSTOM_WITHOUT_SRP, which refuses one, and
   * USER_AUTH, which takes one only with a password as preferred challenge
   */
  password?: string;
  options?: {
    authFlowType?: SignInFlowType;
    /** USER_AUTH: the first factor to try; without one (or when the user cannot use it) the pool offers a choice */
    preferredChallenge?: FirstFactor;
  };
}

// Choice-based sign-in comes with its own chunk (fetched ahead by the client's preload): the password form does not carry it.
export const userAuth = lazy(retryable(() => import('./userAuth.ts')));

/**
 * Starts a sign-in. USER_SRP_AUTH (the default) proves the password without
 * sending it: InitiateAuth with SRP_A, then RespondToAuthChallenge with the
 * claim, two requests in all. The answer is the next step: DONE with the user
 * (read from the id token), or a challenge for confirmSignIn.
 *
 * A password sign-in of the same e-mail and password started at a press on the
 * prerendered card (earlyStart.ts) is taken instead: its answer is this one's,
 * and nothing more is sent. `early` are that sign-in's own first answers,
 * which it goes on from: USER_SRP_AUTH's, sent at the same moment for the
 * same login and remembered device (earlyStart.ts calls this at once).
 */
export async function signIn(ctx: ClientContext, input: SignInInput, early?: EarlyAnswers): Promise<SignInResult> {
  const loginId = nonBlank(input.username, 'username');
  const authFlowType = input.options?.authFlowType ?? 'USER_SRP_AUTH';
  const preferred = input.options?.preferredChallenge;
  // USER_AUTH checks its password itself (startUserAuth): it takes one only with a password factor preferred.
  if (authFlowType === 'CUSTOM_WITHOUT_SRP') {
    if (input.password) {
      throw new AuthError(
        'InvalidParameter',
        'A password cannot be given for custom sign-in without SRP.',
        'Leave the password out, or use CUSTOM_WITH_SRP.',
      );
    }
  } else if (authFlowType !== 'USER_AUTH') {
    nonBlank(input.password ?? '', 'password');
  }
  const taken = early ? undefined : takeEarlySignIn(ctx, loginId, input.password ?? '', authFlowType);
  if (taken) return taken;
  if (ctx.store.load()) {
    throw new AuthError('UserAlreadyAuthenticatedException', 'There is already a signed in user.', 'Sign out before signing in again.');
  }
  ctx.pendingSignIn = undefined;
  return asSignInStep(loginId, () => start(ctx, loginId, input.password ?? '', authFlowType, true, preferred, early));
}

/**
 * The sign-in started at a press on the prerendered card, taken (it is used once) by the password sign-in with the
 * same e-mail and password while it is fresh: its answer, to come or come already. Any other sign-in drops it.
 */
function takeEarlySignIn(ctx: ClientContext, loginId: string, password: string, flow: SignInFlowType): Promise<SignInResult> | undefined {
  const early = ctx.earlySignIn;
  ctx.earlySignIn = undefined;
  const same = early && flow === 'USER_SRP_AUTH' && early.loginId === loginId && early.password === password;
  return same && ctx.now() < early.expiresAt ? early.result : undefined;
}

async function start(
  ctx: ClientContext,
  loginId: string,
  password: string,
  flow: SignInFlowType,
  mayRetry: boolean,
  preferred?: FirstFactor,
  early?: EarlyAnswers,
): Promise<SignInResult> {
  const device = ctx.store.loadDevice(loginId) ?? undefined;
  const pending: PendingSignIn = {
    loginId,
    username: loginId,
    challengeName: '',
    signInDetails: { loginId, authFlowType: flow },
    device,
    // USER_AUTH decides with the factor (startUserAuth); the custom flow without SRP proves no password.
    byPassword: flow === 'USER_SRP_AUTH' || flow === 'USER_PASSWORD_AUTH' || flow === 'CUSTOM_WITH_SRP',
    expiresAt: ctx.now() + SIGN_IN_SESSION_MS,
  };
  const base = { USERNAME: loginId, ...(device ? { DEVICE_KEY: device.deviceKey } : {}) };
  const ClientId = ctx.config.userPoolClientId;
  try {
    switch (flow) {
      case 'USER_SRP_AUTH':
      case 'CUSTOM_WITH_SRP': {
        // Sent already, by fetch at a press on the prerendered card (earlyStart.ts)? Its answers, unless none came.
        const answered = early && (await early.started);
        const ephemeral = answered ? early.ephemeral : takeEphemeral();
        const started =
          answered ??
          (await ctx.call('InitiateAuth', {
            ClientId,
            AuthFlow: flow === 'USER_SRP_AUTH' ? 'USER_SRP_AUTH' : 'CUSTOM_AUTH',
            AuthParameters: {
              ...base,
              SRP_A: ephemeral.A.toString(16),
              ...(flow === 'CUSTOM_WITH_SRP' ? { CHALLENGE_NAME: 'SRP_A' } : {}),
            },
          }));
        if (started.ChallengeName !== 'PASSWORD_VERIFIER') return await next(ctx, started, pending);
        const verified = answered && (await early.verified);
        if (!verified) return await answerPasswordVerifier(ctx, started, pending, ephemeral, password);
        takeVerifierChallenge(pending, started);
        return await next(ctx, verified, pending);
      }
      case 'USER_PASSWORD_AUTH':
        return await next(
          ctx,
          await ctx.call('InitiateAuth', { ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { ...base, PASSWORD: password } }),
          pending,
        );
      case 'CUSTOM_WITHOUT_SRP':
        return await next(ctx, await ctx.call('InitiateAuth', { ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: base }), pending);
      case 'USER_AUTH':
        return await (await userAuth()).startUserAuth(ctx, pending, base, preferred, password);
    }
  } catch (error) {
    // The pool no longer knows this browser's device: forget it and try once more without it.
    if (device && mayRetry && isNamed(error, 'ResourceNotFoundException')) {
      ctx.store.clearDevice(loginId);
      return start(ctx, loginId, password, flow, false, preferred);
    }
    throw error;
  }
}
