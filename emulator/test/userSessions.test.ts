/**
 * The user-session API through the SDK: each sign-in a token session, listed
 * with its browser and times, ended one by one by the user or an
 * administrator, and capped per user with the least recently used ended.
 * Every request's changes are replayed from the journal (harness), so what
 * these calls change is what a restart after kill -9 gives back.
 */
import {
  AdminListUserSessionsCommand,
  AdminRevokeUserSessionCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GetUserPoolClientSessionConfigurationCommand,
  GetUserPoolSessionConfigurationCommand,
  InitiateAuthCommand,
  ListUserSessionsCommand,
  RevokeUserSessionCommand,
  SetUserPoolClientSessionConfigurationCommand,
  SetUserPoolSessionConfigurationCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceTypeOf } from '../src/userSessions.ts';
import { PASSWORD, failure, useEmulator } from './harness.ts';

const pool = useEmulator();

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** An SDK client whose requests carry a browser's User-Agent, as a browser's would. */
function browser(userAgent: string) {
  const sdk = new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint: pool.url,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  sdk.middlewareStack.add(
    (next) => (args) => {
      (args.request as { headers: Record<string, string> }).headers['user-agent'] = userAgent;
      return next(args);
    },
    { step: 'finalizeRequest', name: 'browserUserAgent' },
  );
  return sdk;
}

async function signIn(email: string, sdk = pool.sdk): Promise<AuthenticationResultType> {
  const answer = await sdk.send(
    new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }),
  );
  return answer.AuthenticationResult!;
}

const list = (AccessToken: string) => pool.sdk.send(new ListUserSessionsCommand({ AccessToken }));
const revokeSession = (AccessToken: string, SessionId: string) => pool.sdk.send(new RevokeUserSessionCommand({ AccessToken, SessionId }));
const refresh = (RefreshToken: string, sdk = pool.sdk) =>
  sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: pool.clientId, RefreshToken }));
const setPool = (UserSessionTracking: 'ENABLED' | 'DISABLED', MaxPerUser: number) =>
  pool.sdk.send(new SetUserPoolSessionConfigurationCommand({ UserPoolId: pool.poolId, UserSessionTracking, TokenSession: { MaxPerUser } }));

afterEach(async () => {
  await setPool('ENABLED', 20);
});

