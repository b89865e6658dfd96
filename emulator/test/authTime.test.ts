/**
 * `auth_time` in every flow (issue 26, item 7): the time the user proved who
 * they are, in the access and the id token alike, and KEPT by every refresh of
 * that sign-in (REFRESH_TOKEN_AUTH, GetTokensFromRefreshToken, the hosted
 * UI's refresh grant), which moves `iat` and `exp` only. The app asks for a
 * new sign-in before sensitive changes when it is older than ten minutes, so
 * a refresh that reset it would let an old session through.
 *
 * A sign-in in several steps (an MFA code, a custom challenge, a code sent to
 * the e-mail) is authenticated when its last step is answered: that is when
 * the tokens are issued, and what auth_time says. Through the hosted UI it is
 * when the user signed in at the hosted page, not when the app exchanged the
 * code; a sign-in carried by the hosted session's cookie keeps the time of the
 * sign-in that set the cookie, unless the app asks for `prompt=login`.
 */
import {
  CompleteWebAuthnRegistrationCommand,
  ConfirmSignUpCommand,
  DescribeUserPoolCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  SetUserPoolMfaConfigCommand,
  SignUpCommand,
  StartWebAuthnRegistrationCommand,
  UpdateUserPoolCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { type CreationOptionsJSON, type RequestOptionsJSON, SoftAuthenticator } from '../test-support/softAuthenticator.ts';
import { PASSWORD, claims, newEmail, totp, useEmulator } from './harness.ts';

const pool = useEmulator();
const MINUTE = 60_000;
const CALLBACK = 'http://localhost:5173/oauth/callback';
const ORIGIN = 'http://localhost:5173';
const PHONE = '+447700900789';

const seconds = (ms: number) => Math.floor(ms / 1000);
const nowSeconds = async () => seconds(await pool.now());

/**
 * A time the emulator has just stamped: its clock runs (and the tests move it on
 * besides), so "now" is the last few seconds. Every test moves the clock a
 * minute or more between the steps it tells apart, so the slack hides nothing.
 */
async function expectJustNow(time: number) {
  const now = await nowSeconds();
  expect(time).toBeLessThanOrEqual(now);
  expect(time).toBeGreaterThan(now - 5);
}

/** The auth_time both tokens carry (they must agree). */
function authTime(result: AuthenticationResultType | undefined): number {
  expect(result?.AccessToken, 'tokens').toBeTruthy();
  const access = claims(result!.AccessToken!);
  const id = claims(result!.IdToken!);
  expect(id.auth_time).toBe(access.auth_time);
  expect(access.auth_time).toEqual(expect.any(Number));
  return access.auth_time as number;
}

const initiate = (
  AuthFlow: 'USER_PASSWORD_AUTH' | 'USER_AUTH' | 'CUSTOM_AUTH' | 'REFRESH_TOKEN_AUTH',
  AuthParameters: Record<string, string>,
  Session?: string,
) => pool.sdk.send(new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow, AuthParameters, Session }));

