/**
 * Passkeys as a second factor: WebAuthnMfaSettings on SetUserMFAPreference,
 * allowed where the pool's FactorConfiguration is
 * MULTI_FACTOR_WITH_USER_VERIFICATION and only beside another factor; then a
 * passkey with user verification signs the user in where MFA is required.
 */
import {
  AssociateSoftwareTokenCommand,
  CompleteWebAuthnRegistrationCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  StartWebAuthnRegistrationCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, describe, expect, it } from 'vitest';
import { type CreationOptionsJSON, FLAGS, type RequestOptionsJSON, SoftAuthenticator } from '../test-support/softAuthenticator.ts';
import { failure, totp, useEmulator } from './harness.ts';

const pool = useEmulator();
const ORIGIN = 'http://localhost:5173';

function poolMfa(MfaConfiguration: 'OFF' | 'OPTIONAL' | 'ON', factor?: 'MULTI_FACTOR_WITH_USER_VERIFICATION') {
  return pool.sdk.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: pool.poolId,
      MfaConfiguration,
      SmsMfaConfiguration: {},
      SoftwareTokenMfaConfiguration: { Enabled: true },
      EmailMfaConfiguration: {},
      WebAuthnConfiguration: {
        RelyingPartyId: 'localhost',
        UserVerification: 'preferred',
        ...(factor ? { FactorConfiguration: factor } : {}),
      },
    }),
  );
}

afterEach(() => poolMfa('OFF'));

/** A signed-in user with a passkey and, unless told otherwise, an authenticator app turned on. */
async function member(withApp = true) {
  const email = await pool.verifiedUser();
  const { AccessToken } = await pool.tokens(email);
  const authenticator = new SoftAuthenticator({ algorithm: 'ES256' });
  const started = await pool.sdk.send(new StartWebAuthnRegistrationCommand({ AccessToken }));
  const credential = authenticator.register(started.CredentialCreationOptions as unknown as CreationOptionsJSON, ORIGIN);
  await pool.sdk.send(new CompleteWebAuthnRegistrationCommand({ AccessToken, Credential: credential }));
  if (withApp) {
    const { SecretCode } = await pool.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await pool.sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totp(SecretCode!, await pool.now()) }));
    await pool.sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true } }));
  }
  return { email, accessToken: AccessToken!, authenticator };
}

const passkeyMfa = (AccessToken: string, Enabled: boolean, extra: object = {}) =>
  pool.sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, WebAuthnMfaSettings: { Enabled }, ...extra }));

const userAuth = (email: string) =>
  pool.sdk.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
    }),
  );

describe('WebAuthnMfaSettings', () => {
  it('is refused where the pool keeps passkeys a single factor', async () => {
    await poolMfa('OPTIONAL');
    const { accessToken } = await member();
    expect(await failure(passkeyMfa(accessToken, true))).toMatchObject({
      name: 'InvalidParameterException',
      message: /MULTI_FACTOR_WITH_USER_VERIFICATION/,
    });
  });

  it('needs another factor on, and keeps one on while it is', async () => {
    await poolMfa('OPTIONAL', 'MULTI_FACTOR_WITH_USER_VERIFICATION');
    const alone = await member(false);
    expect(await failure(passkeyMfa(alone.accessToken, true))).toMatchObject({
      name: 'InvalidParameterException',
      message: /another MFA method/,
    });

    const { accessToken } = await member();
    await passkeyMfa(accessToken, true);
    expect((await pool.sdk.send(new GetUserCommand({ AccessToken: accessToken }))).UserMFASettingList).toEqual([
      'SOFTWARE_TOKEN_MFA',
      'WEB_AUTHN',
    ]);
    const appOff = () =>
      pool.sdk.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: false } }));
    expect(await failure(appOff())).toMatchObject({ name: 'InvalidParameterException' });
    // Both off in one call is fine, and so is the app off once passkey MFA is.
    await passkeyMfa(accessToken, false, { SoftwareTokenMfaSettings: { Enabled: false } });
    expect((await pool.sdk.send(new GetUserCommand({ AccessToken: accessToken }))).UserMFASettingList).toBeUndefined();
  });
});

describe('a passkey where MFA is required', () => {
  it('is not offered to a user without passkey MFA', async () => {
    await poolMfa('OPTIONAL', 'MULTI_FACTOR_WITH_USER_VERIFICATION');
    const { email } = await member();
    await poolMfa('ON', 'MULTI_FACTOR_WITH_USER_VERIFICATION');
    const answer = await userAuth(email);
    expect(answer.ChallengeName).toBe('SELECT_CHALLENGE');
    expect(answer.AvailableChallenges).not.toContain('WEB_AUTHN');
  });

  it('signs in with user verification and no other factor, and is refused without it', async () => {
    await poolMfa('OPTIONAL', 'MULTI_FACTOR_WITH_USER_VERIFICATION');
    const { email, accessToken, authenticator } = await member();
    await passkeyMfa(accessToken, true);
    await poolMfa('ON', 'MULTI_FACTOR_WITH_USER_VERIFICATION');

    const first = await userAuth(email);
    expect(first.ChallengeName).toBe('WEB_AUTHN');
    const options = JSON.parse(first.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!) as RequestOptionsJSON;
    // The pool prefers user verification; passkey MFA requires it.
    expect(options.userVerification).toBe('required');
    const unverified = authenticator.assert(options, ORIGIN, { flags: FLAGS.UP });
    expect(await failure(pool.respond('WEB_AUTHN', first.Session, { USERNAME: email, CREDENTIAL: unverified }))).toMatchObject({
      message: /user verification/,
    });

    const second = await userAuth(email);
    const verified = authenticator.assert(
      JSON.parse(second.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!) as RequestOptionsJSON,
      ORIGIN,
    );
    const signedIn = await pool.respond('WEB_AUTHN', second.Session, { USERNAME: email, CREDENTIAL: verified });
    expect(signedIn.ChallengeName).toBeUndefined();
    expect(signedIn.AuthenticationResult?.AccessToken).toBeDefined();
  });
});
