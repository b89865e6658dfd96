/**
 * Signing the signed-in customer in again, to prove it is still them before a
 * sensitive change (the Account page's "Confirm it's you"). A new sign-in of
 * the same user (InitiateAuth, with this browser's device), by the password, a
 * code e-mailed as first factor, or a passkey; an MFA step on the way is
 * answered with confirmSignIn as at sign-in. Once it is done, its tokens
 * replace the stored ones (a new `auth_time`), and the refresh token of the
 * sign-in they replace is revoked, so the session list does not keep a
 * session nobody holds. Part of the account chunk: the sign-in form carries none of it.
 */
import { answerPasswordVerifier, next, pendingSignIn, respond, SIGN_IN_SESSION_MS } from './challenges.ts';
import type { ClientContext, PendingSignIn } from './context.ts';
import { AuthError, nonBlank } from './errors.ts';
import { userAuth } from './signIn.ts';
import { asSignInStep } from './signInSteps.ts';
import { takeEphemeral } from './srp/srp.ts';
import type { SignInResult } from './types.ts';

/**
 * How the customer proves it is them: the password, a code the pool e-mails, or
 * a passkey to start with; then the answer to the step that sign-in stopped at
 * (the e-mailed code or an MFA code, or the passkey prompt).
 */
export type ReauthenticateInput =
  | { factor: 'PASSWORD'; password: string }
  | { factor: 'EMAIL_OTP' }
  | { factor: 'WEB_AUTHN' }
  | { answer: string }
  | { answer: 'passkey prompt' };

export async function reauthenticate(ctx: ClientContext, input: ReauthenticateInput): Promise<SignInResult> {
  return 'answer' in input ? answerStep(ctx, input.answer) : start(ctx, input);
}

async function start(ctx: ClientContext, input: Exclude<ReauthenticateInput, { answer: string }>): Promise<SignInResult> {
  const current = ctx.store.load();
  if (!current) {
    throw new AuthError('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.', 'Sign in first.');
  }
  const loginId = current.signInDetails?.loginId ?? current.username;
  const password = input.factor === 'PASSWORD' ? nonBlank(input.password, 'password') : '';
  // A password sign-in goes the way this customer's did (USER_PASSWORD_AUTH where the app uses it), else by SRP.
  const flow = current.signInDetails?.authFlowType === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
  const device = ctx.store.loadDevice(loginId) ?? undefined;
  const pending: PendingSignIn = {
    loginId,
    username: loginId,
    challengeName: '',
    signInDetails: current.signInDetails ?? { loginId, authFlowType: flow },
    device,
    byPassword: input.factor === 'PASSWORD',
    expiresAt: ctx.now() + SIGN_IN_SESSION_MS,
  };
  ctx.pendingSignIn = undefined;
  const base = { USERNAME: loginId, ...(device ? { DEVICE_KEY: device.deviceKey } : {}) };
  const ClientId = ctx.config.userPoolClientId;
  const begin = async (): Promise<SignInResult> => {
    if (input.factor !== 'PASSWORD') return (await userAuth()).startUserAuth(ctx, pending, base, input.factor, '');
    if (flow === 'USER_PASSWORD_AUTH') {
      return next(
        ctx,
        await ctx.call('InitiateAuth', { ClientId, AuthFlow: flow, AuthParameters: { ...base, PASSWORD: password } }),
        pending,
      );
    }
    const ephemeral = takeEphemeral();
    const started = await ctx.call('InitiateAuth', {
      ClientId,
      AuthFlow: flow,
      AuthParameters: { ...base, SRP_A: ephemeral.A.toString(16) },
    });
    return answerPasswordVerifier(ctx, started, pending, ephemeral, password);
  };
  return afterwards(ctx, current, await asSignInStep(loginId, begin));
}

/** The answer each code challenge takes (sign-in's confirmSignIn answers them alike; it stays off this chunk's imports, in the sign-in form's). */
const CODE_ANSWERS: Partial<Record<string, string>> = {
  EMAIL_OTP: 'EMAIL_OTP_CODE',
  SMS_OTP: 'SMS_OTP_CODE',
  SMS_MFA: 'SMS_MFA_CODE',
  SOFTWARE_TOKEN_MFA: 'SOFTWARE_TOKEN_MFA_CODE',
};
/** SELECT_MFA_TYPE: the factor chosen, as the challenge to answer next. */
const MFA_CHOICES: Partial<Record<string, string>> = { SMS: 'SMS_MFA', TOTP: 'SOFTWARE_TOKEN_MFA', EMAIL: 'EMAIL_OTP' };

/** The customer's answer to the step the new sign-in stopped at: a code, the MFA type chosen, or the passkey prompt. */
async function answerStep(ctx: ClientContext, answer: string): Promise<SignInResult> {
  const before = ctx.store.load();
  const pending = pendingSignIn(ctx);
  const codeAnswer = CODE_ANSWERS[pending.challengeName];
  const choice = MFA_CHOICES[answer];
  const result = await asSignInStep(pending.loginId, async () => {
    if (answer === 'passkey prompt') return (await userAuth()).confirmSignInWithPasskey(ctx);
    if (pending.challengeName === 'SELECT_MFA_TYPE' && choice) return respond(ctx, pending, 'SELECT_MFA_TYPE', { ANSWER: choice });
    if (codeAnswer) return respond(ctx, pending, pending.challengeName, { [codeAnswer]: nonBlank(answer, 'challengeResponse') });
    throw new AuthError('UnsupportedChallenge', 'An unknown error has occurred.', `Cannot answer ${pending.challengeName} here.`);
  });
  return before ? afterwards(ctx, before, result) : result;
}

/**
 * Once the new sign-in is done: the old sign-in's refresh token is revoked
 * (where it can be: an access token with `origin_jti`), and a passkey is not
 * offered because of it (the sign-in to offer one after was the first).
 */
async function afterwards(ctx: ClientContext, replaced: NonNullable<ReturnType<ClientContext['store']['load']>>, result: SignInResult) {
  if (result.step !== 'DONE') return result;
  ctx.signedInWithPassword = undefined;
  if (replaced.refreshToken && replaced.accessToken.payload.origin_jti) {
    await ctx.call('RevokeToken', { ClientId: ctx.config.userPoolClientId, Token: replaced.refreshToken }).catch(() => {});
  }
  return result;
}
