import { describe, expect, it } from 'vitest';
import { PASSWORD, confirmedUser, emulator, testClient } from './testSupport.ts';
import { createMemoryStorage, createTokenStore } from './tokenStore.ts';

/** A client of the seeded identity pool, which allows guests. */
function identityClient(
  options: { allowGuestAccess?: boolean; now?: () => number; storage?: ReturnType<typeof createMemoryStorage> } = {},
) {
  const { region, userPoolId, userPoolClientId, identityPoolId, endpoint } = emulator();
  return testClient({
    config: { region, userPoolId, userPoolClientId, identityPoolId, endpoint, allowGuestAccess: options.allowGuestAccess ?? true },
    now: options.now,
    storage: options.storage,
  });
}

describe('identity-pool credentials', () => {
  it('gives a guest credentials only when guest access is configured', async () => {
    const guest = await identityClient().client.fetchAuthSession();
    expect(guest.identityId).toMatch(/^eu-west-1:[0-9a-f-]{36}$/);
    expect(guest.credentials?.accessKeyId).toMatch(/^ASIA/);
    expect(guest.credentials?.expiration).toBeInstanceOf(Date);
    expect(guest.tokens).toBeUndefined();
    expect(await identityClient({ allowGuestAccess: false }).client.fetchAuthSession()).toEqual({});
    // No identity pool, no credentials.
    expect(await testClient().client.fetchAuthSession()).toEqual({});
  });

  it('makes the guest identity the signed-in identity', async () => {
    const { client } = identityClient();
    const guest = await client.fetchAuthSession();
    await client.signIn({ username: await confirmedUser(), password: PASSWORD });
    const signedIn = await client.fetchAuthSession();
    expect(signedIn.identityId).toBe(guest.identityId);
    expect(signedIn.credentials?.accessKeyId).not.toBe(guest.credentials?.accessKeyId);
  });

  it('reuses credentials for 50 minutes, and drops them when the id token changes', async () => {
    let offset = 0;
    const { client } = identityClient({ now: () => Date.now() + offset });
    await client.signIn({ username: await confirmedUser(), password: PASSWORD });
    const first = (await client.fetchAuthSession()).credentials!;
    expect((await client.fetchAuthSession()).credentials).toEqual(first);
    const refreshed = (await client.fetchAuthSession({ forceRefresh: true })).credentials!;
    expect(refreshed.accessKeyId).not.toBe(first.accessKeyId);
    offset = 49 * 60_000;
    expect((await client.fetchAuthSession()).credentials).toEqual(refreshed);
    // Past 50 minutes the tokens are stale too: new tokens and new credentials.
    offset = 51 * 60_000;
    expect((await client.fetchAuthSession()).credentials!.accessKeyId).not.toBe(refreshed.accessKeyId);
  });

  it('starts the next visitor on a fresh guest identity after sign-out', async () => {
    const { client } = identityClient();
    await client.signIn({ username: await confirmedUser(), password: PASSWORD });
    const signedIn = await client.fetchAuthSession();
    await client.signOut();
    const nextGuest = await client.fetchAuthSession();
    expect(nextGuest.identityId).toBeDefined();
    expect(nextGuest.identityId).not.toBe(signedIn.identityId);
  });

  it('starts the next visitor on a fresh guest identity after a sign-out on a page that never read credentials', async () => {
    const storage = createMemoryStorage();
    const first = identityClient({ storage }).client;
    await first.signIn({ username: await confirmedUser(), password: PASSWORD });
    const signedIn = await first.fetchAuthSession();
    const { identityPoolId, userPoolClientId } = emulator();
    const storedIdentity = () => createTokenStore(storage, userPoolClientId).loadIdentityId(identityPoolId!);
    expect(storedIdentity()).toBe(signedIn.identityId);
    // The next page load signs out without reading any credentials (their code is not even fetched there).
    await identityClient({ storage }).client.signOut();
    expect(storedIdentity()).toBeNull();
    const nextGuest = await identityClient({ storage }).client.fetchAuthSession();
    expect(nextGuest.identityId).toBeDefined();
    expect(nextGuest.identityId).not.toBe(signedIn.identityId);
  });

  it('can leave the identity pool out of a session check', async () => {
    const { client } = identityClient();
    await client.signIn({ username: await confirmedUser(), password: PASSWORD });
    const session = await client.fetchAuthSession({ credentials: false });
    expect(session.tokens).toBeDefined();
    expect(session.credentials).toBeUndefined();
  });
});
