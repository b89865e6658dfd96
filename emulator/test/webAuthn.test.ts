/**
 * Passkeys: registration and sign-in with a software authenticator
 * (test-support/softAuthenticator.ts), and each verification rule refusing
 * what it must, one at a time.
 */
import {
  CompleteWebAuthnRegistrationCommand,
  CreateUserPoolClientCommand,
  DeleteWebAuthnCredentialCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  SetUserPoolMfaConfigCommand,
  StartWebAuthnRegistrationCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Algorithm,
  type CreationOptionsJSON,
  FLAGS,
  type RequestOptionsJSON,
  SoftAuthenticator,
  type Tamper,
} from '../test-support/softAuthenticator.ts';
import { PASSWORD, failure, useEmulator } from './harness.ts';

const pool = useEmulator();
const ORIGIN = 'http://localhost:5173';

const start = async (AccessToken: string) =>
  (await pool.sdk.send(new StartWebAuthnRegistrationCommand({ AccessToken }))).CredentialCreationOptions as unknown as CreationOptionsJSON;
const complete = (AccessToken: string, Credential: object) =>
  pool.sdk.send(new CompleteWebAuthnRegistrationCommand({ AccessToken, Credential: Credential as never }));
const list = async (AccessToken: string) => (await pool.sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken }))).Credentials!;

/** A signed-in user. */
async function member() {
  const email = await pool.verifiedUser();
  const { AccessToken } = await pool.tokens(email);
  return { email, accessToken: AccessToken! };
}

/** A user with a passkey registered on a fresh authenticator. */
async function withPasskey(algorithm: Algorithm = 'ES256', options: { countsSignatures?: boolean } = {}) {
  const who = await member();
  const authenticator = new SoftAuthenticator({ algorithm, ...options });
  await complete(who.accessToken, authenticator.register(await start(who.accessToken), ORIGIN));
  return { ...who, authenticator };
}

/** InitiateAuth USER_AUTH preferring WEB_AUTHN: the session and the request options. */
async function passkeyChallenge(email: string) {
  const started = await pool.sdk.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
    }),
  );
  expect(started.ChallengeName).toBe('WEB_AUTHN');
  return { session: started.Session, options: JSON.parse(started.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!) as RequestOptionsJSON };
}

const answer = (email: string, session: string | undefined, credential: string) =>
  pool.respond('WEB_AUTHN', session, { USERNAME: email, CREDENTIAL: credential });

/** Sets the pool's passkey settings, keeping the seeded MFA configuration. */
function webAuthnSettings(UserVerification: 'required' | 'preferred', RelyingPartyId = 'localhost') {
  return pool.sdk.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: pool.poolId,
      MfaConfiguration: 'OFF',
      SmsMfaConfiguration: {},
      SoftwareTokenMfaConfiguration: { Enabled: true },
      EmailMfaConfiguration: {},
      WebAuthnConfiguration: { RelyingPartyId, UserVerification },
    }),
  );
}

afterEach(() => webAuthnSettings('preferred'));

describe('StartWebAuthnRegistration', () => {
  it('hands out creation options with a fresh challenge, the relying party, the user handle and both algorithms', async () => {
    const { email, accessToken } = await member();
    const options = await start(accessToken);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'localhost' },
      user: { id: expect.stringMatching(/^[\w-]+$/), name: email, displayName: email },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      timeout: 180_000,
    });
    expect(Buffer.from(options.challenge, 'base64url')).toHaveLength(32);
    expect((await start(accessToken)).challenge).not.toBe(options.challenge);
  });

  it('is refused where the pool does not allow passkeys', async () => {
    const { accessToken } = await member();
    const current = (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
    const setFactors = (factors: string[]) =>
      pool.sdk.send(
        new UpdateUserPoolCommand({
          UserPoolId: pool.poolId,
          Policies: { PasswordPolicy: current.Policies!.PasswordPolicy, SignInPolicy: { AllowedFirstAuthFactors: factors as never } },
          AutoVerifiedAttributes: current.AutoVerifiedAttributes,
          MfaConfiguration: current.MfaConfiguration,
        }),
      );
    await setFactors(['PASSWORD', 'EMAIL_OTP']);
    try {
      expect(await failure(start(accessToken))).toMatchObject({ name: 'WebAuthnNotEnabledException' });
    } finally {
      await setFactors(['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN']);
    }
  });
});

