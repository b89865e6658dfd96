/**
 * `--template <file>`: the test pool seeded from a CloudFormation template's
 * Cognito resources (template.ts), the project's own (infra/pool.template.json)
 * and hand-written ones that use the intrinsic functions and the properties
 * the pool does not implement.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CloudFormationTemplate, TemplateError, parseTemplate, stateFromTemplate } from '../src/template.ts';
import { ROOT } from './child.ts';

const PROJECT_TEMPLATE = join(ROOT, 'infra/pool.template.json');
const project = () => parseTemplate(readFileSync(PROJECT_TEMPLATE, 'utf8'));
const seed = (template: CloudFormationTemplate) => stateFromTemplate(template, { region: 'eu-west-1' }, Date.now());

/** A small template of one pool and one client, with `extra` resources and `pool` properties merged in. */
function small(pool: Record<string, unknown> = {}, extra: CloudFormationTemplate['Resources'] = {}): CloudFormationTemplate {
  return {
    Resources: {
      Pool: { Type: 'AWS::Cognito::UserPool', Properties: { UserPoolName: 'small', UsernameAttributes: ['email'], ...pool } },
      Client: { Type: 'AWS::Cognito::UserPoolClient', Properties: { UserPoolId: { Ref: 'Pool' }, ClientName: 'web' } },
      ...extra,
    },
  };
}

const refusal = (template: CloudFormationTemplate) => {
  try {
    seed(template);
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return (error as Error).message;
  }
  return expect.fail('expected a TemplateError');
};

describe("the project's template", () => {
  it('seeds the pool, client, providers and identity pool under the ids the hand-made seed had', () => {
    const { state, unsupported } = seed(project());
    expect(state.seed).toEqual({
      userPoolId: 'eu-west-1_LocalPool',
      userPoolClientId: 'customerareaclient00000001',
      identityPoolId: 'eu-west-1:5eeded00-0000-4000-8000-000000000001',
    });
    const pool = state.pools['eu-west-1_LocalPool']!;
    expect(pool).toMatchObject({
      name: 'customer-area',
      usernameAttributes: ['email'],
      attributesRequireVerificationBeforeUpdate: ['email'],
      passwordPolicy: { minimumLength: 8, requireSymbols: true, temporaryPasswordValidityDays: 7 },
      mfaConfiguration: 'OFF',
      softwareTokenMfa: true,
      allowedFirstAuthFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'],
      webAuthn: { relyingPartyId: 'localhost', userVerification: 'preferred' },
    });
    expect(Object.keys(pool.identityProviders!)).toEqual(['Google', 'Facebook', 'LoginWithAmazon', 'SignInWithApple']);
    expect(pool.clients['customerareaclient00000001']!.clientSecret).toBeUndefined();
    expect(pool.clients['customerareaclient00000001']).toMatchObject({
      accessTokenValidity: 3600,
      refreshTokenValidity: 30 * 86_400,
      authSessionValidity: 180,
      oauth: { enabled: true, flows: ['code'], callbackUrls: ['http://localhost:5173/oauth/callback'] },
    });
    // Fn::GetAtt UserPool.ProviderName and Ref AppClient, resolved.
    expect(state.identityPools['eu-west-1:5eeded00-0000-4000-8000-000000000001']!.providers).toEqual([
      {
        providerName: 'cognito-idp.eu-west-1.amazonaws.com/eu-west-1_LocalPool',
        clientId: 'customerareaclient00000001',
        serverSideTokenCheck: false,
      },
    ]);
    // The one thing it declares that the pool does not do: limit credentials by a role.
    expect(unsupported).toEqual([
      "Resources.IdentityPoolRoles.Properties.Roles: the test pool's credentials are not limited by a role; accepted, not enforced",
    ]);
  });
});

