/**
 * One definition of the pool: the test pool seeded from it reads back, through
 * the AWS SDK, as the definition says, field by field; and QA mode's preflight
 * stops on a pool that drifted from it, one line per difference the specs
 * would trip on (against the strict test pool, seeded from a drifted copy).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CognitoIdentityClient, DescribeIdentityPoolCommand } from '@aws-sdk/client-cognito-identity';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetUserPoolMfaConfigCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/src/server.ts';
import { type CloudFormationTemplate, parseTemplate } from '../../emulator/src/template.ts';
import { QaSetupError } from '../realPool.ts';
import { DEFINITION_FILE, type DescribedPool, definitionFrom, differences } from './definition.ts';
import { checkQaPool } from './preflight.ts';

const template = () => parseTemplate(readFileSync(DEFINITION_FILE, 'utf8'));
const key = () => ({
  accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64'),
});

async function describePool(pool: Emulator, credentials: { accessKeyId: string; secretAccessKey: string }): Promise<DescribedPool> {
  const { region, userPoolId, userPoolClientId, identityPoolId, endpoint } = pool.config;
  const idp = new CognitoIdentityProviderClient({ region, endpoint, credentials, maxAttempts: 1 });
  const identity = new CognitoIdentityClient({ region, endpoint, credentials, maxAttempts: 1 });
  const [{ UserPool }, { UserPoolClient }, mfa, identityPool] = await Promise.all([
    idp.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId })),
    idp.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId })),
    idp.send(new GetUserPoolMfaConfigCommand({ UserPoolId: userPoolId })),
    identity.send(new DescribeIdentityPoolCommand({ IdentityPoolId: identityPoolId! })),
  ]);
  return { pool: UserPool!, client: UserPoolClient!, mfa, identityPool };
}

describe('the test pool seeded from infra/pool.template.json', () => {
  const credentials = key();
  let pool: Emulator;
  beforeAll(async () => {
    pool = await createEmulator({ port: 0, template: template() });
  });
  afterAll(() => pool.close());

  it('reads back through DescribeUserPool, DescribeUserPoolClient, GetUserPoolMfaConfig and DescribeIdentityPool as the template says', async () => {
    const described = await describePool(pool, credentials);
    expect(differences(definitionFrom(template()), described)).toEqual([]);

    // The same, spelled out for the settings the app is built around.
    const properties = (type: string) => Object.values(template().Resources).find((resource) => resource.Type === type)!.Properties!;
    const userPool = properties('AWS::Cognito::UserPool');
    const client = properties('AWS::Cognito::UserPoolClient');
    expect(described.pool.Policies?.PasswordPolicy).toEqual((userPool.Policies as { PasswordPolicy: unknown }).PasswordPolicy);
    expect(described.pool.Policies?.SignInPolicy).toEqual((userPool.Policies as { SignInPolicy: unknown }).SignInPolicy);
    expect(described.pool.UserAttributeUpdateSettings).toEqual(userPool.UserAttributeUpdateSettings);
    expect(described.mfa!.WebAuthnConfiguration).toEqual({
      RelyingPartyId: userPool.WebAuthnRelyingPartyID,
      UserVerification: userPool.WebAuthnUserVerification,
    });
    expect(described.client).toMatchObject({
      ExplicitAuthFlows: client.ExplicitAuthFlows,
      AllowedOAuthFlows: client.AllowedOAuthFlows,
      CallbackURLs: client.CallbackURLs,
      AuthSessionValidity: client.AuthSessionValidity,
      RefreshTokenRotation: client.RefreshTokenRotation,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      AccessTokenValidity: client.AccessTokenValidity,
      RefreshTokenValidity: client.RefreshTokenValidity,
    });
    expect(described.identityPool).toMatchObject({ AllowUnauthenticatedIdentities: true, AllowClassicFlow: false });
  });

  it('is found to differ as soon as a setting changes', async () => {
    const { region, userPoolId, endpoint } = pool.config;
    const idp = new CognitoIdentityProviderClient({ region, endpoint, credentials, maxAttempts: 1 });
    await idp.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: userPoolId,
        MfaConfiguration: 'OFF',
        SoftwareTokenMfaConfiguration: { Enabled: true },
        WebAuthnConfiguration: { RelyingPartyId: 'app.example.com', UserVerification: 'required' },
      }),
    );
    expect(differences(definitionFrom(template()), await describePool(pool, credentials))).toEqual([
      { message: "the pool's passkey relying party is app.example.com; the definition says localhost", breaksSpecs: false },
      { message: "the pool's passkey user verification is required; the definition says preferred", breaksSpecs: false },
    ]);
  });
});

describe("QA mode's preflight against a pool that drifted from the definition", () => {
  const credentials = key();
  let drifted: Emulator;
  const saved = { ...process.env };
  beforeAll(async () => {
    const copy: CloudFormationTemplate = template();
    const resources = Object.values(copy.Resources);
    const userPool = resources.find((resource) => resource.Type === 'AWS::Cognito::UserPool')!.Properties!;
    const client = resources.find((resource) => resource.Type === 'AWS::Cognito::UserPoolClient')!.Properties!;
    const policies = userPool.Policies as { PasswordPolicy: Record<string, unknown> };
    policies.PasswordPolicy.MinimumLength = 12;
    policies.PasswordPolicy.RequireSymbols = false;
    userPool.MfaConfiguration = 'ON';
    userPool.DeviceConfiguration = { ChallengeRequiredOnNewDevice: true, DeviceOnlyRememberedOnUserPrompt: false };
    client.ExplicitAuthFlows = (client.ExplicitAuthFlows as string[]).filter((flow) => flow !== 'ALLOW_USER_AUTH');
    // Not what the specs rely on: the token lifetime and the OAuth grants differ, and the preflight lets them be.
    client.AccessTokenValidity = 2;
    client.AllowedOAuthFlows = ['code', 'implicit'];
    drifted = await createEmulator({ port: 0, strict: { credentials }, template: copy });
  });
  afterEach(() => {
    process.env = { ...saved };
  });
  afterAll(() => drifted.close());

  const settings = () => ({
    region: drifted.config.region,
    userPoolId: drifted.config.userPoolId,
    userPoolClientId: drifted.config.userPoolClientId,
    endpoint: drifted.config.endpoint,
  });

  it('stops with one line per difference that would make specs fail', async () => {
    process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;
    const refusal = await checkQaPool(settings()).then(
      () => expect.fail('the preflight let a drifted pool through'),
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(QaSetupError);
    expect((refusal as Error).message.split('\n')).toEqual([
      "the pool's password policy requires 12 characters; the definition says 8",
      "the pool's password policy does not require a symbol; the definition does",
      "the pool's MFA is ON; the definition says OFF",
      "the pool's device tracking is challenge on new device true, on user prompt false; the definition says off",
      'the app client does not allow ALLOW_USER_AUTH; the definition does',
    ]);
  });

  it('passes the same pool against a definition that says what it has', async () => {
    process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    const definition = definitionFrom(template());
    definition.pool = { ...definition.pool, MfaConfiguration: 'ON', DeviceConfiguration: { ChallengeRequiredOnNewDevice: true } };
    definition.pool.Policies = {
      PasswordPolicy: { MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true },
    };
    definition.client = { ...definition.client, ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'] };
    await expect(checkQaPool(settings(), definition)).resolves.toBeUndefined();
  });
});
