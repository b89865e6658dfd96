/** The guard every spec runs under must itself be right: it catches typed passwords and finds their traces. */
import { createHash } from 'node:crypto';
import { expect, findLeaks, test, TOKEN_PATTERN, type LoggedRequest } from './fixtures.ts';

const request = (url: string, body = '', operation?: string): LoggedRequest => ({
  url,
  method: 'POST',
  headers: {},
  body,
  operation,
  tab: 0,
  at: 0,
});

test('a password typed into a password field is guarded without the spec saying so', async ({ page, secrets }) => {
  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Typed-not-t0ld');
  await page.getByRole('textbox', { name: 'Email' }).click();
  await expect.poll(() => [...secrets]).toContain('Typed-not-t0ld');
});

test('traces are found as typed, URL-encoded, JSON-escaped and as a plain SHA-256, except where the API takes the password', () => {
  const secret = 'Qu0te"&slash/';
  const sha = createHash('sha256').update(secret).digest();
  expect(findLeaks([request(`https://x.example/?p=${encodeURIComponent(secret)}`)], [secret])).toHaveLength(1);
  expect(findLeaks([request('https://x.example/', JSON.stringify({ p: secret }))], [secret])).toHaveLength(1);
  expect(findLeaks([request('https://x.example/', sha.toString('hex'))], [secret])).toHaveLength(1);
  expect(findLeaks([request('https://x.example/', sha.toString('base64'))], [secret])).toHaveLength(1);
  expect(findLeaks([request('https://x.example/', JSON.stringify({ Password: secret }), 'SignUp')], [secret])).toEqual([]);
  // A password in an SRP answer is a leak; only NEW_PASSWORD_REQUIRED takes one.
  const answer = (ChallengeName: string) => JSON.stringify({ ChallengeName, ChallengeResponses: { NEW_PASSWORD: secret } });
  expect(findLeaks([request('https://x.example/', answer('PASSWORD_VERIFIER'), 'RespondToAuthChallenge')], [secret])).toHaveLength(1);
  expect(findLeaks([request('https://x.example/', answer('NEW_PASSWORD_REQUIRED'), 'RespondToAuthChallenge')], [secret])).toEqual([]);
});

test('the token pattern the hygiene check uses catches access, id and refresh tokens', async ({ pool }) => {
  const email = pool.newEmail('hygiene');
  await pool.createUser(email, 'Hyg1ene-check!');
  // What Cognito hands out, to be sure the pattern matches real tokens and not ordinary text.
  const { CognitoIdentityProviderClient, InitiateAuthCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  const { region, endpoint, userPoolClientId } = await pool.config();
  const sdk = new CognitoIdentityProviderClient({ region, endpoint });
  const { AuthenticationResult } = await sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: 'Hyg1ene-check!' },
    }),
  );
  for (const token of [AuthenticationResult!.AccessToken!, AuthenticationResult!.IdToken!, AuthenticationResult!.RefreshToken!]) {
    expect(TOKEN_PATTERN.test(`Bearer ${token}`)).toBe(true);
  }
  expect(TOKEN_PATTERN.test('eyJ is how JSON starts in base64, and that alone is fine')).toBe(false);
});
