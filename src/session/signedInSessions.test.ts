/**
 * Where the customer is signed in, through the session API over a real
 * client and the test pool: two browsers (two clients, two stores) of one
 * customer; one lists both and signs the other out, whose next call ends its
 * session with the "signed out elsewhere" refusal.
 */
import { describe, expect, inject, it } from 'vitest';
import { createAuthClient, createMemoryStorage, type CognitoConfig } from '../cognito/index.ts';
import { sessionApiFrom, sessionsOf } from './fromClient.ts';

const PASSWORD = 'Sup3r-secret!';
let counter = 0;

function browser(config: Partial<CognitoConfig> = {}) {
  const { region, userPoolId, userPoolClientId, endpoint } = inject('emulator');
  const client = createAuthClient({
    config: { region, userPoolId, userPoolClientId, endpoint, userSessions: true, ...config },
    storage: createMemoryStorage(),
  });
  return { client, api: sessionApiFrom(client, { totpIssuer: 'Test' }) };
}

async function customer() {
  const { endpoint } = inject('emulator');
  const email = `sessions.${Date.now().toString(36)}.${counter++}@example.com`;
  const { client } = browser();
  await client.signUp({ username: email, password: PASSWORD });
  const outbox = (await (await fetch(`${endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as { code: string }[];
  await client.confirmSignUp({ username: email, confirmationCode: outbox.at(-1)!.code });
  return email;
}

async function signedIn(email: string, config: Partial<CognitoConfig> = {}) {
  const one = browser(config);
  expect((await one.client.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
  return one;
}

describe('signedInSessions', () => {
  it('lists every browser of the customer, this one first and marked, and signs another out', async () => {
    const email = await customer();
    const first = await signedIn(email);
    const second = await signedIn(email);

    const fromFirst = (await first.api.signedInSessions())!;
    expect(fromFirst).toHaveLength(2);
    expect(fromFirst.map((session) => session.current)).toEqual([true, false]);
    for (const session of fromFirst) {
      expect(session.startedAt).toBeInstanceOf(Date);
      expect(session.lastActiveAt).toBeInstanceOf(Date);
    }
    const fromSecond = (await second.api.signedInSessions())!;
    expect(fromSecond[0]!.id).toBe(fromFirst[1]!.id);

    const heard: string[] = [];
    second.client.onSessionEvent((event) =>
      heard.push(event.type === 'tokenRefreshFailure' ? `${event.type}: ${event.error.message}` : event.type),
    );
    await first.api.signOutSession(fromFirst[1]!.id);
    expect((await first.api.signedInSessions())!.map((session) => session.id)).toEqual([fromFirst[0]!.id]);

    // The other browser's next call to the pool is refused; its refresh is too, and its session ends.
    await expect(second.api.attributes({ fresh: true })).rejects.toMatchObject({ message: 'Access Token has been revoked' });
    expect(heard).toContain('tokenRefreshFailure: Refresh Token has been revoked');
    expect(heard).toContain('signedOut');
    expect((await second.client.fetchAuthSession({ credentials: false })).tokens).toBeUndefined();
  });

  it('signs every other browser out and keeps this one', async () => {
    const email = await customer();
    const others = [await signedIn(email), await signedIn(email)];
    const here = await signedIn(email);
    await here.api.signOutOtherSessions();
    expect((await here.api.signedInSessions())!.map((session) => session.current)).toEqual([true]);
    for (const other of others)
      await expect(other.api.attributes({ fresh: true })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('is null, with no call, where the pool does not track sessions', async () => {
    const here = await signedIn(await customer(), { userSessions: false });
    // The pool does track them: a call would have answered a list.
    expect(await here.api.signedInSessions()).toBeNull();
  });

  it('refuses to sign out a session that is gone or not the customer’s', async () => {
    const email = await customer();
    const here = await signedIn(email);
    const there = await signedIn(email);
    const otherId = (await here.api.signedInSessions())!.find((session) => !session.current)!.id;
    await here.api.signOutSession(otherId);
    await expect(here.api.signOutSession(otherId)).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    const stranger = await signedIn(await customer());
    const strangerId = (await stranger.api.signedInSessions())![0]!.id;
    await expect(here.api.signOutSession(strangerId)).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    // Neither refusal ended anything: this browser and the stranger's still work.
    await here.api.attributes({ fresh: true });
    await stranger.api.attributes({ fresh: true });
    expect(there).toBeDefined();
  });
});

describe('sessionsOf', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, seconds));
  const device = (id: string, lastAuthenticatedDate: Date, remembered: boolean, current = false) => ({
    id,
    name: `device ${id}`,
    remembered,
    current,
    attributes: {},
    lastAuthenticatedDate,
  });

  it('puts this browser first, then the most recently active, each with the remembered device it signed in with', () => {
    const sessions = [
      { id: 'tknolder', current: false, deviceType: 'Firefox 128 / Windows', createdAt: at(0), lastActiveAt: at(10) },
      { id: 'tknnewer', current: false, createdAt: at(20), lastActiveAt: at(30) },
      { id: 'tknhere', current: true, deviceType: 'Chrome 131 / Linux', createdAt: at(40), lastActiveAt: at(40) },
    ];
    const devices = [
      device('here', at(40), true, true),
      device('older', at(3), true),
      // Signed in with when the newer session started, but not remembered: not named.
      device('newer', at(20), false),
    ];
    expect(sessionsOf(sessions, devices)).toEqual([
      { id: 'tknhere', current: true, browser: 'Chrome 131 / Linux', startedAt: at(40), lastActiveAt: at(40), device: 'device here' },
      { id: 'tknnewer', current: false, startedAt: at(20), lastActiveAt: at(30) },
      { id: 'tknolder', current: false, browser: 'Firefox 128 / Windows', startedAt: at(0), lastActiveAt: at(10), device: 'device older' },
    ]);
  });
});
