import { retryable } from '../chunks/retryable.ts';
import { assertCognitoConfig, type CognitoConfig } from './config.ts';
import type { ConfirmSignInInput } from './confirmSignIn.ts';
import type { ClientContext, RefreshLocks } from './context.ts';
import type { CredentialsProvider } from './credentials.ts';
import { AuthError, nonBlank } from './errors.ts';
import { lazy } from './lazy.ts';
import type { MfaPreference } from './mfa.ts';
import type { OAuthProvider } from './oauth.ts';
import { isRedirectAnswer, type OAuthBrowser } from './oauthRedirect.ts';
import { currentTokens, getCurrentUser, validStoredUser } from './session.ts';
import { createSessionEvents } from './sessionEvents.ts';
import { createSessionKeeper } from './sessionKeeper.ts';
import type { SignInInput } from './signIn.ts';
import { signOut } from './signOut.ts';
import type { ConfirmSignUpInput, SignUpInput } from './signUp.ts';
import { createTokenStore, type KeyValueStorage } from './tokenStore.ts';
import type { AuthSession, SessionEvent } from './types.ts';
import { createUserPoolCall } from './userPool.ts';

export interface AuthClientOptions {
  config: CognitoConfig;
  /** where tokens live; localStorage by default (see createCookieStorage for cookies) */
  storage?: KeyValueStorage;
  /** browser clock; replaceable in tests */
  now?: () => number;
  /** timer for auto sign-in's polling and the pause after a cross-tab refresh; replaceable in tests */
  sleep?: (ms: number) => Promise<void>;
  /** cross-tab locks for the token refresh; the browser's Web Locks by default */
  locks?: RefreshLocks;
  /** the address bar and sessionStorage, for the hosted-UI sign-in; the window's by default */
  browser?: OAuthBrowser;
}

/**
 * The framework-free Cognito client: plain functions over one configuration
 * and one token store, answering with plain data and failing with AuthError.
 */