describe('any template', () => {
  it('has its intrinsic functions resolved: Ref to a parameter and a pseudo parameter, Fn::Sub, Fn::Join, Fn::Select, Fn::Split, AWS::NoValue', () => {
    const template = small(
      {
        UserPoolName: { 'Fn::Sub': ['${Stage}-pool-${AWS::Region}', { Stage: { Ref: 'StageName' } }] },
        WebAuthnRelyingPartyID: { 'Fn::Select': [1, { 'Fn::Split': ['//', { Ref: 'AppOrigin' }] }] },
        DeviceConfiguration: { Ref: 'AWS::NoValue' },
      },
      {
        Client: {
          Type: 'AWS::Cognito::UserPoolClient',
          Properties: {
            UserPoolId: { Ref: 'Pool' },
            CallbackURLs: [{ 'Fn::Join': ['', [{ Ref: 'AppOrigin' }, '/oauth/callback']] }],
            AllowedOAuthFlowsUserPoolClient: true,
            AllowedOAuthFlows: ['code'],
          },
        },
      },
    );
    template.Parameters = { StageName: { Default: 'qa' }, AppOrigin: { Default: 'https://app.example.com' } };
    const { state, unsupported } = seed(template);
    const pool = state.pools[state.seed.userPoolId]!;
    expect(pool.name).toBe('qa-pool-eu-west-1');
    expect(pool.webAuthn.relyingPartyId).toBe('app.example.com');
    expect(pool.deviceConfiguration).toBeNull();
    expect(pool.clients[state.seed.userPoolClientId]!.oauth!.callbackUrls).toEqual(['https://app.example.com/oauth/callback']);
    expect(unsupported).toEqual([]);
    // No identity pool declared: none served.
    expect(state.identityPools).toEqual({});
  });

  it('names each property and Cognito resource the pool does not implement, one line each', () => {
    const { unsupported } = seed(
      small(
        {
          AliasAttributes: ['preferred_username'],
          UserPoolTier: 'PLUS',
          Policies: { PasswordPolicy: { MinimumLength: 10, PasswordHistorySize: 3 } },
        },
        { Admins: { Type: 'AWS::Cognito::UserPoolGroup', Properties: { UserPoolId: { Ref: 'Pool' } } } },
      ),
    );
    expect(unsupported).toEqual([
      'Resources.Admins (AWS::Cognito::UserPoolGroup): not implemented by the test pool; ignored',
      'Resources.Pool.Properties.Policies.PasswordPolicy.PasswordHistorySize: not implemented by the test pool; ignored',
      "Resources.Pool.Properties.UserPoolTier: the test pool serves the Essentials tier's features; PLUS ignored",
      'Resources.Pool.Properties.AliasAttributes: not implemented by the test pool; ignored',
    ]);
  });

  it('stops at a malformed one with one line naming the resource and the property', () => {
    expect(refusal(small({ Policies: { PasswordPolicy: { MinimumLength: 'eight' } } }))).toBe(
      'Resources.Pool.Properties.Policies.PasswordPolicy.MinimumLength must be a whole number from 6 to 99, got "eight".',
    );
    expect(refusal(small({ MfaConfiguration: 'SOMETIMES' }))).toBe(
      'Resources.Pool.Properties.MfaConfiguration must be one of OFF, ON, OPTIONAL, got "SOMETIMES".',
    );
    expect(refusal(small({ UserPoolName: { Ref: 'Nothing' } }))).toBe(
      'Resources.Pool.Properties.UserPoolName: Ref Nothing names no resource or parameter of the template.',
    );
    expect(refusal(small({ UserPoolName: { 'Fn::GetAtt': ['Client', 'Secret'] } }))).toBe(
      'Resources.Pool.Properties.UserPoolName: Fn::GetAtt Client.Secret is not an attribute the test pool can give (AWS::Cognito::UserPoolClient).',
    );
    const orphan = small();
    orphan.Resources.Client!.Properties!.UserPoolId = 'eu-west-1_Elsewhere';
    expect(refusal(orphan)).toBe(
      'Resources.Client.Properties.UserPoolId must name a user pool of the template, got "eu-west-1_Elsewhere".',
    );
    expect(refusal({ Resources: {} })).toBe('the template declares no AWS::Cognito::UserPool.');
    expect(() => parseTemplate('Resources:\n  Pool: {}')).toThrow(/^the template is not JSON/);
  });
});

describe('npm run emulator -- --template <file>', () => {
  const run = (file: string) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const loader = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
      const child = spawn(
        process.execPath,
        ['--import', loader, join(ROOT, 'emulator/main.ts'), '--memory', '--port', '0', '--template', file],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready on')) child.kill('SIGTERM');
      });
      child.on('exit', (code) => resolve({ code, stderr }));
    });

  it('starts with one line per property it does not implement, and refuses a malformed template with one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'template-'));
    const served = join(dir, 'served.json');
    writeFileSync(served, JSON.stringify(small({ AliasAttributes: ['preferred_username'] })));
    const started = await run(served);
    expect(started.stderr.trim().split('\n')).toEqual([
      `${relative(process.cwd(), served)}: Resources.Pool.Properties.AliasAttributes: not implemented by the test pool; ignored`,
    ]);

    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify(small({ UsernameAttributes: ['nickname'] })));
    const refused = await run(broken);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `${relative(process.cwd(), broken)}: Resources.Pool.Properties.UsernameAttributes must be a list of email, phone_number, got ["nickname"].`,
    ]);
  }, 60_000);
});
