import {
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SetUserPoolMfaConfigCommand,
  SetUserPoolSessionConfigurationCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { isLoopback } from '../src/server.ts';
import { PASSWORD, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();

async function post(path: string, body: unknown) {
  const response = await fetch(`${pool.url}/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const signUp = (sdk = pool.sdk) => sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: newEmail(), Password: PASSWORD }));

describe('config and outbox', () => {
  it('publishes the config the app and the README expect', async () => {
    const config = await pool.control('config');
    expect(config).toEqual({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_LocalPool',
      userPoolClientId: 'customerareaclient00000001',
      identityPoolId: 'eu-west-1:5eeded00-0000-4000-8000-000000000001',
      endpoint: pool.url,
      // The seeded pool's MFA is OFF: no factor to offer.
      mfaMethods: [],
      // It tracks sessions, so the Account page may list them.
      userSessions: true,
    });
  });

  it('reports whether the pool tracks sessions, read at each request', async () => {
    const set = (UserSessionTracking: 'ENABLED' | 'DISABLED') =>
      pool.sdk.send(
        new SetUserPoolSessionConfigurationCommand({ UserPoolId: pool.poolId, UserSessionTracking, TokenSession: { MaxPerUser: 20 } }),
      );
    try {
      await set('DISABLED');
      expect(await pool.control('config')).toMatchObject({ userSessions: false });
    } finally {
      await set('ENABLED');
    }
    expect(await pool.control('config')).toMatchObject({ userSessions: true });
  });

  it("reports the factors the pool's MFA settings offer, read at each request", async () => {
    const set = (MfaConfiguration: 'OFF' | 'OPTIONAL', sms: boolean, email = false) =>
      pool.sdk.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId: pool.poolId,
          MfaConfiguration,
          ...(sms ? { SmsMfaConfiguration: {} } : {}),
          ...(email ? { EmailMfaConfiguration: {} } : {}),
          SoftwareTokenMfaConfiguration: { Enabled: true },
        }),
      );
    try {
      await set('OPTIONAL', true);
      expect(await pool.control('config')).toMatchObject({ mfaMethods: ['TOTP', 'SMS'] });
      await set('OPTIONAL', false);
      expect(await pool.control('config')).toMatchObject({ mfaMethods: ['TOTP'] });
      await set('OPTIONAL', true, true);
      expect(await pool.control('config')).toMatchObject({ mfaMethods: ['TOTP', 'SMS', 'EMAIL'] });
      // Passkeys as a second factor, where the pool lets a passkey with user verification stand for MFA.
      await pool.sdk.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId: pool.poolId,
          MfaConfiguration: 'OPTIONAL',
          SoftwareTokenMfaConfiguration: { Enabled: true },
          WebAuthnConfiguration: { RelyingPartyId: 'localhost', FactorConfiguration: 'MULTI_FACTOR_WITH_USER_VERIFICATION' },
        }),
      );
      expect(await pool.control('config')).toMatchObject({ mfaMethods: ['TOTP', 'WEB_AUTHN'] });
    } finally {
      await set('OFF', true);
      await pool.sdk.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId: pool.poolId,
          SmsMfaConfiguration: {},
          EmailMfaConfiguration: {},
          SoftwareTokenMfaConfiguration: { Enabled: true },
          WebAuthnConfiguration: { RelyingPartyId: 'localhost', UserVerification: 'preferred' },
        }),
      );
    }
    expect(await pool.control('config')).toMatchObject({ mfaMethods: [] });
  });

  it('keeps an outbox, oldest first, and a mailbox page that escapes what it shows', async () => {
    const email = `a<script>${newEmail()}`;
    await pool.signUp(email);
    const messages = await pool.outbox(email.toUpperCase());
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: email, kind: 'SignUp', code: expect.stringMatching(/^\d{6}$/) });
    expect(Date.parse(messages[0]!.at)).not.toBeNaN();
    const page = await (await fetch(`${pool.url}/_emulator/`)).text();
    expect(page).toContain(email.replace('<', '&lt;').replace('>', '&gt;'));
    expect(page).not.toContain(email);
  });

  it("switches the seeded pool's two-step verification and remembered devices on and off, from the mailbox page too", async () => {
    const describe = async () => (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
    expect(await pool.control('pool')).toEqual({ mfa: 'OFF', deviceTracking: false });
    const mailbox = await fetch(`${pool.url}/_emulator/`);
    expect(await mailbox.text()).toMatch(/Two-step verification<\/strong>: off[^]*Turn on[^]*<script src="\/_emulator\/mailbox.js">/);
    // Its switches' script is a file of the pool's own, the one script its policy lets run.
    expect(mailbox.headers.get('content-security-policy')).toContain("script-src 'self'; connect-src 'self'");
    const script = await fetch(`${pool.url}/_emulator/mailbox.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("fetch('/_emulator/pool'");
    try {
      expect(await post('pool', { mfa: 'OPTIONAL', deviceTracking: true })).toEqual({
        status: 200,
        body: { mfa: 'OPTIONAL', deviceTracking: true },
      });
      const described = await describe();
      expect(described.MfaConfiguration).toBe('OPTIONAL');
      expect(described.DeviceConfiguration).toEqual({ ChallengeRequiredOnNewDevice: true, DeviceOnlyRememberedOnUserPrompt: true });
      expect((await pool.control<{ mfaMethods: string[] }>('config')).mfaMethods).toContain('TOTP');
      const page = await (await fetch(`${pool.url}/_emulator/`)).text();
      expect(page).toMatch(/Two-step verification<\/strong>: on[^]*an authenticator app[^]*Remembered devices<\/strong>: on/);
      expect(page).toContain('data-change="{&quot;mfa&quot;:&quot;OFF&quot;}"');

      for (const [wrong, type] of [
        [{}, 'InvalidParameterException'],
        [{ mfa: 'ON' }, 'InvalidParameterException'],
        [{ deviceTracking: 'yes' }, 'SerializationException'],
      ] as const) {
        const refused = await post('pool', wrong);
        expect(refused.status, JSON.stringify(wrong)).toBe(400);
        expect(refused.body).toMatchObject({ __type: type, message: expect.any(String) });
      }
      expect(await pool.control('pool')).toEqual({ mfa: 'OPTIONAL', deviceTracking: true });
    } finally {
      expect((await post('pool', { mfa: 'OFF', deviceTracking: false })).body).toEqual({ mfa: 'OFF', deviceTracking: false });
    }
    expect((await describe()).DeviceConfiguration).toBeUndefined();
  });

  it('answers on loopback only', () => {
    for (const address of ['127.0.0.1', '127.5.5.5', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', undefined]) expect(isLoopback(address)).toBe(false);
  });
});

describe('clock', () => {
  it('moves forward, or to a set offset, and says where it is', async () => {
    const before = await pool.control<{ now: number; offsetMs: number }>('clock');
    const moved = await post('clock', { advanceMs: 3_600_000 });
    expect(moved.status).toBe(200);
    expect(moved.body.offsetMs).toBe(before.offsetMs + 3_600_000);
    expect(moved.body.now as number).toBeGreaterThanOrEqual(before.now + 3_600_000);
    const set = await post('clock', { offsetMs: 0 });
    expect(set.body).toMatchObject({ offsetMs: 0, iso: expect.stringMatching(/Z$/) });
  });

  it('expires tokens when moved past their lifetime', async () => {
    const email = await pool.verifiedUser();
    const { AccessToken } = await pool.tokens(email);
    await post('clock', { advanceMs: 3600 * 1000 });
    expect(await failure(pool.sdk.send(new GetUserCommand({ AccessToken })))).toMatchObject({ message: 'Access Token has expired' });
  });

  it('refuses a request it cannot read', async () => {
    expect((await post('clock', '{')).body.__type).toBe('SerializationException');
    expect((await post('clock', { advanceMs: 'soon' })).status).toBe(400);
    expect((await post('clock', {})).status).toBe(400);
    expect((await post('clock', { advanceMs: 1, offsetMs: 1 })).status).toBe(400);
  });
});

describe('faults', () => {
  it('answers the next N calls of an operation with a Cognito error, then serves normally', async () => {
    const set = await post('faults', { operation: 'SignUp', count: 2, error: 'TooManyRequestsException', message: 'Rate exceeded' });
    expect(set.status).toBe(201);
    expect((await pool.control<{ faults: unknown[] }>('faults')).faults).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      expect(await failure(signUp())).toMatchObject({
        name: 'TooManyRequestsException',
        message: 'Rate exceeded',
        $metadata: { httpStatusCode: 400 },
      });
    }
    await signUp();
    expect((await pool.control<{ faults: unknown[] }>('faults')).faults).toEqual([]);
  });

  it('answers with a bare 5xx, which the SDK retries up to three attempts', async () => {
    const retrying = new CognitoIdentityProviderClient({
      region: 'eu-west-1',
      endpoint: pool.url,
      credentials: { accessKeyId: 't', secretAccessKey: 't' },
    });
    await post('faults', { operation: 'SignUp', count: 2, status: 503 });
    await signUp(retrying);
    await post('faults', { operation: 'SignUp', count: 3, status: 503 });
    expect(await failure(signUp(retrying))).toMatchObject({
      name: 'InternalErrorException',
      $metadata: { httpStatusCode: 503, attempts: 3 },
    });
  });

  it('drops the connection without an answer', async () => {
    await post('faults', { operation: 'InitiateAuth', drop: true });
    const dropped = await fetch(pool.url, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth', 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    }).then(
      () => 'answered',
      () => 'dropped',
    );
    expect(dropped).toBe('dropped');
    expect((await pool.raw('AWSCognitoIdentityProviderService.InitiateAuth', '{}')).body.__type).toBe('InvalidParameterException');
  });

  it('matches any operation with *, and clears on DELETE', async () => {
    await post('faults', { operation: '*', count: 5, error: 'InternalErrorException' });
    expect(await failure(pool.sdk.send(new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_SRP_AUTH' })))).toMatchObject({
      name: 'InternalErrorException',
      $metadata: { httpStatusCode: 500 },
    });
    const cleared = await fetch(`${pool.url}/_emulator/faults`, { method: 'DELETE', headers: { 'content-type': 'application/json' } });
    expect(await cleared.json()).toEqual({ faults: [] });
    await signUp();
  });

  it('refuses a fault it cannot understand', async () => {
    for (const body of [
      {},
      { operation: 'SignUp' },
      { operation: 'SignUp', status: 404 },
      { operation: 'SignUp', drop: true, error: 'X' },
      { operation: 'SignUp', count: 0, drop: true },
    ]) {
      expect((await post('faults', body)).status).toBe(400);
    }
  });
});

describe('token lifetimes', () => {
  it('makes tokens and sessions as short as seconds, and says so', async () => {
    const set = await post('token-validity', { accessTokenSeconds: 2, idTokenSeconds: 3, authSessionSeconds: 5 });
    expect(set.body).toEqual({
      clientId: pool.clientId,
      accessTokenSeconds: 2,
      idTokenSeconds: 3,
      refreshTokenSeconds: 2_592_000,
      authSessionSeconds: 5,
    });
    expect(await pool.control('token-validity')).toEqual(set.body);
    const email = await pool.verifiedUser();
    const tokens = await pool.tokens(email);
    expect(tokens.ExpiresIn).toBe(2);
    await pool.advance(2000);
    expect(await failure(pool.sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken })))).toMatchObject({
      message: 'Access Token has expired',
    });
    const { session, started } = await pool.startSrp(email, PASSWORD);
    await pool.advance(5000);
    expect(await failure(pool.answerPasswordVerifier(session, started))).toMatchObject({
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('refuses lifetimes out of range and unknown clients', async () => {
    expect((await post('token-validity', { accessTokenSeconds: 0 })).status).toBe(400);
    expect((await post('token-validity', { accessTokenSeconds: 86_401 })).status).toBe(400);
    expect((await post('token-validity', { clientId: 'nope', accessTokenSeconds: 5 })).body.__type).toBe('ResourceNotFoundException');
  });
});

describe('reset', () => {
  it('forgets users, messages, time, faults and lifetimes, and keeps the keys', async () => {
    const jwks = async () => (await fetch(`${pool.url}/${pool.poolId}/.well-known/jwks.json`)).text();
    const keysBefore = await jwks();
    const email = await pool.verifiedUser();
    await pool.signUp();
    await post('clock', { advanceMs: 1000 });
    await post('faults', { operation: 'GetUser', count: 9, error: 'InternalErrorException' });
    await post('token-validity', { accessTokenSeconds: 9 });
    const reset = await post('reset', {});
    expect(reset.body.userPoolId).toBe(pool.poolId);
    expect(await failure(pool.srpSignIn(email))).toMatchObject({ message: 'Incorrect username or password.' });
    expect(await pool.control('outbox')).toEqual([]);
    expect(await pool.control('clock')).toMatchObject({ offsetMs: 0 });
    expect(await pool.control('faults')).toEqual({ faults: [] });
    expect(await pool.control('token-validity')).toMatchObject({ accessTokenSeconds: 3600 });
    expect(await jwks()).toBe(keysBefore);
  });

  it('answers 404 for an unknown control and 405 for a wrong method', async () => {
    expect((await fetch(`${pool.url}/_emulator/nope`)).status).toBe(404);
    expect((await fetch(`${pool.url}/_emulator/reset`)).status).toBe(405);
  });
});
