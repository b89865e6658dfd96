/**
 * E-mailed sign-in codes (USER_AUTH EMAIL_OTP) cannot be guessed across
 * sessions (issue 27, the security review's low finding 2): wrong codes count
 * on the account with wrong passwords, a locked account gets no code and its
 * codes are refused, and sends are rationed, for users and unknown names alike.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { PASSWORD, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();

const startCode = (name: string) =>
  pool.sdk.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: name, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
    }),
  );
const answerCode = (session: string | undefined, name: string, code: string) =>
  pool.respond('EMAIL_OTP', session, { USERNAME: name, EMAIL_OTP_CODE: code });
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'signed in',
    (error: Error) => `${error.name}: ${error.message}`,
  );
/** A code that is not the one sent: the unknown name has none, so any will do. */
const wrongFor = async (name: string, real: string) => {
  if (name !== real) return '000000';
  const sent = await pool.lastCode(real, 'EmailOtp');
  return sent === '000000' ? '000001' : '000000';
};

describe('wrong sign-in codes count on the account', () => {
  it('locks the account after five wrong codes over two sign-ins, then refuses new codes, codes in open sessions and passwords', async () => {
    const real = await pool.verifiedUser();
    const unknown = newEmail('nobody');
    for (const name of [real, unknown]) {
      const first = await startCode(name);
      for (let i = 0; i < 3; i++) {
        expect(await outcome(answerCode(first.Session, name, await wrongFor(name, real))), name).toBe(
          'CodeMismatchException: Invalid code received for user',
        );
      }
      const second = await startCode(name);
      const wrong = await wrongFor(name, real);
      for (let i = 0; i < 2; i++) {
        expect(await outcome(answerCode(second.Session, name, wrong)), name).toBe('CodeMismatchException: Invalid code received for user');
      }
      // Five wrong codes: locked, as after five wrong passwords.
      expect(await outcome(startCode(name)), name).toBe('NotAuthorizedException: Password attempts exceeded');
      const right = name === real ? await pool.lastCode(real, 'EmailOtp') : '123456';
      expect(await outcome(answerCode(second.Session, name, right)), name).toBe('NotAuthorizedException: Password attempts exceeded');
      expect(
        await outcome(
          pool.sdk.send(
            new InitiateAuthCommand({
              ClientId: pool.clientId,
              AuthFlow: 'USER_PASSWORD_AUTH',
              AuthParameters: { USERNAME: name, PASSWORD },
            }),
          ),
        ),
        name,
      ).toBe('NotAuthorizedException: Password attempts exceeded');
    }
    await pool.advance(61_000);
    const again = await startCode(real);
    expect(await outcome(answerCode(again.Session, real, await pool.lastCode(real, 'EmailOtp')))).toBe('signed in');
  });
});

describe('sign-in codes are rationed', () => {
  it('sends five an hour, then answers LimitExceededException, for a user and an unknown name alike', async () => {
    const real = await pool.verifiedUser();
    const unknown = newEmail('nobody');
    for (const name of [real, unknown]) {
      for (let i = 0; i < 5; i++) expect((await startCode(name)).ChallengeName, name).toBe('EMAIL_OTP');
      expect(await outcome(startCode(name)), name).toBe('LimitExceededException: Attempt limit exceeded, please try after some time.');
    }
    expect((await pool.outbox(real)).filter((message) => message.kind === 'EmailOtp')).toHaveLength(5);
    await pool.advance(60 * 60 * 1000 + 1000);
    for (const name of [real, unknown]) expect((await startCode(name)).ChallengeName, name).toBe('EMAIL_OTP');
  });
});
