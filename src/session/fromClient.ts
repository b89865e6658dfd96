import type { AuthClient } from '../cognito/index.ts';
import { aaguidOf, authenticatorOf, forgetAuthenticator, rememberAuthenticator } from './authenticators.ts';
import { federatedProvider } from './federated.ts';
import { dismissOffer, offerDismissedRecently } from './passkeyOffer.ts';
import { canSignalCurrentUser, rememberPasskeyAccount, signalAcceptedPasskeys, signalCurrentUser } from './passkeySignals.ts';
import { ReverificationRequired, signedInRecently, type SensitiveAction } from './reverify.ts';
import type { Attributes, MfaType, ReverificationApi, ReverifyMethod, ReverifyStep, SessionApi, SignedInSession } from './types.ts';

/** Which of updateMFAPreference's settings a code factor is. */
const PREFERENCE_KEY = { TOTP: 'totp', SMS: 'sms', EMAIL: 'email' } as const satisfies Record<MfaType, string>;

/** The id token's claims that are attributes (Cognito's own claims, cognito:*, aud, exp… are not). */
const NOT_ATTRIBUTES = new Set(['aud', 'auth_time', 'event_id', 'exp', 'iat', 'iss', 'jti', 'origin_jti', 'token_use']);

function attributesOf(claims: Record<string, unknown>): Attributes {
  const attributes: Attributes = {};
  for (const [name, value] of Object.entries(claims)) {
    if (NOT_ATTRIBUTES.has(name) || name.startsWith('cognito:')) continue;
    if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') attributes[name] = String(value);
  }
  return attributes;
}

/** The pool ended this session elsewhere (a sign-out of all devices, another browser, an administrator): the tokens are dead. */
const revoked = (error: unknown) =>
  error instanceof Error && error.name === 'NotAuthorizedException' && /has been revoked/.test(error.message);

/** A remembered device's last sign-in this close to a session's start is that sign-in's device. */
const SAME_SIGN_IN_MS = 5_000;

/** The hosted UI's names of the providers a customer may sign in with again (federated.ts names them as customers know them). */
const REDIRECT_PROVIDERS = { Google: 'google', Facebook: 'facebook', Amazon: 'amazon', Apple: 'apple' } as const;

type Security = Awaited<ReturnType<AuthClient['security']>>;
type SignInStep = Awaited<ReturnType<Security['reauthenticate']>>;

/** The client's sign-in step as a confirmation's; the steps a confirmation cannot take (a new password, setting up an app) are refused. */
async function reverifyStepOf(security: Security, result: SignInStep): Promise<ReverifyStep> {
  switch (result.step) {
    case 'DONE':
      return { step: 'done' };
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return { step: 'code', delivery: 'email', destination: result.codeDeliveryDetails.destination };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return { step: 'code', delivery: 'sms', destination: result.codeDeliveryDetails.destination };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { step: 'code', delivery: 'app' };
    case 'CONFIRM_SIGN_IN_WITH_PASSKEY':
      return { step: 'passkey' };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION': {
      // The second step the customer would be asked to choose: the first offered will do to confirm it's them.
      const first = result.allowedMfaTypes[0];
      if (first) return reverifyStepOf(security, await security.reauthenticate({ answer: first }));
      break;
    }
    default:
      break;
  }
  throw new Error('An unknown error has occurred.');
}

/** Sessions for the Account page: this browser's first, then the most recently active. */
export function sessionsOf(
  sessions: Awaited<ReturnType<AuthClient['listSessions']>>,
  devices: Awaited<ReturnType<AuthClient['fetchDevices']>>,
) {
  const remembered = devices.filter((device) => device.remembered);
  const deviceOf = (session: (typeof sessions)[number]) => {
    if (session.current) return remembered.find((device) => device.current);
    const started = session.createdAt?.getTime();
    if (started === undefined) return undefined;
    return remembered.find(
      (device) =>
        !device.current &&
        device.lastAuthenticatedDate !== undefined &&
        Math.abs(device.lastAuthenticatedDate.getTime() - started) <= SAME_SIGN_IN_MS,
    );
  };
  const listed: SignedInSession[] = sessions.map((session) => {
    const device = deviceOf(session);
    return {
      id: session.id,
      current: session.current,
      ...(session.deviceType && { browser: session.deviceType }),
      ...(session.createdAt && { startedAt: session.createdAt }),
      ...(session.lastActiveAt && { lastActiveAt: session.lastActiveAt }),
      ...(device && { device: device.name ?? device.id }),
    };
  });
  const lastActive = (session: SignedInSession) => session.lastActiveAt?.getTime() ?? 0;
  return listed.sort((a, b) => Number(b.current) - Number(a.current) || lastActive(b) - lastActive(a));
}

