/**
 * AWS credentials from the identity pool: a guest's when guest access is
 * allowed, the signed-in user's otherwise. The browser keeps one identity:
 * on sign-in, the guest identity is sent with the login, so it becomes the
 * user's (the pool links them). Credentials are reused for 50 minutes and
 * dropped as soon as the id token they were fetched with changes.
 */
import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import type { IdentityCall } from './identityOperations.ts';
import type { Tokens } from './tokenStore.ts';
import type { AwsCredentials } from './types.ts';

/** The identity pool's calls come with this chunk: nothing else in the client makes them. */
export { createIdentityCall } from './identityPool.ts';

export const CREDENTIALS_REFRESH_MS = 3_000_000;

export interface IdentityCredentials {
  credentials: AwsCredentials;
  identityId: string;
}

interface Cached extends IdentityCredentials {
  fetchedAt: number;
  /** the id token the credentials belong to; null for a guest */
  idToken: string | null;
}

export function createCredentialsProvider(ctx: ClientContext, call: IdentityCall) {
  let cached: Cached | undefined;
  let inFlight: { idToken: string | null; promise: Promise<Cached> } | undefined;

  async function fetchFor(identityPoolId: string, idToken: string | null): Promise<Cached> {
    const { region, userPoolId } = ctx.config;
    const logins = idToken ? { [`cognito-idp.${region}.amazonaws.com/${userPoolId}`]: idToken } : undefined;
    const getId = async () => {
      const output = await call('GetId', { IdentityPoolId: identityPoolId, Logins: logins });
      if (!output.IdentityId) throw new AuthError('NoIdentityId', 'Received undefined response from getId operation', 'Try again later.');
      return output.IdentityId;
    };
    const stored = ctx.store.loadIdentityId(identityPoolId);
    let identityId = stored ?? (await getId());
    let output;
    try {
      output = await call('GetCredentialsForIdentity', { IdentityId: identityId, Logins: logins });
    } catch (error) {
      // The stored identity belongs to someone else (another user signed in here before): get this login's own.
      if (!stored || !(error instanceof AuthError) || error.name !== 'NotAuthorizedException') throw error;
      identityId = await getId();
      output = await call('GetCredentialsForIdentity', { IdentityId: identityId, Logins: logins });
    }
    const raw = output.Credentials;
    if (!raw?.AccessKeyId || !raw.SecretKey) {
      throw new AuthError(
        'NoCredentials',
        'Cognito did not respond with either Credentials, AccessKeyId or SecretKey.',
        'Try again later.',
      );
    }
    identityId = output.IdentityId ?? identityId;
    ctx.store.saveIdentityId(identityPoolId, identityId);
    return {
      identityId,
      credentials: {
        accessKeyId: raw.AccessKeyId,
        secretAccessKey: raw.SecretKey,
        sessionToken: raw.SessionToken,
        expiration: raw.Expiration,
      },
      fetchedAt: ctx.now(),
      idToken,
    };
  }

  /** Credentials for whoever the tokens say is here, or undefined when the identity pool has none to give. */
  async function get(tokens: Tokens | null, options: { forceRefresh?: boolean } = {}): Promise<IdentityCredentials | undefined> {
    const identityPoolId = ctx.config.identityPoolId;
    if (!identityPoolId) return undefined;
    const idToken = tokens?.idToken?.raw ?? null;
    if (!idToken && !ctx.config.allowGuestAccess) return undefined;
    if (!options.forceRefresh && cached && cached.idToken === idToken && ctx.now() < cached.fetchedAt + CREDENTIALS_REFRESH_MS) {
      return cached;
    }
    if (!inFlight || inFlight.idToken !== idToken) {
      const promise = fetchFor(identityPoolId, idToken).finally(() => {
        if (inFlight?.promise === promise) inFlight = undefined;
      });
      inFlight = { idToken, promise };
    }
    cached = await inFlight.promise;
    return cached;
  }

  /** After sign-out: the next visitor starts with a fresh guest identity. */
  function clear(): void {
    cached = undefined;
    if (ctx.config.identityPoolId) ctx.store.clearIdentityId(ctx.config.identityPoolId);
  }

  return { get, clear };
}

export type CredentialsProvider = ReturnType<typeof createCredentialsProvider>;