export function createAuthClient(options: AuthClientOptions) {
  assertCognitoConfig(options.config);
  const storage = options.storage ?? globalThis.localStorage;
  if (!storage)
    throw new AuthError('InvalidConfiguration', 'Auth Token Provider not configured', 'Give the client a storage for its tokens.');
  const call = createUserPoolCall(options.config);
  const store = createTokenStore(storage, options.config.userPoolClientId, options.config.refreshTokenValidityDays);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const ctx: ClientContext = {
    config: options.config,
    call,
    store,
    // Another tab's sign-in counts once this storage holds a session whose access token is still good.
    events: createSessionEvents(options.config.userPoolClientId, { storedUser: () => validStoredUser(store, now()), sleep }),
    now,
    sleep,
    locks: options.locks ?? (globalThis.navigator as { locks?: RefreshLocks } | undefined)?.locks,
  };
  // AWS credentials from the identity pool, in a chunk of their own: only the Account page's AWS access reads them.
  const credentialsModule = retryable(() => import('./credentials.ts'));
  let provider: CredentialsProvider | undefined;
  // lazy: a load that failed (offline) is tried again by the next read, as for the other chunks.
  const credentials = lazy(async () => {
    const module = await credentialsModule();
    return (provider = module.createCredentialsProvider(ctx, module.createIdentityCall(options.config)));
  });
  /** After sign-out: the next visitor starts with a fresh guest identity (credentials.ts), whether or not any were read. */
  const clearCredentials = () => {
    if (provider) provider.clear();
    else if (options.config.identityPoolId) store.clearIdentityId(options.config.identityPoolId);
  };
  // Signing in comes with its own chunk, fetched with the SDK (signingIn.ts): the entry the form waits for leaves it out.
  const signing = lazy(retryable(() => import('./signingIn.ts')));
  const userAuth = async () => (await signing()).userAuth();
  // Everything but signing in (signing up included) comes with its own chunk, on first use (accountOperations.ts).
  const operations = lazy(retryable(() => import('./accountOperations.ts')));
  // Only a customer who has just confirmed a sign-up needs it: off the path to the sign-in form too.
  const autoSignInModule = lazy(retryable(() => import('./autoSignIn.ts')));
  // The hosted UI (federated sign-in), in a chunk of its own. A page load that is its answer starts the exchange
  // now; the first session read (the machine's setup) waits for it and reports how it went.
  const oauth = lazy(retryable(() => import('./oauth.ts')));
  const { browser } = options;
  const href = (browser ?? globalThis.location)?.href;
  let redirectAnswer = isRedirectAnswer(options.config.oauth, href) && oauth().then((module) => module.finishRedirect(ctx, browser, href));
  // Reported by that first read, not as an unhandled rejection.
  if (redirectAnswer) redirectAnswer.catch(() => {});
  const keeper = createSessionKeeper(ctx);
  // Any change to the tokens, here or in another tab, moves the next planned refresh.
  ctx.events.subscribe(() => keeper.reschedule());

  /**
   * Tokens (refreshed first when stale or when forced) and, when an identity
   * pool is configured, AWS credentials. `credentials: false` skips the
   * identity pool, e.g. for a start-up check that must make no network call.
   */
  async function fetchAuthSession(input: { forceRefresh?: boolean; credentials?: boolean } = {}): Promise<AuthSession> {
    // Every read made while the answer is being taken waits for it and reports how it went (in development React's
    // StrictMode starts the machine twice, and the second machine is the one shown); reads after that do not.
    const answer = redirectAnswer;
    if (answer) await answer.finally(() => (redirectAnswer = false));
    const tokens = await currentTokens(ctx, input);
    const identity =
      input.credentials === false || !options.config.identityPoolId ? undefined : await (await credentials()).get(tokens, input);
    const session: AuthSession = { ...identity };
    if (tokens) {
      session.tokens = { accessToken: tokens.accessToken, idToken: tokens.idToken };
      const sub = tokens.accessToken.payload.sub;
      if (typeof sub === 'string') session.userSub = sub;
    }
    return session;
  }

  return {
    signIn: async (input: SignInInput) => (await signing()).signIn(ctx, input),
    /**
     * Gets a sign-in ready to start the moment "Sign in" is pressed on the prerendered card (startSignInEarly): the
     * sign-in's code, and the SRP ephemeral made ahead in short tasks. Never fails (the sign-in then fetches it).
     */
    prepareEarlySignIn: () =>
      signing().then(
        (module) => module.prepareEphemeral(),
        () => {},
      ),
    /**
     * Starts a password sign-in now, before the form that would send it is there ("Sign in" was pressed on the
     * prerendered card; earlyStart.ts): the next signIn with the same login and password takes it and answers with
     * its result, and where it ends signed in before the app has started, takeEarlySession hands the session to the
     * app's start. Where prepareEarlySignIn has brought the code, the first request goes before the task ends. The
     * caller checks the e-mail and password as the form will. Settles once the sign-in has ended (signed in, a step
     * for the customer, or refused); never fails.
     */
    startSignInEarly: (username: string, password: string): Promise<void> =>
      signing()
        .then((module) => module.startEarly(ctx, nonBlank(username, 'username'), password))
        // Never a failure of its own: whatever went wrong, the sign-in asks itself.
        .catch(() => {}),
    /**
     * True, once, when the session stored here is the one a sign-in started early (startSignInEarly) ended with, and
     * nothing has taken that sign-in yet: the app's start then treats the session as a sign-in of its own (the checks
     * that follow a sign-in), where otherwise it would go straight to the dashboard.
     */
    takeEarlySession: (): boolean => {
      const early = ctx.earlySignIn;
      // Its tokens, stored a few steps before its result settles: none were stored when it started (startEarly).
      if (!early || store.load()?.signInDetails?.loginId !== early.loginId) return false;
      ctx.earlySignIn = undefined;
      return true;
    },
    confirmSignIn: async (input: ConfirmSignInInput) => (await signing()).confirmSignIn(ctx, input),
    /**
     * Answers CONFIRM_SIGN_IN_WITH_PASSKEY: the browser's passkey prompt, then the pool checks the assertion. With
     * `autofill`, passkey autofill instead: the browser's conditional request for the passkey of the account last
     * signed in to here, its challenge fetched ahead; the next step once the customer picks it, no answer while
     * there is nothing to offer, PasskeyCancelled once `signal` ends it (one method for both, so that the sign-in
     * form's code carries no more).
     */
    confirmSignInWithPasskey: async (autofill?: { signal: AbortSignal }) => (await userAuth()).confirmSignInWithPasskey(ctx, autofill),
    /**
     * True from the moment the browser's passkey prompt has handed over a credential until the pool's answer to it is
     * in: the prompt is gone, and what the screens draw next is that answer (src/authenticator/snapshotView.ts).
     */
    passkeyPromptAnswered: () => ctx.passkeyAnswered === true,
    /**
     * Sends the e-mailed sign-in code again (CONFIRM_SIGN_IN_WITH_EMAIL_CODE as first factor): the sign-in starts over
     * preferring EMAIL_OTP, the old code void with the old Session; answered like signIn.
     */
    resendSignInCode: async (input: { username: string }) => {
      const login = nonBlank(input.username, 'username');
      const { signIn, userAuth } = await signing();
      return (
        (await userAuth()).resendSignInCode(ctx, login) ??
        signIn(ctx, { username: login, options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' } })
      );
    },
    signUp: async (input: SignUpInput) => (await operations()).signUp.signUp(ctx, input),
    confirmSignUp: async (input: ConfirmSignUpInput) => (await operations()).signUp.confirmSignUp(ctx, input),
    resendSignUpCode: async (input: { username: string }) => (await operations()).signUp.resendSignUpCode(ctx, input),
    autoSignIn: async () => (await autoSignInModule()).autoSignIn(ctx),
    resetPassword: async (input: { username: string }) => (await operations()).account.resetPassword(ctx, input),
    confirmResetPassword: async (input: { username: string; confirmationCode: string; newPassword: string }) =>
      (await operations()).account.confirmResetPassword(ctx, input),
    updatePassword: async (input: { oldPassword: string; newPassword: string }) => (await operations()).account.updatePassword(ctx, input),
    deleteUser: async () => {
      await (await operations()).account.deleteUser(ctx);
      clearCredentials();
    },
    fetchUserAttributes: async () => (await operations()).attributes.fetchUserAttributes(ctx),
    updateUserAttributes: async (input: { attributes: Record<string, string> }) =>
      (await operations()).attributes.updateUserAttributes(ctx, input),
    deleteUserAttributes: async (input: { names: string[] }) => (await operations()).attributes.deleteUserAttributes(ctx, input),
    sendUserAttributeVerificationCode: async (input: { attributeName: string }) =>
      (await operations()).attributes.sendUserAttributeVerificationCode(ctx, input),
    confirmUserAttribute: async (input: { attributeName: string; confirmationCode: string }) =>
      (await operations()).attributes.confirmUserAttribute(ctx, input),
    setUpTOTP: async () => (await operations()).mfa.setUpTOTP(ctx),
    verifyTOTPSetup: async (input: { code: string; friendlyDeviceName?: string }) => (await operations()).mfa.verifyTOTPSetup(ctx, input),
    updateMFAPreference: async (input: {
      sms?: MfaPreference;
      totp?: MfaPreference;
      email?: MfaPreference;
      webAuthn?: 'ENABLED' | 'DISABLED';
    }) => (await operations()).mfa.updateMFAPreference(ctx, input),
    /** Makes a passkey in the browser and registers it with the pool (the customer must be signed in). */
    registerPasskey: async () => (await operations()).passkeys.registerPasskey(ctx),
    listPasskeys: async () => (await operations()).passkeys.listPasskeys(ctx),
    deletePasskey: async (input: { credentialId: string }) => (await operations()).passkeys.deletePasskey(ctx, input),
    fetchDevices: async () => (await operations()).devices.fetchDevices(ctx),
    forgetDevice: async (input?: { deviceKey?: string }) => (await operations()).devices.forgetDevice(ctx, input),
    rememberDevice: async () => (await operations()).devices.rememberDevice(ctx),
    /** Where the customer is signed in (ListUserSessions), every page. */
    listSessions: async () => (await operations()).userSessions.listSessions(ctx),
    /** Ends one of the customer's other sessions (RevokeUserSession): its refresh and access tokens stop working. */
    revokeSession: async (input: { sessionId: string }) => (await operations()).userSessions.revokeSession(ctx, input),
    /** The Account page's security calls (second factors, this browser's device, what the pools offer), from the lazy chunk. */
    security: async () => (await operations()).security.forContext(ctx),
    signOut: async (input?: { global?: boolean; reason?: 'revoked' }) => {
      const before = ctx.store.load();
      clearCredentials();
      await signOut(ctx, input);
      // A federated session also ends the hosted UI's own, which would sign the customer straight back in.
      if (options.config.oauth) (await oauth()).signOutRedirect(ctx, browser, before);
    },
    /** Federated sign-in: leaves for the provider's page through the hosted UI (the answer is taken at start-up). */
    signInWithRedirect: async (input: { provider: OAuthProvider; prompt?: 'login' }) =>
      (await oauth()).signInWithRedirect(ctx, browser, input),
    getCurrentUser: () => getCurrentUser(ctx),
    fetchAuthSession,
    /** Session events from this tab and the others: sign-in, sign-out, refresh and its failure. */
    onSessionEvent: (listener: (event: SessionEvent) => void) => ctx.events.subscribe(listener),
    /**
     * Refreshes the session ahead of expiry while the app is open, and again
     * when the network or the tab comes back. Returns a function that stops it.
     */
    keepSessionFresh: () => {
      keeper.start();
      return () => keeper.stop();
    },
    /**
     * Fetches, before the first call needs them, the SDK, the sign-in's code and what the pool's first factors
     * besides the password need (choice-based sign-in, and a passkey's WebAuthn calls), side by side, so that
     * pressing any sign-in button sends its request at once. Then, with every file in, the work done ahead: the
     * SDK's warm-up and a password sign-in's SRP ephemeral, each in short tasks (issue 30: chained before the
     * passkey's files, the work held their fetch back, and a press that came first waited for both). The ephemeral
     * only while nobody is signed in here: the app preloads once its first page is up, after a sign-in too, and a
     * signed-in customer's device has no sign-in to make it for (21 ms of the main thread on the 2-core machine, four
     * times that on a slow phone) until the session ends, when it is made for the sign-in that may follow.
     */
    preload: (firstFactors: readonly string[] = []) => {
      const password = firstFactors.length === 0 || firstFactors.some((factor) => factor.startsWith('PASSWORD'));
      const others = firstFactors.some((factor) => !factor.startsWith('PASSWORD'));
      return Promise.all([call.load(), signing(), others && userAuth().then((auth) => auth.preload(firstFactors))]).then(
        async ([, module]) => {
          await call.warmUp();
          if (!password) return;
          if (store.load() === null) return module.prepareEphemeral();
          const stop = ctx.events.subscribe((event) => {
            if (event.type !== 'signedOut') return;
            stop();
            void module.prepareEphemeral();
          });
        },
      );
    },
    /**
     * True when the first session read can only find nobody: no tokens are stored and this page load is not the
     * hosted UI's answer. Read without waiting, so the sign-in form can show before anything else has run.
     */
    startsSignedOut: () => !redirectAnswer && store.load() === null,
    /** Stops the keeper and listening to other tabs (tests, or an app tearing the client down). */
    dispose: () => {
      keeper.stop();
      ctx.events.close();
    },
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
