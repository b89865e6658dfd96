import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createSrpSession, signSrpSession, wrapAuthChallenge, wrapInitiateAuth } from 'cognito-srp-helper';
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD, claims, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();

describe('USER_SRP_AUTH', () => {
  it("accepts cognito-srp-helper's proof and issues RS256 tokens with Cognito's claims", async () => {
    const email = await pool.confirmedUser();
    const result = await pool.tokens(email);
    expect(result).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    expect(result.NewDeviceMetadata).toBeUndefined();
    const access = claims(result.AccessToken!);
    const id = claims(result.IdToken!);
    const iss = `${pool.url}/${pool.poolId}`;
    expect(access).toMatchObject({ iss, client_id: pool.clientId, token_use: 'access', scope: 'aws.cognito.signin.user.admin' });
    expect(access.device_key).toBeUndefined();
    // An admin-confirmed account has not proved its e-mail.
    expect(id).toMatchObject({ iss, aud: pool.clientId, token_use: 'id', email, email_verified: false });
    expect(id['cognito:username']).toBe(access.username);
    expect(access.origin_jti).toBe(id.origin_jti);
    expect((access.exp as number) - (access.iat as number)).toBe(3600);

    // The published JWKS verifies the signature.
    const { keys } = (await (await fetch(`${iss}/.well-known/jwks.json`)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const [header, payload, signature] = result.AccessToken!.split('.') as [string, string, string];
    const kid = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string }).kid;
    const key = createPublicKey({ key: keys.find((k) => k.kid === kid)!, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))).toBe(true);
  });

  it('hands out the challenge parameters clients need', async () => {
    const email = await pool.confirmedUser();
    const { started } = await pool.startSrp(email, PASSWORD);
    expect(started.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(started.ChallengeParameters).toMatchObject({
      SALT: expect.stringMatching(/^[0-9a-f]{32}$/),
      SRP_B: expect.stringMatching(/^[0-9a-f]+$/),
      SECRET_BLOCK: expect.any(String),
      USER_ID_FOR_SRP: started.ChallengeParameters!.USERNAME,
    });
    expect(started.ChallengeParameters!.USERNAME).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const email = await pool.confirmedUser();
    const wrong = await failure(pool.srpSignIn(email, 'Wrong-passw0rd'));
    const unknown = await failure(pool.srpSignIn(newEmail(), PASSWORD));
    for (const error of [wrong, unknown]) {
      expect(error).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
  });

  it('tells an unconfirmed user so only after the right password', async () => {
    const email = await pool.signUp();
    expect(await failure(pool.srpSignIn(email, 'Wrong-passw0rd'))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await failure(pool.srpSignIn(email, PASSWORD))).toMatchObject({
      name: 'UserNotConfirmedException',
      message: 'User is not confirmed.',
    });
  });

  it('uses each SECRET_BLOCK once', async () => {
    const email = await pool.confirmedUser();
    const { session, started } = await pool.startSrp(email, PASSWORD);
    const request = wrapAuthChallenge(signSrpSession(session, started), {
      ClientId: pool.clientId,
      ChallengeName: 'PASSWORD_VERIFIER' as const,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME! },
    });
    await pool.sdk.send(new RespondToAuthChallengeCommand(request));
    expect(await failure(pool.sdk.send(new RespondToAuthChallengeCommand(request)))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses a zero-padded day in the timestamp, as AWS does', async () => {
    const email = await pool.confirmedUser();
    const session = { ...createSrpSession(email, PASSWORD, pool.poolId, false), timestamp: 'Mon Nov 02 10:02:03 UTC 2026' };
    const started = await pool.sdk.send(
      new InitiateAuthCommand(
        wrapInitiateAuth(session, { ClientId: pool.clientId, AuthFlow: 'USER_SRP_AUTH' as const, AuthParameters: { USERNAME: email } }),
      ),
    );
    const request = wrapAuthChallenge(signSrpSession(session, started), {
      ClientId: pool.clientId,
      ChallengeName: 'PASSWORD_VERIFIER' as const,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME! },
    });
    expect(await failure(pool.sdk.send(new RespondToAuthChallengeCommand(request)))).toMatchObject({
      message: 'Incorrect username or password.',
    });
  });

  it('lets a handshake expire with the session', async () => {
    const email = await pool.confirmedUser();
    const { session, started } = await pool.startSrp(email, PASSWORD);
    await pool.advance(3 * 60 * 1000 + 1000);
    expect(await failure(pool.answerPasswordVerifier(session, started))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('refuses an SRP_A that is not a usable number', async () => {
    for (const SRP_A of ['zz', '0']) {
      const error = await failure(
        pool.sdk.send(
          new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: newEmail(), SRP_A } }),
        ),
      );
      expect(error).toMatchObject({ name: 'InvalidParameterException', message: 'Invalid SRP_A value.' });
    }
  });
});

describe('failed sign-ins', () => {
  it('answers "Password attempts exceeded" after five wrong passwords, even to the right one, until the lockout ends', async () => {
    const email = await pool.confirmedUser();
    for (let i = 0; i < 5; i++) {
      expect(await failure(pool.srpSignIn(email, 'Wrong-passw0rd'))).toMatchObject({ message: 'Incorrect username or password.' });
    }
    expect(await failure(pool.srpSignIn(email, PASSWORD))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    await pool.advance(61 * 1000);
    await pool.tokens(email);
  });

  it('locks out a name that is not a user the same way', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) await failure(pool.srpSignIn(email, PASSWORD));
    expect(await failure(pool.srpSignIn(email, PASSWORD))).toMatchObject({ message: 'Password attempts exceeded' });
  });
});
