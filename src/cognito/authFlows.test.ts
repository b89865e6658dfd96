import { describe, expect, it } from 'vitest';
import { PASSWORD, confirmedUser, latestCode, rejection, testClient } from './testSupport.ts';

describe('other sign-in flows', () => {
  it('signs in with USER_PASSWORD_AUTH when the app asks for it', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    const result = await client.signIn({ username: email, password: PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(result.step === 'DONE' && result.user.signInDetails).toEqual({ loginId: email, authFlowType: 'USER_PASSWORD_AUTH' });
    await client.signOut();
    const wrong = await rejection(
      client.signIn({ username: email, password: 'Wrong-passw0rd', options: { authFlowType: 'USER_PASSWORD_AUTH' } }),
    );
    expect(wrong.message).toBe('Incorrect username or password.');
  });

  it('answers the custom challenge without a password', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    const challenge = await client.signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    expect(challenge.step).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    expect(challenge.step === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' && challenge.additionalInfo.CODE_DELIVERY_DELIVERY_MEDIUM).toBe(
      'EMAIL',
    );
    const code = await latestCode(email);
    // A wrong answer earns another try.
    const retry = await client.confirmSignIn({ challengeResponse: code === '000000' ? '111111' : '000000' });
    expect(retry.step).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    expect((await client.confirmSignIn({ challengeResponse: code })).step).toBe('DONE');
  });

  it('proves the password with SRP first in CUSTOM_WITH_SRP', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    const wrong = await rejection(
      client.signIn({ username: email, password: 'Wrong-passw0rd', options: { authFlowType: 'CUSTOM_WITH_SRP' } }),
    );
    expect(wrong.message).toBe('Incorrect username or password.');
    const challenge = await client.signIn({ username: email, password: PASSWORD, options: { authFlowType: 'CUSTOM_WITH_SRP' } });
    expect(challenge.step).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    expect((await client.confirmSignIn({ challengeResponse: await latestCode(email) })).step).toBe('DONE');
  });
});
