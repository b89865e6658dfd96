/**
 * Choice-based sign-in (USER_AUTH) against the test pool, whose seeded pool
 * allows passwords, e-mailed codes and passkeys. Passkeys themselves need a
 * browser's authenticator: the e2e suite signs in with Chromium's virtual one
 * (e2e/passwordless.spec.ts); here, the JSON the client translates.
 */
import { describe, expect, it } from 'vitest';
import { confirmedUser, countingProxy, emulator, latestCode, PASSWORD, rejection, testClient } from './testSupport.ts';
import { LAST_LOGIN_KEY as NOTED_KEY } from './security.ts';
import { LAST_LOGIN_KEY as READ_KEY } from './userAuth.ts';
import { fromBase64Url, requestOptions, toBase64Url } from './webauthn.ts';

describe('choice-based sign-in (USER_AUTH)', () => {
  it('offers the pool’s first factors, then signs in with the code e-mailed for the one chosen', async () => {
    const email = await confirmedUser();
    const { client } = testClient();
    const offered = await client.signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    expect(offered.step).toBe('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION');
    if (offered.step !== 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION') return;
    expect(offered.availableChallenges).toEqual(expect.arrayContaining(['EMAIL_OTP']));
    expect(offered.availableChallenges.some((factor) => factor === 'PASSWORD' || factor === 'PASSWORD_SRP')).toBe(true);

    const asked = await client.confirmSignIn({ challengeResponse: 'EMAIL_OTP' });
    expect(asked).toMatchObject({ step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { deliveryMedium: 'EMAIL' } });
    const code = await latestCode(email);
    const wrong = await rejection(client.confirmSignIn({ challengeResponse: code === '000000' ? '111111' : '000000' }));
    expect(wrong.name).toBe('CodeMismatchException');
    const done = await client.confirmSignIn({ challengeResponse: code });
    expect(done.step).toBe('DONE');
    expect((await client.getCurrentUser()).signInDetails).toEqual({ loginId: email, authFlowType: 'USER_AUTH' });
  });

  it('goes straight to the preferred factor: one request for the e-mailed code', async () => {
    const email = await confirmedUser();
    const proxy = await countingProxy();
    try {
      const { region, userPoolId, userPoolClientId } = emulator();
      const { client } = testClient({ config: { region, userPoolId, userPoolClientId, endpoint: proxy.endpoint } });
      const asked = await client.signIn({ username: email, options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' } });
      expect(asked.step).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
      expect(proxy.requests.map((request) => request.operation)).toEqual(['InitiateAuth']);
      expect((await client.confirmSignIn({ challengeResponse: await latestCode(email) })).step).toBe('DONE');
    } finally {
      await proxy.close();
    }
  });

  it('asks for the password when it is chosen, without a request, then proves it with SRP', async () => {
    const email = await confirmedUser();
    const { client } = testClient();
    const offered = await client.signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    if (offered.step !== 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION') expect.fail(`expected the choice, got ${offered.step}`);
    const factor = offered.availableChallenges.includes('PASSWORD_SRP') ? 'PASSWORD_SRP' : 'PASSWORD';
    expect(await client.confirmSignIn({ challengeResponse: factor })).toEqual({ step: 'CONFIRM_SIGN_IN_WITH_PASSWORD' });
    const refused = await rejection(client.confirmSignIn({ challengeResponse: 'not-the-password' }));
    expect(refused.name).toBe('NotAuthorizedException');
  });

  it('signs in with the password preferred (SRP), and refuses a password with no password factor preferred', async () => {
    const email = await confirmedUser();
    const { client } = testClient();
    const done = await client.signIn({
      username: email,
      password: PASSWORD,
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD_SRP' },
    });
    expect(done.step).toBe('DONE');
    const other = testClient().client;
    const refused = await rejection(other.signIn({ username: email, password: PASSWORD, options: { authFlowType: 'USER_AUTH' } }));
    expect(refused.name).toBe('InvalidParameter');
  });

  it('starts over when the customer goes back to the choice from the e-mailed code', async () => {
    const email = await confirmedUser();
    const { client } = testClient();
    await client.signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    await client.confirmSignIn({ challengeResponse: 'EMAIL_OTP' });
    const sent = async () =>
      ((await (await fetch(`${emulator().endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as unknown[]).length;
    const before = await sent();
    // Back at the choice, the customer asks again: a new sign-in, a new code.
    const again = await client.confirmSignIn({ challengeResponse: 'EMAIL_OTP' });
    expect(again.step).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    expect(await sent()).toBe(before + 1);
    expect((await client.confirmSignIn({ challengeResponse: await latestCode(email) })).step).toBe('DONE');
  });

  it('sends the e-mailed code again: a new sign-in whose new code signs in, the old code refused, the choice kept', async () => {
    const email = await confirmedUser();
    const { client } = testClient();
    const offered = await client.signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    expect(offered.step).toBe('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION');
    await client.confirmSignIn({ challengeResponse: 'EMAIL_OTP' });
    const first = await latestCode(email);
    const again = await client.resendSignInCode({ username: email });
    expect(again).toMatchObject({ step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { deliveryMedium: 'EMAIL' } });
    const second = await latestCode(email);
    expect(second).not.toBe(first);
    // The old code belonged to the old session: Cognito refuses it now.
    expect((await rejection(client.confirmSignIn({ challengeResponse: first }))).name).toBe('CodeMismatchException');
    // The choice is still known: going back to it and asking for the code again works as before.
    expect((await client.confirmSignIn({ challengeResponse: 'EMAIL_OTP' })).step).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    expect((await client.confirmSignIn({ challengeResponse: await latestCode(email) })).step).toBe('DONE');
  });

  it('sends the e-mailed code with no sign-in under way (it expired, say) as a new sign-in, and needs the e-mail', async () => {
    const email = await confirmedUser();
    const { client } = testClient();
    const fresh = await client.resendSignInCode({ username: email });
    expect(fresh.step).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    expect((await client.confirmSignIn({ challengeResponse: await latestCode(email) })).step).toBe('DONE');
    expect((await rejection(testClient().client.resendSignInCode({ username: '  ' }))).name).toBe('EmptyUsername');
  });
});

describe('which first factor signed the customer in (for the passkey offer)', () => {
  const byPassword = async (client: ReturnType<typeof testClient>['client']) => (await client.security()).signedInWithPassword();

  it('notes a password sign-in, classic or chosen, until the offer is made or the customer signs out', async () => {
    const email = await confirmedUser();
    const { client } = testClient();
    expect((await client.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
    expect(await byPassword(client)).toBe(true);
    (await client.security()).passkeyOffered();
    expect(await byPassword(client)).toBe(false);
    await client.signOut();

    const offered = await client.signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    if (offered.step !== 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION') expect.fail(`expected the choice, got ${offered.step}`);
    await client.confirmSignIn({ challengeResponse: offered.availableChallenges.includes('PASSWORD_SRP') ? 'PASSWORD_SRP' : 'PASSWORD' });
    expect((await client.confirmSignIn({ challengeResponse: PASSWORD })).step).toBe('DONE');
    expect(await byPassword(client)).toBe(true);
    await client.signOut();
    expect(await byPassword(client)).toBe(false);
  });

  it('does not note a sign-in by e-mailed code', async () => {
    const email = await confirmedUser();
    const { client } = testClient();
    const offered = await client.signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    if (offered.step !== 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION') expect.fail(`expected the choice, got ${offered.step}`);
    await client.confirmSignIn({ challengeResponse: 'EMAIL_OTP' });
    expect((await client.confirmSignIn({ challengeResponse: await latestCode(email) })).step).toBe('DONE');
    expect(await byPassword(client)).toBe(false);
  });
});

describe('passkey JSON', () => {
  it('reads base64url fields as bytes and writes them back unpadded', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    const text = toBase64Url(bytes);
    expect(text).not.toMatch(/[+/=]/);
    expect(new Uint8Array(fromBase64Url(text))).toEqual(bytes);
  });

  it('turns CREDENTIAL_REQUEST_OPTIONS into what navigator.credentials.get takes', () => {
    const challenge = toBase64Url(new Uint8Array([9, 8, 7]));
    const id = toBase64Url(new Uint8Array([1, 2, 3, 4]));
    const options = requestOptions(
      JSON.stringify({ challenge, rpId: 'localhost', userVerification: 'preferred', allowCredentials: [{ id, type: 'public-key' }] }),
    );
    expect(new Uint8Array(options.challenge as ArrayBuffer)).toEqual(new Uint8Array([9, 8, 7]));
    expect(options.rpId).toBe('localhost');
    expect(new Uint8Array(options.allowCredentials![0]!.id as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3, 4]));
  });
});

describe('passkey autofill', () => {
  it('notes the account and reads it under one key', () => {
    expect(NOTED_KEY).toBe(READ_KEY);
  });

  it('asks the pool nothing with no account noted or no conditional mediation (Node has neither), and ends with its signal', async () => {
    const email = await confirmedUser();
    const proxy = await countingProxy();
    try {
      const { region, userPoolId, userPoolClientId } = emulator();
      const { client } = testClient({ config: { region, userPoolId, userPoolClientId, endpoint: proxy.endpoint } });
      expect(typeof globalThis.PublicKeyCredential).toBe('undefined');
      expect(typeof globalThis.localStorage).toBe('undefined');
      const ended = new AbortController();
      const autofill = rejection(client.confirmSignInWithPasskey({ signal: ended.signal }));
      // Nothing to offer: it waits, asking nothing, until the sign-in screen moves on.
      ended.abort();
      expect((await autofill).name).toBe('PasskeyCancelled');
      expect(proxy.requests).toEqual([]);
      // The client is as it was: a sign-in goes on as usual.
      expect((await client.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
    } finally {
      await proxy.close();
    }
  });
});
