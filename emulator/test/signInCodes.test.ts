/**
 * Choice-based sign-in (USER_AUTH) against guessing and telling names apart
 * (issue 27, the security review's low findings 2 and 3). E-mailed codes
 * cannot be guessed across sessions: wrong codes count on the account with
 * wrong passwords, a locked account gets no code and its codes are refused,
 * and sends are rationed, for users and unknown names alike. And nothing
 * USER_AUTH answers before a proof tells a user (with or without a verified
 * e-mail or a passkey) from a name that is none.
 */
import {
  CompleteWebAuthnRegistrationCommand,
  type InitiateAuthCommandOutput,
  InitiateAuthCommand,
  StartWebAuthnRegistrationCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { WORK_CHANNEL } from '../src/srp.ts';
import { type CreationOptionsJSON, type RequestOptionsJSON, SoftAuthenticator } from '../test-support/softAuthenticator.ts';
import { PASSWORD, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();

const userAuth = (name: string, preferred?: string) =>
  pool.sdk.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: name, ...(preferred ? { PREFERRED_CHALLENGE: preferred } : {}) },
    }),
  );
const startCode = (name: string) => userAuth(name, 'EMAIL_OTP');
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

/** What an answer shows, without what differs from one call to the next anyway (the Session's value, a WebAuthn challenge). */
function shape(answer: InitiateAuthCommandOutput) {
  const parameters = { ...answer.ChallengeParameters };
  if (parameters.CREDENTIAL_REQUEST_OPTIONS) {
    parameters.CREDENTIAL_REQUEST_OPTIONS = JSON.stringify({ ...JSON.parse(parameters.CREDENTIAL_REQUEST_OPTIONS), challenge: '…' });
  }
  return {
    ChallengeName: answer.ChallengeName,
    ChallengeParameters: parameters,
    AvailableChallenges: answer.AvailableChallenges,
    sessionLength: answer.Session?.length,
  };
}

/** The steps of work (exponentiations, decoy derivations, deliveries) a call makes, in order, and its answer. */
async function stepsOf<T>(call: () => Promise<T>): Promise<{ steps: string[]; answer: T }> {
  const steps: string[] = [];
  const listener = (message: unknown) => steps.push((message as { step: string }).step);
  subscribe(WORK_CHANNEL, listener);
  try {
    return { steps, answer: await call() };
  } finally {
    unsubscribe(WORK_CHANNEL, listener);
  }
}

describe('users and unknown names answer alike before any proof (low finding 3)', () => {
  const ORIGIN = 'http://localhost:5173';

  async function passkeyUser() {
    const email = await pool.verifiedUser();
    const { AccessToken } = await pool.tokens(email);
    const authenticator = new SoftAuthenticator();
    const options = (await pool.sdk.send(new StartWebAuthnRegistrationCommand({ AccessToken }))).CredentialCreationOptions;
    const Credential = authenticator.register(options as unknown as CreationOptionsJSON, ORIGIN);
    await pool.sdk.send(new CompleteWebAuthnRegistrationCommand({ AccessToken, Credential: Credential }));
    return { email, authenticator };
  }

  it('lists the same AvailableChallenges for a user, one with an unverified e-mail, one with a passkey, and an unknown name', async () => {
    const names = {
      verified: await pool.verifiedUser(),
      unverified: await pool.confirmedUser(),
      passkey: (await passkeyUser()).email,
      unknown: newEmail('nobody'),
    };
    const answers = await Promise.all(Object.values(names).map(async (name) => shape(await userAuth(name))));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ ChallengeName: 'SELECT_CHALLENGE', AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'] });
  });

  it('hands out no credential id with PREFERRED_CHALLENGE=WEB_AUTHN, and answers a name without a passkey as a user without one', async () => {
    const { email, authenticator } = await passkeyUser();
    const started = await userAuth(email, 'WEB_AUTHN');
    expect(started.ChallengeName).toBe('WEB_AUTHN');
    const options = JSON.parse(started.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!) as RequestOptionsJSON;
    expect(options.allowCredentials).toEqual([]);
    expect(started.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS).not.toContain(authenticator.id);
    // The passkey, found by the browser among its discoverable credentials, still signs in.
    const signedIn = await pool.respond('WEB_AUTHN', started.Session, {
      USERNAME: email,
      CREDENTIAL: authenticator.assert(options, ORIGIN),
    });
    expect(signedIn.AuthenticationResult).toBeDefined();
    const withoutPasskey = shape(await userAuth(await pool.verifiedUser(), 'WEB_AUTHN'));
    const unknown = shape(await userAuth(newEmail('nobody'), 'WEB_AUTHN'));
    expect(unknown).toEqual(withoutPasskey);
    expect(unknown.ChallengeName).toBe('SELECT_CHALLENGE');
  });

  it('starts an e-mailed code with the same answer and the same work for a user, an unverified e-mail and an unknown name', async () => {
    const names = { verified: await pool.verifiedUser(), unverified: await pool.confirmedUser(), unknown: newEmail('nobody') };
    const runs = [];
    for (const name of Object.values(names)) {
      const { steps, answer } = await stepsOf(() => startCode(name));
      const shown = shape(answer);
      // The masked destination is the login name's, which is each one's own.
      expect(shown.ChallengeParameters.CODE_DELIVERY_DESTINATION).toBe(`${name[0]}***@e***.com`);
      runs.push({ steps, shape: { ...shown, ChallengeParameters: { ...shown.ChallengeParameters, CODE_DELIVERY_DESTINATION: '…' } } });
    }
    for (const run of runs) expect(run).toEqual(runs[0]);
    expect(runs[0]!.steps).toContain('delivery');
    expect(runs[0]!.shape).toMatchObject({ ChallengeName: 'EMAIL_OTP', ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL' } });
    // Only the verified address got a code.
    expect((await pool.outbox(names.verified)).filter((message) => message.kind === 'EmailOtp')).toHaveLength(1);
    expect((await pool.outbox(names.unverified)).filter((message) => message.kind === 'EmailOtp')).toHaveLength(0);
  });
});