describe('CompleteWebAuthnRegistration', () => {
  it('keeps an ES256 passkey with attestation none, lists it and excludes it from the next registration', async () => {
    const { accessToken, authenticator } = await withPasskey('ES256');
    const [listed] = await list(accessToken);
    expect(listed).toEqual({
      CredentialId: authenticator.id,
      FriendlyCredentialName: 'Passkey 1',
      RelyingPartyId: 'localhost',
      AuthenticatorAttachment: 'platform',
      AuthenticatorTransports: ['internal'],
      CreatedAt: expect.any(Date),
    });
    expect((await start(accessToken)).excludeCredentials).toEqual([{ type: 'public-key', id: authenticator.id, transports: ['internal'] }]);
  });

  it.each([
    ['ES256', 'packed-self'],
    ['RS256', 'packed-self'],
    ['ES256', 'packed-x5c'],
    ['RS256', 'packed-x5c'],
    ['RS256', 'none'],
  ] as const)('accepts %s with attestation %s', async (algorithm, attestation) => {
    const { accessToken } = await member();
    const authenticator = new SoftAuthenticator({ algorithm });
    await complete(accessToken, authenticator.register(await start(accessToken), ORIGIN, { attestation }));
    expect((await list(accessToken)).map((c) => c.CredentialId)).toEqual([authenticator.id]);
  });

  /** Registers with one part spoiled and expects the refusal; nothing is kept. */
  async function refused(tamper: Tamper, expected: { name: string; message?: RegExp }, algorithm: Algorithm = 'ES256') {
    const { accessToken } = await member();
    const authenticator = new SoftAuthenticator({ algorithm });
    const error = await failure(complete(accessToken, authenticator.register(await start(accessToken), ORIGIN, tamper)));
    expect(error).toMatchObject({ name: expected.name, ...(expected.message ? { message: expect.stringMatching(expected.message) } : {}) });
    expect(await list(accessToken)).toEqual([]);
  }

  it('refuses another challenge', () =>
    refused({ challenge: Buffer.alloc(32, 7).toString('base64url') }, { name: 'WebAuthnChallengeNotFoundException' }));
  it('refuses clientDataJSON of another type', () => refused({ type: 'webauthn.get' }, { name: 'InvalidParameterException' }));
  it('refuses an origin not of the relying party', () =>
    refused({ origin: 'https://evil.example' }, { name: 'WebAuthnOriginNotAllowedException' }));
  it('refuses authenticator data for another relying party', () =>
    refused({ rpId: 'example.com' }, { name: 'WebAuthnRelyingPartyMismatchException' }));
  it('refuses without user presence', () => refused({ flags: FLAGS.UV | FLAGS.AT }, { name: 'InvalidParameterException' }));
  it('refuses a bad self-attestation signature', () =>
    refused({ attestation: 'packed-self', badSignature: true }, { name: 'InvalidParameterException' }));
  it('refuses a self attestation whose alg is not the key’s', () =>
    refused({ attestation: 'packed-self', attestationAlg: -257 }, { name: 'InvalidParameterException' }));
  it('refuses an x5c attestation signed by another key than the certificate’s', () =>
    refused({ attestation: 'packed-x5c', x5cWrongKey: true }, { name: 'InvalidParameterException' }));
  it('refuses an x5c attestation whose alg does not match the certificate’s key', () =>
    refused({ attestation: 'packed-x5c', attestationAlg: -257 }, { name: 'InvalidParameterException' }));
  it('refuses an x5c attestation certificate that is a CA', () =>
    refused({ attestation: 'packed-x5c', x5cCertificate: { ca: true } }, { name: 'InvalidParameterException', message: /CA/ }));
  it('refuses an x5c attestation certificate without OU=Authenticator Attestation', () =>
    refused(
      { attestation: 'packed-x5c', x5cCertificate: { organizationalUnit: 'Something Else' } },
      { name: 'InvalidParameterException', message: /OU=Authenticator Attestation/ },
    ));
  it('refuses attestation formats it does not verify', () =>
    refused({ attestation: 'fido-u2f' }, { name: 'WebAuthnCredentialNotSupportedException' }));

  it('refuses a credential without user verification when the pool requires it', async () => {
    await webAuthnSettings('required');
    await refused({ flags: FLAGS.UP | FLAGS.AT }, { name: 'WebAuthnCredentialNotSupportedException' });
  });

  it('takes each challenge once, and not after three minutes', async () => {
    const { accessToken } = await member();
    const credential = new SoftAuthenticator().register(await start(accessToken), ORIGIN);
    await complete(accessToken, credential);
    expect(await failure(complete(accessToken, credential))).toMatchObject({ name: 'WebAuthnChallengeNotFoundException' });
    const late = new SoftAuthenticator().register(await start(accessToken), ORIGIN);
    await pool.advance(3 * 60 * 1000);
    expect(await failure(complete(accessToken, late))).toMatchObject({ name: 'WebAuthnChallengeNotFoundException' });
    expect(await list(accessToken)).toHaveLength(1);
  });

  it('refuses completion with an access token of another app client', async () => {
    const { email, accessToken } = await member();
    const other = await pool.sdk.send(
      new CreateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientName: 'other', ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'] }),
    );
    const signedIn = await pool.srpSignIn(email, PASSWORD, { clientId: other.UserPoolClient!.ClientId! });
    const credential = new SoftAuthenticator().register(await start(accessToken), ORIGIN);
    expect(await failure(complete(signedIn.AuthenticationResult!.AccessToken!, credential))).toMatchObject({
      name: 'WebAuthnClientMismatchException',
    });
  });

  it('refuses a Credential that is not a RegistrationResponseJSON', async () => {
    const { accessToken } = await member();
    await start(accessToken);
    expect(await failure(complete(accessToken, { id: 'x', type: 'public-key' }))).toMatchObject({ name: 'InvalidParameterException' });
  });
});

