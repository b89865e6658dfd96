/**
 * Signing the signed-in customer in again before a sensitive change
 * (reauthenticate.ts), with a second step on the way: the pool asks the MFA
 * code after the password, a wrong one is refused and leaves the session as
 * it was, the right one replaces its tokens and ends the sign-in replaced.
 * MFA is a pool setting: this file has a test pool of its own.
 */
import {
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import { PASSWORD, isolatedEmulator, rejection, uniqueEmail, type IsolatedEmulator } from './testSupport.ts';
import { createMemoryStorage } from './tokenStore.ts';

let pool: IsolatedEmulator;
beforeAll(async () => {
  pool = await isolatedEmulator();
  await pool.admin.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: pool.config.userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SmsMfaConfiguration: { SmsAuthenticationMessage: 'Your code is {####}' },
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
});
afterAll(() => pool.close());

const PHONE = '+447700900321';
const outbox = async (to: string) =>
  (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(to)}`)).json()) as { code: string }[];

it('answers the MFA code the new sign-in asks: a wrong one changes nothing, the right one replaces the tokens and ends the old sign-in', async () => {
  const client = createAuthClient({ config: pool.config, storage: createMemoryStorage() });
  const email = uniqueEmail('again');
  await client.signUp({ username: email, password: PASSWORD });
  await client.confirmSignUp({ username: email, confirmationCode: (await outbox(email)).at(-1)!.code });
  expect((await client.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
  const before = (await client.fetchAuthSession({ credentials: false })).tokens!;
  await pool.admin.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: pool.config.userPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'phone_number', Value: PHONE },
        { Name: 'phone_number_verified', Value: 'true' },
      ],
    }),
  );
  await pool.admin.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: pool.config.userPoolId,
      Username: email,
      SMSMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  const security = await client.security();

  expect((await rejection(security.reauthenticate({ factor: 'PASSWORD', password: 'Wr0ng-password!' }))).name).toBe(
    'NotAuthorizedException',
  );
  const asked = await security.reauthenticate({ factor: 'PASSWORD', password: PASSWORD });
  expect(asked).toMatchObject({ step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' });
  const code = (await outbox(PHONE)).at(-1)!.code;
  expect((await rejection(security.reauthenticate({ answer: code === '000000' ? '111111' : '000000' }))).name).toBe(
    'CodeMismatchException',
  );
  expect((await client.fetchAuthSession({ credentials: false })).tokens?.accessToken.raw).toBe(before.accessToken.raw);

  // The code typed again, right this time, within the same sign-in (as the dialog lets the customer do).
  expect(await security.reauthenticate({ answer: (await outbox(PHONE)).at(-1)!.code })).toMatchObject({ step: 'DONE' });
  const after = (await client.fetchAuthSession({ credentials: false })).tokens!;
  expect(after.accessToken.payload.origin_jti).not.toBe(before.accessToken.payload.origin_jti);
  expect(after.idToken?.payload.email).toBe(email);
  // The sign-in replaced is over: its access token is refused as revoked.
  const refused = await fetch(pool.config.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
    body: JSON.stringify({ AccessToken: before.accessToken.raw }),
  });
  expect(await refused.json()).toMatchObject({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
});