/** The attributes the password manager names a passkey's account by. */
const NAMING = ['email', 'name', 'given_name', 'family_name'];

/**
 * The session API over the Cognito client. The operations come from the
 * client's lazily loaded chunk (accountOperations.ts): nothing here is on the
 * sign-in path. Signing out everywhere and deleting the account tell every
 * tab, this one included, so the authenticator returns to sign-in.
 */
export function sessionApiFrom(
  client: AuthClient,
  options: { totpIssuer: string; passkeys?: boolean; offerPasskey?: boolean; firstFactors?: readonly string[] },
): SessionApi {
  /**
   * A sensitive change: refused with ReverificationRequired, before any call,
   * when the sign-in is older than the window (reverify.ts); `action` may say
   * that this call is not one (an attribute save without the e-mail).
   */
  const sensitive =
    <A extends unknown[], R>(
      action: SensitiveAction | ((...args: A) => SensitiveAction | null | Promise<SensitiveAction | null>),
      call: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      const which = typeof action === 'string' ? action : await action(...args);
      if (which && !signedInRecently((await client.security()).signedInSecondsAgo())) throw new ReverificationRequired(which);
      return call(...args);
    };
  const currentEmail = async () => (await client.fetchAuthSession({ credentials: false })).tokens?.idToken?.payload.email;
  const firstFactors = options.firstFactors ?? ['PASSWORD'];
  const reverification: ReverificationApi = {
    async methods() {
      const claims = (await client.fetchAuthSession({ credentials: false })).tokens?.idToken?.payload;
      // Cognito's id token lists the linked identities as JSON itself, the pool's attribute as text: either tells.
      const identities = claims && (Array.isArray(claims.identities) ? JSON.stringify(claims.identities) : claims.identities);
      const provider = claims && federatedProvider({ ...attributesOf(claims), ...(typeof identities === 'string' && { identities }) });
      if (provider) return [{ kind: 'provider', provider }];
      const methods: ReverifyMethod[] = [];
      if (firstFactors.some((factor) => factor.startsWith('PASSWORD'))) methods.push({ kind: 'password' });
      if (firstFactors.includes('EMAIL_OTP') && claims?.email_verified === true) methods.push({ kind: 'emailCode' });
      // A passkey is offered to a customer who has one; not knowing (a failed list) offers none.
      if (options.passkeys && (await client.listPasskeys().catch(() => [])).length > 0) methods.push({ kind: 'passkey' });
      return methods.length > 0 ? methods : [{ kind: 'password' }];
    },
    async start(how) {
      const security = await client.security();
      switch (how.kind) {
        case 'provider': {
          const provider = REDIRECT_PROVIDERS[how.provider as keyof typeof REDIRECT_PROVIDERS];
          if (!provider) throw new Error('An unknown error has occurred.');
          await client.signInWithRedirect({ provider, prompt: 'login' });
          // The page is leaving for the provider.
          return new Promise<ReverifyStep>(() => {});
        }
        case 'password':
          return reverifyStepOf(security, await security.reauthenticate({ factor: 'PASSWORD', password: how.password }));
        case 'emailCode':
          return reverifyStepOf(security, await security.reauthenticate({ factor: 'EMAIL_OTP' }));
        case 'passkey': {
          const step = await reverifyStepOf(security, await security.reauthenticate({ factor: 'WEB_AUTHN' }));
          return step.step === 'passkey' ? reverifyStepOf(security, await security.reauthenticate({ answer: 'passkey prompt' })) : step;
        }
      }
    },
    async answer(code) {
      const security = await client.security();
      return reverifyStepOf(security, await security.reauthenticate({ answer: code }));
    },
    async openPasskey() {
      const security = await client.security();
      return reverifyStepOf(security, await security.reauthenticate({ answer: 'passkey prompt' }));
    },
  };
  /**
   * A call refused because the session was revoked signs this tab out too.
   * The refresh is tried first: the pool refuses it as revoked, and the
   * authenticator returns to sign-in saying the customer was signed out
   * elsewhere (actors.ts); the sign-out then ends what is left (the hosted UI's own session).
   */
  const username = async () => (await client.getCurrentUser()).username;
  /** The account's current e-mail and name to the password manager (WebAuthn Signal API), where it can be told. */
  const signalNewName = async () => {
    const user = await username().catch(() => '');
    if (!user || !canSignalCurrentUser(user)) return;
    const attributes = await client.fetchUserAttributes().catch(() => undefined);
    const email = attributes?.email;
    if (!email) return;
    const name = attributes.name ?? ([attributes.given_name, attributes.family_name].filter(Boolean).join(' ') || email);
    signalCurrentUser(user, email, name);
  };
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (revoked(error)) {
          // The refresh finds out for sure (and says so on the card); either way this tab is signed out, as elsewhere.
          await client.fetchAuthSession({ forceRefresh: true, credentials: false }).catch(() => {});
          await client.signOut({ reason: 'revoked' }).catch(() => {});
        }
        throw error;
      }
    };
  const api: SessionApi = {
    reverification,
    async attributes(options = {}) {
      if (!options.fresh) {
        const claims = (await client.fetchAuthSession({ credentials: false })).tokens?.idToken?.payload;
        if (claims) return attributesOf(claims);
      }
      return client.fetchUserAttributes();
    },
    async updateAttributes(attributes) {
      const results = await client.updateUserAttributes({ attributes });
      // A name, or an e-mail the pool took without a code: the password manager shows the new one for the passkeys.
      if (results.some((result) => result.step !== 'CONFIRM_ATTRIBUTE_WITH_CODE' && NAMING.includes(result.attributeName))) {
        void signalNewName();
      }
      return results.map((result) =>
        result.step === 'CONFIRM_ATTRIBUTE_WITH_CODE'
          ? {
              attribute: result.attributeName,
              verify: true,
              codeSent: { destination: result.codeDeliveryDetails.destination, medium: result.codeDeliveryDetails.deliveryMedium },
            }
          : { attribute: result.attributeName, verify: false },
      );
    },
    deleteAttributes: (names) => client.deleteUserAttributes({ names }),
    async sendVerificationCode(attribute) {
      const sent = await client.sendUserAttributeVerificationCode({ attributeName: attribute });
      return { destination: sent.destination, medium: sent.deliveryMedium };
    },
    async verifyAttribute(attribute, code) {
      await client.confirmUserAttribute({ attributeName: attribute, confirmationCode: code });
      if (attribute === 'email') void signalNewName();
    },
    changePassword: (oldPassword, newPassword) => client.updatePassword({ oldPassword, newPassword }),
    signOutEverywhere: () => client.signOut({ global: true }),
    deleteAccount: () => client.deleteUser(),

    totpIssuer: options.totpIssuer,
    async twoStepSettings() {
      const security = await client.security();
      if (security.mfaMethods.length === 0) return { offered: [], enabled: [] };
      return { offered: security.mfaMethods, ...(await security.fetchMFAPreference()) };
    },
    startAppSetup: async () => (await client.setUpTOTP()).sharedSecret,
    async finishAppSetup(code) {
      await client.verifyTOTPSetup({ code });
      const { preferred } = await (await client.security()).fetchMFAPreference();
      await client.updateMFAPreference({ totp: preferred && preferred !== 'TOTP' ? 'ENABLED' : 'PREFERRED' });
    },
    async setTwoStep(method, setting) {
      if (method === 'WEB_AUTHN') {
        if (setting === 'preferred') throw new Error('A passkey cannot be the preferred second step.');
        await client.updateMFAPreference({ webAuthn: setting === 'on' ? 'ENABLED' : 'DISABLED' });
        return;
      }
      const preference = ({ on: 'ENABLED', off: 'DISABLED', preferred: 'PREFERRED' } as const)[setting];
      await client.updateMFAPreference({ [PREFERENCE_KEY[method]]: preference });
    },

    async devices() {
      if (!(await client.security()).deviceTracked()) return null;
      return (await client.fetchDevices()).map((device) => ({
        key: device.id,
        name: device.name,
        lastSignIn: device.lastAuthenticatedDate,
        remembered: device.remembered,
        current: device.current,
      }));
    },
    forgetDevice: (key) => client.forgetDevice({ deviceKey: key }),
    async signedInSessions() {
      const security = await client.security();
      if (!security.userSessions) return null;
      const [sessions, devices] = await Promise.all([
        client.listSessions(),
        // Which remembered device a session belongs to is a help, not a need: no devices, no names.
        security.deviceTracked() ? client.fetchDevices().catch(() => []) : Promise.resolve([]),
      ]);
      return sessionsOf(sessions, devices);
    },
    signOutSession: (id) => client.revokeSession({ sessionId: id }),
    async signOutOtherSessions() {
      const others = (await client.listSessions()).filter((session) => !session.current);
      for (const session of others) await client.revokeSession({ sessionId: session.id });
    },
    rememberThisDevice: async (remember) => (remember ? client.rememberDevice() : (await client.security()).doNotRememberDevice()),
    deviceAwaitingChoice: async () => (await client.security()).deviceAwaitingChoice(),

    async awsAccess(options = {}) {
      if (!(await client.security()).identityPool) return null;
      const session = await client.fetchAuthSession({ forceRefresh: options.fresh });
      if (!session.identityId) throw new Error('An unknown error has occurred.');
      return { identityId: session.identityId, expiration: session.credentials?.expiration };
    },
  };
  /** What this device notes of a passkey it made: its authenticator (the name shown), the account's handle (the signals). */
  const noteMade = async (made: Awaited<ReturnType<AuthClient['registerPasskey']>>) => {
    rememberAuthenticator(made.credentialId, made.authenticatorData && aaguidOf(made.authenticatorData));
    rememberPasskeyAccount(await username(), made.relyingPartyId, made.userHandle);
  };
  const passkeys = options.passkeys
    ? {
        list: guarded(async () => {
          const listed = await client.listPasskeys();
          // Read after every change too (a passkey added or deleted): the password manager drops what the pool no longer accepts.
          void username().then(
            (user) =>
              signalAcceptedPasskeys(
                user,
                listed.map((passkey) => passkey.credentialId),
              ),
            () => {},
          );
          return listed.map((passkey) => ({
            id: passkey.credentialId,
            name: authenticatorOf(passkey.credentialId) ?? passkey.friendlyName,
            createdAt: passkey.createdAt,
          }));
        }),
        add: guarded(async () => noteMade(await client.registerPasskey())),
        rememberForAutofill: async () => (await client.security()).rememberForAutofill(),
        async addQuietly() {
          try {
            await noteMade(await (await client.security()).registerPasskeyQuietly());
            return true;
          } catch {
            return false;
          }
        },
        remove: guarded(async (id: string) => {
          await client.deletePasskey({ credentialId: id });
          forgetAuthenticator(id);
        }),
        offerDue: guarded(async () => {
          if (!options.offerPasskey || offerDismissedRecently()) return false;
          const security = await client.security();
          if (!security.signedInWithPassword()) return false;
          const has = (await client.listPasskeys()).length > 0;
          // A customer who has one is not asked, and not checked again, for this sign-in.
          if (has) security.passkeyOffered();
          return !has;
        }),
        offerAnswered(answer: 'created' | 'dismissed') {
          if (answer === 'dismissed') dismissOffer();
          // The account chunk is loaded by now (offerDue used it).
          void client.security().then((security) => security.passkeyOffered());
        },
      }
    : undefined;
  return {
    ...api,
    ...(passkeys && {
      passkeys: {
        ...passkeys,
        add: sensitive('addPasskey', passkeys.add),
        remove: sensitive('deletePasskey', passkeys.remove),
      },
    }),
    attributes: guarded(api.attributes),
    updateAttributes: sensitive(
      async (attributes: Record<string, string>) =>
        attributes.email !== undefined && attributes.email !== (await currentEmail()) ? 'changeEmail' : null,
      guarded(api.updateAttributes),
    ),
    deleteAttributes: guarded(api.deleteAttributes),
    sendVerificationCode: guarded(api.sendVerificationCode),
    verifyAttribute: guarded(api.verifyAttribute),
    changePassword: guarded(api.changePassword),
    deleteAccount: sensitive('deleteAccount', guarded(api.deleteAccount)),
    twoStepSettings: guarded(api.twoStepSettings),
    startAppSetup: guarded(api.startAppSetup),
    finishAppSetup: guarded(api.finishAppSetup),
    setTwoStep: sensitive(
      (_method: Parameters<SessionApi['setTwoStep']>[0], setting: Parameters<SessionApi['setTwoStep']>[1]) =>
        setting === 'off' ? ('twoStepOff' as const) : null,
      guarded(api.setTwoStep),
    ),
    devices: guarded(api.devices),
    forgetDevice: guarded(api.forgetDevice),
    signedInSessions: guarded(api.signedInSessions),
    signOutSession: guarded(api.signOutSession),
    signOutOtherSessions: sensitive('signOutOtherSessions', guarded(api.signOutOtherSessions)),
    rememberThisDevice: guarded(api.rememberThisDevice),
    awsAccess: guarded(api.awsAccess),
    signOutEverywhere: sensitive('signOutEverywhere', api.signOutEverywhere),
  };
}