describe('signing in with a passkey (WEB_AUTHN)', () => {
  it.each(['ES256', 'RS256'] as const)('signs in with an %s passkey, with no password and no MFA', async (algorithm) => {
    const { email, authenticator } = await withPasskey(algorithm);
    const { session, options } = await passkeyChallenge(email);
    expect(options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'preferred',
      // No credential ids before the proof: a pool's passkeys are discoverable.
      allowCredentials: [],
      timeout: 180_000,
    });
    const result = await answer(email, session, authenticator.assert(options, ORIGIN));
    expect(result.ChallengeName).toBeUndefined();
    expect(result.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('is not listed in AvailableChallenges, which are the same for every name, and is asked for with PREFERRED_CHALLENGE', async () => {
    const { email } = await withPasskey();
    const started = await pool.sdk.send(
      new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: email } }),
    );
    expect(started.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
    expect(await failure(pool.respond('SELECT_CHALLENGE', started.Session, { USERNAME: email, ANSWER: 'WEB_AUTHN' }))).toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('accepts an authenticator that keeps no counter (zero every time)', async () => {
    const { email, authenticator } = await withPasskey('ES256', { countsSignatures: false });
    for (let i = 0; i < 2; i++) {
      const { session, options } = await passkeyChallenge(email);
      expect((await answer(email, session, authenticator.assert(options, ORIGIN))).AuthenticationResult).toBeTruthy();
    }
  });

  /** Answers the WEB_AUTHN challenge with one part spoiled: NotAuthorizedException, and the session is spent. */
  async function refused(tamper: Tamper, reason: RegExp, setUp?: (who: Awaited<ReturnType<typeof withPasskey>>) => Promise<void>) {
    const who = await withPasskey();
    await setUp?.(who);
    const { session, options } = await passkeyChallenge(who.email);
    const error = await failure(answer(who.email, session, who.authenticator.assert(options, ORIGIN, tamper)));
    expect(error).toMatchObject({ name: 'NotAuthorizedException', message: expect.stringMatching(reason) });
    // The challenge was good for one answer: even a right one now finds the session gone.
    expect(await failure(answer(who.email, session, who.authenticator.assert(options, ORIGIN)))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  }

  it('refuses another challenge', () => refused({ challenge: Buffer.alloc(32, 1).toString('base64url') }, /challenge/));
  it('refuses clientDataJSON of another type', () => refused({ type: 'webauthn.create' }, /webauthn\.get/));
  it('refuses an origin not of the relying party', () => refused({ origin: 'https://localhost.evil.example' }, /origin/));
  it('refuses authenticator data for another relying party', () => refused({ rpId: 'example.com' }, /relying party/));
  it('refuses without user presence', () => refused({ flags: FLAGS.UV }, /presence/));
  it('refuses a bad signature', () => refused({ badSignature: true }, /signature does not verify/));
  it('refuses an unknown credential', () =>
    refused({ credentialId: Buffer.alloc(32, 9).toString('base64url') }, /not a passkey of this user/));
  it('refuses another user handle', () => refused({ userHandle: Buffer.from('someone-else').toString('base64url') }, /user handle/));

  it('refuses a counter that did not increase (a cloned authenticator)', async () => {
    const who = await withPasskey();
    const first = await passkeyChallenge(who.email);
    expect((await answer(who.email, first.session, who.authenticator.assert(first.options, ORIGIN))).AuthenticationResult).toBeTruthy();
    const second = await passkeyChallenge(who.email);
    const error = await failure(
      answer(who.email, second.session, who.authenticator.assert(second.options, ORIGIN, { signCount: who.authenticator.signCount })),
    );
    expect(error).toMatchObject({ name: 'NotAuthorizedException', message: expect.stringMatching(/counter/) });
  });

  it('refuses a replayed assertion in a new sign-in', async () => {
    const who = await withPasskey();
    const first = await passkeyChallenge(who.email);
    const credential = who.authenticator.assert(first.options, ORIGIN);
    expect((await answer(who.email, first.session, credential)).AuthenticationResult).toBeTruthy();
    const second = await passkeyChallenge(who.email);
    expect(await failure(answer(who.email, second.session, credential))).toMatchObject({
      name: 'NotAuthorizedException',
      message: expect.stringMatching(/challenge/),
    });
  });

  it("refuses another user's passkey", async () => {
    const owner = await withPasskey();
    const { email } = await withPasskey();
    const { session, options } = await passkeyChallenge(email);
    expect(await failure(answer(email, session, owner.authenticator.assert(options, ORIGIN)))).toMatchObject({
      name: 'NotAuthorizedException',
      message: expect.stringMatching(/not a passkey of this user/),
    });
  });

  it('refuses an assertion without user verification when the pool requires it', () =>
    refused({ flags: FLAGS.UP }, /user verification/, () => webAuthnSettings('required').then(() => undefined)));

  it('no longer offers or accepts a passkey once deleted', async () => {
    const { email, accessToken, authenticator } = await withPasskey();
    const { session, options } = await passkeyChallenge(email);
    await pool.sdk.send(new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: authenticator.id }));
    expect(await list(accessToken)).toEqual([]);
    expect(await failure(answer(email, session, authenticator.assert(options, ORIGIN)))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(
      await failure(pool.sdk.send(new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: authenticator.id }))),
    ).toMatchObject({ name: 'ResourceNotFoundException' });
    const started = await pool.sdk.send(
      new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: email } }),
    );
    expect(started.AvailableChallenges).not.toContain('WEB_AUTHN');
  });

  it('pages ListWebAuthnCredentials', async () => {
    const { accessToken } = await member();
    for (let i = 0; i < 3; i++) await complete(accessToken, new SoftAuthenticator().register(await start(accessToken), ORIGIN));
    const first = await pool.sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: accessToken, MaxResults: 2 }));
    expect(first.Credentials!.map((c) => c.FriendlyCredentialName)).toEqual(['Passkey 1', 'Passkey 2']);
    const rest = await pool.sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: accessToken, NextToken: first.NextToken }));
    expect(rest.Credentials!.map((c) => c.FriendlyCredentialName)).toEqual(['Passkey 3']);
    expect(rest.NextToken).toBeUndefined();
  });
});