/** Signs in by SRP, then later refreshes both ways: auth_time stays the sign-in's while iat moves on. */
describe('a refresh keeps auth_time', () => {
  it('REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken, twenty and forty minutes on', async () => {
    const email = await pool.verifiedUser();
    const first = await pool.tokens(email);
    const signedInAt = authTime(first);
    await expectJustNow(signedInAt);
    expect(claims(first.AccessToken!).iat).toBe(signedInAt);

    await pool.advance(20 * MINUTE);
    const refreshed = (await initiate('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: first.RefreshToken! })).AuthenticationResult;
    expect(authTime(refreshed)).toBe(signedInAt);
    await expectJustNow(claims(refreshed!.AccessToken!).iat as number);

    await pool.advance(20 * MINUTE);
    const again = await pool.sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: pool.clientId, RefreshToken: first.RefreshToken! }));
    expect(authTime(again.AuthenticationResult)).toBe(signedInAt);
    expect(claims(again.AuthenticationResult!.IdToken!).iat).toBeGreaterThanOrEqual(signedInAt + 40 * 60);
  });

  it('a new sign-in of the same user has its own auth_time, and the older session keeps its one', async () => {
    const email = await pool.verifiedUser();
    const old = await pool.tokens(email);
    const oldTime = authTime(old);
    await pool.advance(11 * MINUTE);
    const renewed = await pool.tokens(email);
    await expectJustNow(authTime(renewed));
    expect(authTime(renewed)).toBeGreaterThanOrEqual(oldTime + 11 * 60);
    expect(authTime((await initiate('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: old.RefreshToken! })).AuthenticationResult)).toBe(oldTime);
  });
});

describe('auth_time is when the last step of the sign-in was answered', () => {
  it('USER_PASSWORD_AUTH', async () => {
    const email = await pool.verifiedUser();
    await pool.advance(MINUTE);
    await expectJustNow(authTime((await initiate('USER_PASSWORD_AUTH', { USERNAME: email, PASSWORD })).AuthenticationResult));
  });

  it('USER_AUTH with the password, and with a code e-mailed as first factor', async () => {
    const email = await pool.verifiedUser();
    const byPassword = await initiate('USER_AUTH', { USERNAME: email, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD });
    await expectJustNow(authTime(byPassword.AuthenticationResult));

    const started = await initiate('USER_AUTH', { USERNAME: email, PREFERRED_CHALLENGE: 'EMAIL_OTP' });
    expect(started.ChallengeName).toBe('EMAIL_OTP');
    await pool.advance(2 * MINUTE);
    const answered = await pool.respond('EMAIL_OTP', started.Session, {
      USERNAME: email,
      EMAIL_OTP_CODE: await pool.lastCode(email, 'EmailOtp'),
    });
    await expectJustNow(authTime(answered.AuthenticationResult));
  });

  it('USER_AUTH with a texted code (SMS_OTP) and with a passkey (WEB_AUTHN)', async () => {
    const email = await pool.verifiedUser(newEmail(), PASSWORD, { phone_number: PHONE, phone_number_verified: 'true' });
    const current = (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
    const firstFactors = (factors: string[]) =>
      pool.sdk.send(
        new UpdateUserPoolCommand({
          UserPoolId: pool.poolId,
          Policies: { PasswordPolicy: current.Policies!.PasswordPolicy, SignInPolicy: { AllowedFirstAuthFactors: factors as never } },
          AutoVerifiedAttributes: current.AutoVerifiedAttributes,
          MfaConfiguration: current.MfaConfiguration,
        }),
      );
    await firstFactors(['PASSWORD', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN']);
    try {
      const texted = await initiate('USER_AUTH', { USERNAME: email, PREFERRED_CHALLENGE: 'SMS_OTP' });
      expect(texted.ChallengeName).toBe('SMS_OTP');
      await pool.advance(MINUTE);
      const bySms = await pool.respond('SMS_OTP', texted.Session, { USERNAME: email, SMS_OTP_CODE: await pool.lastCode(PHONE, 'SmsOtp') });
      await expectJustNow(authTime(bySms.AuthenticationResult));

      const AccessToken = bySms.AuthenticationResult!.AccessToken!;
      const authenticator = new SoftAuthenticator();
      const creation = (await pool.sdk.send(new StartWebAuthnRegistrationCommand({ AccessToken }))).CredentialCreationOptions;
      await pool.sdk.send(
        new CompleteWebAuthnRegistrationCommand({
          AccessToken,
          Credential: authenticator.register(creation as unknown as CreationOptionsJSON, ORIGIN),
        }),
      );
      const asked = await initiate('USER_AUTH', { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' });
      expect(asked.ChallengeName).toBe('WEB_AUTHN');
      await pool.advance(MINUTE);
      const request = JSON.parse(asked.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!) as RequestOptionsJSON;
      const byPasskey = await pool.respond('WEB_AUTHN', asked.Session, {
        USERNAME: email,
        CREDENTIAL: authenticator.assert(request, ORIGIN),
      });
      await expectJustNow(authTime(byPasskey.AuthenticationResult));
    } finally {
      await firstFactors(['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN']);
    }
  });

  it('an MFA code answered two minutes after the password: the time of the code', async () => {
    await pool.sdk.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: pool.poolId,
        MfaConfiguration: 'OPTIONAL',
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );
    const { email, secret } = await pool.totpUser();
    await pool.advance(MINUTE);

    const challenge = await pool.srpSignIn(email);
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    await pool.advance(2 * MINUTE);
    const done = await pool.respond('SOFTWARE_TOKEN_MFA', challenge.Session, {
      USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!,
      SOFTWARE_TOKEN_MFA_CODE: totp(secret, await pool.now()),
    });
    await expectJustNow(authTime(done.AuthenticationResult));
  });

  it('CUSTOM_AUTH: the time of the answer', async () => {
    const email = await pool.verifiedUser();
    const challenge = await initiate('CUSTOM_AUTH', { USERNAME: email });
    await pool.advance(MINUTE);
    const done = await pool.respond('CUSTOM_CHALLENGE', challenge.Session, {
      USERNAME: challenge.ChallengeParameters!.USERNAME!,
      ANSWER: await pool.lastCode(email, 'Authentication'),
    });
    await expectJustNow(authTime(done.AuthenticationResult));
  });

  it("the sign-in a confirmed sign-up's session makes (auto sign-in): the time of that sign-in", async () => {
    const email = newEmail();
    await pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: email, Password: PASSWORD }));
    const confirmed = await pool.sdk.send(
      new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: email, ConfirmationCode: await pool.lastCode(email, 'SignUp') }),
    );
    await pool.advance(MINUTE);
    const signedIn = await initiate('USER_AUTH', { USERNAME: email }, confirmed.Session);
    await expectJustNow(authTime(signedIn.AuthenticationResult));
  });
});

describe('the hosted UI', () => {
  interface Hop {
    status: number;
    location: string;
    text: string;
    cookie?: string;
  }
  async function send(path: string, options: { form?: Record<string, string>; cookie?: string } = {}): Promise<Hop> {
    const response = await fetch(new URL(path, pool.url), {
      redirect: 'manual',
      headers: {
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      ...(options.form ? { method: 'POST', body: new URLSearchParams(options.form).toString() } : {}),
    });
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    return {
      status: response.status,
      location: response.headers.get('location') ?? '',
      text: await response.text(),
      ...(cookie && { cookie }),
    };
  }
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: pool.clientId,
      redirect_uri: CALLBACK,
      scope: 'openid email aws.cognito.signin.user.admin',
      ...extra,
    }).toString();
  async function exchange(location: string) {
    const code = new URL(location).searchParams.get('code')!;
    const answer = await fetch(`${pool.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: pool.clientId, redirect_uri: CALLBACK, code }).toString(),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Record<string, string>;
    return { AccessToken: body.access_token, IdToken: body.id_token, RefreshToken: body.refresh_token };
  }

  it('is the time of the sign-in at the hosted page, not of the exchange; the cookie keeps it; prompt=login asks again', async () => {
    const email = await pool.verifiedUser();
    const page = await send(`/login?${query()}`);
    const request = /name="request" value="([^"]+)"/.exec(page.text)![1]!;
    const back = await send('/login', { form: { request, username: email, password: PASSWORD } });
    expect(back.status).toBe(302);
    const signedInAt = await nowSeconds();
    await pool.advance(2 * MINUTE);
    const tokens = await exchange(back.location);
    // Two minutes before the exchange.
    expect(authTime(tokens)).toBeLessThanOrEqual(signedInAt);
    expect(authTime(tokens)).toBeGreaterThan(signedInAt - 5);
    const loginTime = authTime(tokens);

    // The refresh grant keeps it too.
    await pool.advance(15 * MINUTE);
    const refreshed = await fetch(`${pool.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: pool.clientId, refresh_token: tokens.RefreshToken! }).toString(),
    });
    const body = (await refreshed.json()) as Record<string, string>;
    expect(authTime({ AccessToken: body.access_token, IdToken: body.id_token })).toBe(loginTime);

    // Seventeen minutes on, the hosted session's cookie signs in without a password: the tokens say when the password was typed.
    const silent = await send(`/oauth2/authorize?${query()}`, { cookie: back.cookie! });
    expect(silent.location.startsWith(CALLBACK)).toBe(true);
    expect(authTime(await exchange(silent.location))).toBe(loginTime);

    // prompt=login: the hosted page asks again, and the new sign-in's time is in the tokens.
    const asked = await send(`/oauth2/authorize?${query({ prompt: 'login' })}`, { cookie: back.cookie! });
    expect(asked.location).toMatch(/^\/login\?/);
    const again = await send(asked.location);
    const second = /name="request" value="([^"]+)"/.exec(again.text)![1]!;
    const renewed = await send('/login', { form: { request: second, username: email, password: PASSWORD } });
    const renewedAt = authTime(await exchange(renewed.location));
    await expectJustNow(renewedAt);
    expect(renewedAt).toBeGreaterThanOrEqual(signedInAt + 17 * 60 - 5);
  });
});