describe('ListUserSessions', () => {
  it('lists each sign-in as a token session, with its client, dates and browser, the caller’s marked current', async () => {
    const email = await pool.verifiedUser();
    const started = await pool.now();
    const mac = await signIn(email, browser(CHROME_MAC));
    await pool.advance(60_000);
    const windows = await signIn(email, browser(FIREFOX_WINDOWS));

    const { Sessions, NextToken } = await list(mac.AccessToken!);
    expect(NextToken).toBeUndefined();
    expect(Sessions).toHaveLength(2);
    // The most recently active first.
    const [second, first] = Sessions!;
    expect(first).toMatchObject({
      SessionType: 'TOKEN',
      ClientId: pool.clientId,
      DeviceType: 'Chrome 125 / macOS 10.15',
      IsCurrentSession: true,
    });
    expect(second).toMatchObject({ SessionType: 'TOKEN', DeviceType: 'Firefox 128 / Windows', IsCurrentSession: false });
    for (const session of Sessions!) expect(session.SessionId).toMatch(/^tkn[a-z0-9]{25}$/);
    expect(first!.SessionId).not.toBe(second!.SessionId);
    expect(Math.abs(first!.CreateDate!.getTime() - started)).toBeLessThan(2_000);
    expect(second!.CreateDate!.getTime() - first!.CreateDate!.getTime()).toBeGreaterThanOrEqual(59_000);

    // The other token sees the same sessions with the other one current.
    const fromWindows = await list(windows.AccessToken!);
    expect(fromWindows.Sessions!.map((s) => [s.SessionId, s.IsCurrentSession])).toEqual([
      [second!.SessionId, true],
      [first!.SessionId, false],
    ]);
  });

  it('moves LastActiveDate and DeviceType on with a refresh, and keeps CreateDate', async () => {
    const email = await pool.verifiedUser();
    const tokens = await signIn(email, browser(CHROME_MAC));
    const [before] = (await list(tokens.AccessToken!)).Sessions!;
    await pool.advance(10 * 60_000);
    const refreshed = await refresh(tokens.RefreshToken!, browser(FIREFOX_WINDOWS));
    const [after] = (await list(refreshed.AuthenticationResult!.AccessToken!)).Sessions!;
    expect(after!.SessionId).toBe(before!.SessionId);
    expect(after!.IsCurrentSession).toBe(true);
    expect(after!.CreateDate).toEqual(before!.CreateDate);
    expect(after!.LastActiveDate!.getTime() - before!.LastActiveDate!.getTime()).toBeGreaterThanOrEqual(10 * 60_000);
    expect(after!.DeviceType).toBe('Firefox 128 / Windows');
  });

  it('refuses a NextToken it did not hand out', async () => {
    const email = await pool.verifiedUser();
    const { AccessToken } = await signIn(email);
    expect(await failure(pool.sdk.send(new ListUserSessionsCommand({ AccessToken, NextToken: 'not-ours' })))).toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('answers OperationNotEnabledException where the pool does not track sessions, and a sign-in then is no session', async () => {
    const email = await pool.verifiedUser();
    await setPool('DISABLED', 20);
    const untracked = await signIn(email);
    expect(await failure(list(untracked.AccessToken!))).toMatchObject({ name: 'OperationNotEnabledException' });
    await setPool('ENABLED', 20);
    const tracked = await signIn(email);
    expect((await list(tracked.AccessToken!)).Sessions).toHaveLength(1);
  });
});

describe('RevokeUserSession', () => {
  it('ends another session: its refresh token and its access tokens stop, and it leaves the list', async () => {
    const email = await pool.verifiedUser();
    const here = await signIn(email);
    const there = await signIn(email);
    const other = (await list(here.AccessToken!)).Sessions!.find((s) => !s.IsCurrentSession)!;
    const refreshedThere = (await refresh(there.RefreshToken!)).AuthenticationResult!;

    await revokeSession(here.AccessToken!, other.SessionId!);

    expect(await failure(refresh(there.RefreshToken!))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    for (const token of [there.AccessToken!, refreshedThere.AccessToken!]) {
      expect(await failure(pool.sdk.send(new GetUserCommand({ AccessToken: token })))).toMatchObject({
        message: 'Access Token has been revoked',
      });
    }
    expect((await list(here.AccessToken!)).Sessions!.map((s) => s.SessionId)).not.toContain(other.SessionId);
    // The caller's session goes on.
    await pool.sdk.send(new GetUserCommand({ AccessToken: here.AccessToken! }));
  });

  it('refuses the caller’s own session, a revoked one, a malformed id, and another user’s session', async () => {
    const email = await pool.verifiedUser();
    const here = await signIn(email);
    const there = await signIn(email);
    const sessions = (await list(here.AccessToken!)).Sessions!;
    const own = sessions.find((s) => s.IsCurrentSession)!.SessionId!;
    const other = sessions.find((s) => !s.IsCurrentSession)!.SessionId!;
    expect(await failure(revokeSession(here.AccessToken!, own))).toMatchObject({ name: 'InvalidParameterException' });

    await revokeSession(here.AccessToken!, other);
    expect(await failure(revokeSession(here.AccessToken!, other))).toMatchObject({ name: 'ResourceNotFoundException' });
    expect(await failure(revokeSession(here.AccessToken!, 'tkn-not-a-session'))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await failure(revokeSession(here.AccessToken!, `tkn${'0'.repeat(25)}`))).toMatchObject({ name: 'ResourceNotFoundException' });

    const stranger = await signIn(await pool.verifiedUser());
    const strangers = (await list(stranger.AccessToken!)).Sessions![0]!.SessionId!;
    expect(await failure(revokeSession(here.AccessToken!, strangers))).toMatchObject({ name: 'ResourceNotFoundException' });
    await pool.sdk.send(new GetUserCommand({ AccessToken: stranger.AccessToken! }));
    expect(there.AccessToken).toBeDefined();
  });
});

describe('MaxPerUser', () => {
  it('ends the least recently used session when a sign-in goes beyond the cap', async () => {
    await setPool('ENABLED', 2);
    const email = await pool.verifiedUser();
    const oldest = await signIn(email);
    await pool.advance(1_000);
    const middle = await signIn(email);
    await pool.advance(1_000);
    // A refresh makes the oldest sign-in the most recently used.
    await refresh(oldest.RefreshToken!);
    await pool.advance(1_000);
    const newest = await signIn(email);

    const sessions = (await list(newest.AccessToken!)).Sessions!;
    expect(sessions).toHaveLength(2);
    expect(await failure(refresh(middle.RefreshToken!))).toMatchObject({ message: 'Refresh Token has been revoked' });
    await refresh(oldest.RefreshToken!);
  });

  it('is 20 unless set, and refuses values outside 1–100', async () => {
    expect(await pool.sdk.send(new GetUserPoolSessionConfigurationCommand({ UserPoolId: pool.poolId }))).toMatchObject({
      UserPoolId: pool.poolId,
      UserSessionTracking: 'ENABLED',
      TokenSession: { MaxPerUser: 20 },
    });
    for (const wrong of [0, 101]) expect(await failure(setPool('ENABLED', wrong))).toMatchObject({ name: 'InvalidParameterException' });
    expect(
      await failure(
        pool.sdk.send(
          new SetUserPoolSessionConfigurationCommand({ UserPoolId: pool.poolId, UserSessionTracking: 'ENABLED', TokenSession: undefined }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException' });
    expect(await setPool('ENABLED', 100)).toMatchObject({ TokenSession: { MaxPerUser: 100 } });
    expect(await pool.sdk.send(new GetUserPoolSessionConfigurationCommand({ UserPoolId: pool.poolId }))).toMatchObject({
      TokenSession: { MaxPerUser: 100 },
    });
  });
});

describe('as an administrator', () => {
  it('lists a user’s sessions, none current, and revokes one by the user’s name', async () => {
    const email = await pool.verifiedUser();
    const tokens = await signIn(email);
    const { Sessions } = await pool.sdk.send(new AdminListUserSessionsCommand({ UserPoolId: pool.poolId, Username: email }));
    expect(Sessions).toHaveLength(1);
    expect(Sessions![0]!.IsCurrentSession).toBe(false);

    const stranger = await pool.verifiedUser();
    const revokeAs = (Username: string) =>
      pool.sdk.send(new AdminRevokeUserSessionCommand({ UserPoolId: pool.poolId, Username, SessionId: Sessions![0]!.SessionId! }));
    expect(await failure(revokeAs(stranger))).toMatchObject({ name: 'ResourceNotFoundException' });
    expect(await failure(revokeAs('nobody@example.com'))).toMatchObject({ name: 'UserNotFoundException' });
    await revokeAs(email);
    expect(await failure(refresh(tokens.RefreshToken!))).toMatchObject({ message: 'Refresh Token has been revoked' });
  });

  it('refuses the admin calls unsigned', async () => {
    const body = JSON.stringify({ UserPoolId: pool.poolId, Username: 'someone@example.com' });
    const answer = await pool.raw('AWSCognitoIdentityProviderService.AdminListUserSessions', body);
    expect(answer.body.__type).toBe('MissingAuthenticationTokenException');
  });
});

describe('app client session configuration', () => {
  it('is 60 minutes unless set, takes 0–129600, and refuses an unknown client', async () => {
    const get = () => pool.sdk.send(new GetUserPoolClientSessionConfigurationCommand({ UserPoolId: pool.poolId, ClientId: pool.clientId }));
    const set = (MaxValidityMinutes: number, ClientId = pool.clientId) =>
      pool.sdk.send(
        new SetUserPoolClientSessionConfigurationCommand({ UserPoolId: pool.poolId, ClientId, SSOSession: { MaxValidityMinutes } }),
      );
    expect(await get()).toMatchObject({ ClientId: pool.clientId, SSOSession: { MaxValidityMinutes: 60 } });
    expect(await set(43_200)).toMatchObject({ SSOSession: { MaxValidityMinutes: 43_200 } });
    expect(await get()).toMatchObject({ SSOSession: { MaxValidityMinutes: 43_200 } });
    for (const wrong of [-1, 129_601]) expect(await failure(set(wrong))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await failure(set(10, 'nosuchclient'))).toMatchObject({ name: 'ResourceNotFoundException' });
    await setPool('DISABLED', 20);
    expect(await failure(set(10))).toMatchObject({ name: 'InvalidParameterException' });
    await set(60).catch(() => undefined);
  });
});

describe('DeviceType', () => {
  it('names the browser and system of a User-Agent, or unknown', () => {
    expect(deviceTypeOf(CHROME_MAC)).toBe('Chrome 125 / macOS 10.15');
    expect(deviceTypeOf(FIREFOX_WINDOWS)).toBe('Firefox 128 / Windows');
    expect(
      deviceTypeOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'),
    ).toBe('Chrome 131 / Linux');
    expect(
      deviceTypeOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 / iOS 17');
    expect(deviceTypeOf('aws-sdk-js/3.1169.0 ua/2.1 os/linux#6.1 lang/js md/nodejs#22')).toBe('unknown');
    expect(deviceTypeOf(undefined)).toBe('unknown');
  });
});