describe('a hostile sign-in answer (issue 27, low finding 1)', () => {
  /** The answer with its authenticator data replaced: the signature, made over the real data, no longer matches. */
  async function withAuthenticatorData(make: (real: Buffer) => Buffer) {
    const { email, authenticator } = await withPasskey();
    const { session, options } = await passkeyChallenge(email);
    const credential = JSON.parse(authenticator.assert(options, ORIGIN)) as { response: { authenticatorData: string } };
    const real = Buffer.from(credential.response.authenticatorData, 'base64url');
    credential.response.authenticatorData = make(real).toString('base64url');
    return failure(answer(email, session, JSON.stringify(credential)));
  }

  it('refuses oversized authenticator data before reading it', async () => {
    const refused = await withAuthenticatorData((real) =>
      Buffer.concat([real.subarray(0, 32), Buffer.from([real[32]! | FLAGS.ED]), real.subarray(33, 37), Buffer.alloc(3000, 0x80)]),
    );
    expect(refused).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'The passkey was refused: the authenticator data is longer than 2048 bytes.',
    });
  });

  it('checks the signature before it decodes any extension', async () => {
    // Extensions that would be refused if read (an indefinite-length array), behind a signature that does not verify.
    const refused = await withAuthenticatorData((real) =>
      Buffer.concat([real.subarray(0, 32), Buffer.from([real[32]! | FLAGS.ED]), real.subarray(33, 37), Buffer.from([0x9f, 0x00, 0xff])]),
    );
    expect(refused).toMatchObject({
      name: 'NotAuthorizedException',
      message: "The passkey was refused: the signature does not verify with the passkey's key.",
    });
  });
});
