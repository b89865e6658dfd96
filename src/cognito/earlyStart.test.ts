// A password sign-in started at a press on the prerendered card (earlyStart.ts), against the emulator through a
// proxy that writes down every request: the sign-in that follows takes its result and sends nothing itself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isThrottlingError } from '@smithy/core/retry';
import { EARLY_START_MS, THROTTLING_ERRORS } from './earlyStart.ts';
import {
  confirmedUser,
  countingProxy,
  type CountingProxy,
  emulator,
  PASSWORD,
  rejection,
  type StandInAnswer,
  testClient,
} from './testSupport.ts';

describe('a sign-in started early', () => {
  let proxy: CountingProxy;
  let offset = 0;
  beforeEach(async () => {
    proxy = await countingProxy();
    offset = 0;
  });
  afterEach(() => proxy.close());

  const client = () => {
    const { region, userPoolId, userPoolClientId } = emulator();
    return testClient({ now: () => Date.now() + offset, config: { region, userPoolId, userPoolClientId, endpoint: proxy.endpoint } })
      .client;
  };
  const operations = () => proxy.requests.map((request) => request.operation);

  it('is taken by the sign-in with the same e-mail and password: two requests in all, both before signIn is called', async () => {
    const email = await confirmedUser();
    const tab = client();
    await tab.prepareEarlySignIn();
    await tab.startSignInEarly(email, PASSWORD);
    // Settled once the sign-in has ended.
    expect(operations()).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    const result = await tab.signIn({ username: email, password: PASSWORD });
    expect(result.step).toBe('DONE');
    expect(operations()).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect((await tab.getCurrentUser()).signInDetails?.loginId).toBe(email);
    // Taken by the sign-in: the app's start does not take it again.
    expect(tab.takeEarlySession()).toBe(false);
  });

  it("ends signed in on its own, and hands its session, once, to the app's start as a sign-in's", async () => {
    const email = await confirmedUser();
    const tab = client();
    await tab.startSignInEarly(email, PASSWORD);
    expect((await tab.getCurrentUser()).signInDetails?.loginId).toBe(email);
    expect(tab.takeEarlySession()).toBe(true);
    expect(tab.takeEarlySession()).toBe(false);
    expect(operations()).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
  });

  it('hands its session over from the moment its tokens are stored, before its result has settled', async () => {
    const email = await confirmedUser();
    const tab = client();
    let taken: boolean | undefined;
    // The app's start may read the session between the tokens' storing and the sign-in's result.
    const stop = tab.onSessionEvent((event) => {
      if (event.type === 'signedIn') taken ??= tab.takeEarlySession();
    });
    await tab.startSignInEarly(email, PASSWORD);
    stop();
    expect(taken).toBe(true);
    expect(tab.takeEarlySession()).toBe(false);
  });

  it("gives the sign-in the pool's refusal of a wrong password, as a sign-in of its own would, after one attempt", async () => {
    const email = await confirmedUser();
    const own = await rejection(client().signIn({ username: email, password: 'Wrong-passw0rd!' }));
    proxy.requests.length = 0;
    const tab = client();
    await tab.startSignInEarly(email, 'Wrong-passw0rd!');
    expect(tab.takeEarlySession()).toBe(false);
    const early = await rejection(tab.signIn({ username: email, password: 'Wrong-passw0rd!' }));
    expect({ name: early.name, message: early.message }).toEqual({ name: own.name, message: own.message });
    expect(early.name).toBe('NotAuthorizedException');
    expect(operations()).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
  });

  it('is dropped by a sign-in with another password, which sends its own requests', async () => {
    const email = await confirmedUser();
    const tab = client();
    await tab.startSignInEarly(email, 'Not-the-passw0rd!');
    await expect(tab.signIn({ username: email, password: PASSWORD })).resolves.toMatchObject({ step: 'DONE' });
    expect(operations()).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'InitiateAuth', 'RespondToAuthChallenge']);
  });

  it('is dropped by a sign-in for another e-mail, and once it is too old', async () => {
    const [email, other] = [await confirmedUser(), await confirmedUser()];
    const tab = client();
    await tab.startSignInEarly(other, 'Wrong-passw0rd!');
    await expect(tab.signIn({ username: email, password: PASSWORD })).resolves.toMatchObject({ step: 'DONE' });
    expect((await tab.getCurrentUser()).signInDetails?.loginId).toBe(email);
    expect(operations()).toHaveLength(4);

    const later = client();
    await later.startSignInEarly(email, 'Wrong-passw0rd!');
    offset = EARLY_START_MS;
    // Its own attempt, refused as the early one was.
    await expect(later.signIn({ username: email, password: 'Wrong-passw0rd!' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(operations()).toHaveLength(8);
  });

  it("answers an unknown e-mail as the pool does, with the sign-in's own error", async () => {
    const tab = client();
    const own = await rejection(client().signIn({ username: 'nobody.here@example.com', password: PASSWORD }));
    await tab.startSignInEarly('nobody.here@example.com', PASSWORD);
    const early = await rejection(tab.signIn({ username: 'nobody.here@example.com', password: PASSWORD }));
    expect({ name: early.name, message: early.message }).toEqual({ name: own.name, message: own.message });
  });

  /** A client in front of the proxy whose first request gets `first` from a stand-in for the pool. */
  async function firstAnswered(first: StandInAnswer) {
    const stand = await countingProxy(proxy.endpoint, (_request, index) => (index === 0 ? first : undefined));
    const { region, userPoolId, userPoolClientId } = emulator();
    return {
      client: testClient({ config: { region, userPoolId, userPoolClientId, endpoint: stand.endpoint } }).client,
      answered: () => stand.requests.length,
      close: () => stand.close(),
    };
  }

  const retried = [
    { what: 'a server error', status: 503, body: '{"__type":"InternalErrorException","message":"busy"}' },
    {
      what: 'throttling',
      status: 400,
      headers: { 'x-amzn-errortype': 'TooManyRequestsException:' },
      body: '{"__type":"TooManyRequestsException","message":"Rate exceeded"}',
    },
  ];
  for (const { what, ...first } of retried) {
    it(`leaves the sign-in to ask itself, through the SDK, where the pool answered with ${what}`, async () => {
      const email = await confirmedUser();
      const stand = await firstAnswered(first);
      try {
        await stand.client.startSignInEarly(email, PASSWORD);
        await expect(stand.client.signIn({ username: email, password: PASSWORD })).resolves.toMatchObject({ step: 'DONE' });
        // The early InitiateAuth never reached the pool; the sign-in's own two did.
        expect(stand.answered()).toBe(3);
        expect(operations()).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
      } finally {
        await stand.close();
      }
    });
  }

  it('counts as throttling only what the SDK retries as throttling', () => {
    for (const name of THROTTLING_ERRORS) expect(isThrottlingError({ name, message: '', $metadata: {} }), name).toBe(true);
    expect(isThrottlingError({ name: 'NotAuthorizedException', message: '', $metadata: {} })).toBe(false);
  });

  it('never fails itself, a blank e-mail included: it sends nothing then, and the sign-in asks on its own', async () => {
    const tab = client();
    await expect(tab.startSignInEarly('   ', PASSWORD)).resolves.toBeUndefined();
    expect(operations()).toEqual([]);
  });

  it('sends nothing while someone is signed in here', async () => {
    const email = await confirmedUser();
    const tab = client();
    await tab.signIn({ username: email, password: PASSWORD });
    proxy.requests.length = 0;
    await tab.startSignInEarly(email, PASSWORD);
    expect(operations()).toEqual([]);
  });
});
