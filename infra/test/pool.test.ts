/**
 * The pool as code: what the template says (aws-cdk-lib's assertions), that it
 * passes cdk-nag's AWS Solutions rules, and that the template committed for the
 * test pool (infra/pool.template.json) is what the app synthesizes today.
 */
import { readFileSync } from 'node:fs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { poolApp } from '../bin/pool.ts';
import { DEFAULT_SETTINGS } from '../lib/settings.ts';

const templateOf = (context: Record<string, string> = {}) => Template.fromStack(poolApp(context).stack);
const local = templateOf();

/** The template without the construct paths an in-process synth adds to each resource (the CLI's has none). */
function withoutPaths(template: Record<string, unknown>): Record<string, unknown> {
  const resources = template.Resources as Record<string, { Metadata?: Record<string, unknown> }>;
  for (const resource of Object.values(resources)) {
    if (resource.Metadata) delete resource.Metadata['aws:cdk:path'];
    if (resource.Metadata && Object.keys(resource.Metadata).length === 0) delete resource.Metadata;
  }
  return template;
}

describe('the user pool', () => {
  it('has e-mail as the user name, the product password policy, optional MFA off, and the passkey relying party', () => {
    local.resourceCountIs('AWS::Cognito::UserPool', 1);
    local.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolName: 'customer-area',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          TemporaryPasswordValidityDays: 7,
        },
        SignInPolicy: { AllowedFirstAuthFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'] },
      },
      MfaConfiguration: 'OFF',
      WebAuthnRelyingPartyID: 'localhost',
      WebAuthnUserVerification: 'preferred',
      DeviceConfiguration: Match.absent(),
    });
    // Deleting the stack keeps the customers' accounts.
    local.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('has one public app client: no secret, the code grant only, the app callback URLs', () => {
    local.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlows: ['code'],
      CallbackURLs: ['http://localhost:5173/oauth/callback'],
      LogoutURLs: ['http://localhost:5173/'],
      SupportedIdentityProviders: ['COGNITO', 'Google', 'Facebook', 'LoginWithAmazon', 'SignInWithApple'],
    });
  });

  it('reads every provider credential from Secrets Manager, so none is in the repository', () => {
    const providers = local.findResources('AWS::Cognito::UserPoolIdentityProvider');
    expect(Object.keys(providers)).toEqual(DEFAULT_SETTINGS.providers);
    for (const provider of Object.values(providers)) {
      const details = (provider as { Properties: { ProviderDetails: Record<string, string> } }).Properties.ProviderDetails;
      for (const [key, value] of Object.entries(details))
        if (key !== 'authorize_scopes') expect(value).toMatch(/^\{\{resolve:secretsmanager:customer-area\/\w+:SecretString:\w+::\}\}$/);
    }
  });
});

describe('the identity pool', () => {
  it('trusts the app client, and its two roles can be assumed by its own identities only and allow nothing', () => {
    local.hasResourceProperties('AWS::Cognito::IdentityPool', {
      AllowUnauthenticatedIdentities: true,
      AllowClassicFlow: false,
      CognitoIdentityProviders: [{ ClientId: { Ref: 'AppClient' }, ProviderName: { 'Fn::GetAtt': ['UserPool', 'ProviderName'] } }],
    });
    for (const amr of ['authenticated', 'unauthenticated'])
      local.hasResourceProperties('AWS::IAM::Role', {
        AssumeRolePolicyDocument: {
          Statement: [
            {
              Action: 'sts:AssumeRoleWithWebIdentity',
              Principal: { Federated: 'cognito-identity.amazonaws.com' },
              Condition: {
                StringEquals: { 'cognito-identity.amazonaws.com:aud': { Ref: 'IdentityPool' } },
                'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': amr },
              },
            },
          ],
        },
        ManagedPolicyArns: Match.absent(),
        Policies: Match.absent(),
      });
    local.resourceCountIs('AWS::IAM::Policy', 0);
    local.hasResourceProperties('AWS::Cognito::IdentityPoolRoleAttachment', {
      Roles: { authenticated: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthenticatedRole'), 'Arn'] } },
    });
  });
});

describe('the deployment settings (CDK context)', () => {
  it('change the domain, relying party, URLs and providers, and the outputs the config.json is written from', () => {
    const deployed = templateOf({
      domainPrefix: 'acme-customers',
      relyingPartyId: 'app.example.com',
      appUrls: 'https://app.example.com, https://www.example.com',
      providers: 'Google',
    });
    deployed.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'acme-customers' });
    deployed.hasResourceProperties('AWS::Cognito::UserPool', { WebAuthnRelyingPartyID: 'app.example.com' });
    deployed.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: ['https://app.example.com/oauth/callback', 'https://www.example.com/oauth/callback'],
      SupportedIdentityProviders: ['COGNITO', 'Google'],
    });
    deployed.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 1);
    deployed.hasOutput('RedirectSignIn', { Value: 'https://app.example.com/oauth/callback,https://www.example.com/oauth/callback' });
    deployed.hasOutput('UserPoolClientId', { Value: { Ref: 'AppClient' } });
    // Every output npm run infra:config reads (scripts/infraConfig.ts) to write config.json.
    expect(Object.keys(deployed.toJSON().Outputs as object).sort()).toEqual([
      'AllowGuestAccess',
      'FirstFactors',
      'HostedUiDomain',
      'IdentityPoolId',
      'OAuthScopes',
      'RedirectSignIn',
      'RedirectSignOut',
      'RefreshTokenValidityDays',
      'Region',
      'SocialProviders',
      'UserPoolClientId',
      'UserPoolId',
    ]);
    expect(templateOf({ providers: '' }).findResources('AWS::Cognito::UserPoolIdentityProvider')).toEqual({});
  });

  it('stop the synth with a message naming the key when a value is wrong', () => {
    expect(() => poolApp({ appUrls: 'http://app.example.com' })).toThrow(
      'Context appUrls must be origins such as https://app.example.com (http only for localhost), got "http://app.example.com".',
    );
    expect(() => poolApp({ providers: 'Google,Twitter' })).toThrow('Context providers: "Twitter" is none of');
    expect(() => poolApp({ domainPrefix: 'Acme_Customers' })).toThrow('Context domainPrefix must be lower-case');
  });
});

describe("cdk-nag's AWS Solutions rules", () => {
  it('pass, each rule the pool breaks on purpose acknowledged with its reason', () => {
    expect(() => poolApp().app.synth()).not.toThrow();
  });

  it('are live: a wildcard permission on a role fails the synth, naming the rule', () => {
    const { app, stack } = poolApp();
    const role = stack.node.findAll().find((construct) => construct.node.id === 'AuthenticatedRole');
    expect(role).toBeInstanceOf(Role);
    (role as Role).addToPolicy(new PolicyStatement({ actions: ['s3:*'], resources: ['*'] }));
    expect(() => app.synth()).toThrow("Acknowledge with 'AwsSolutions::AwsSolutions-IAM5[Action::s3:*]'");
  });
});

describe('infra/pool.template.json, which the test pool seeds from', () => {
  it('is what the CDK app synthesizes today (npm run infra:synth writes it again)', () => {
    const committed: unknown = JSON.parse(readFileSync(new URL('../pool.template.json', import.meta.url), 'utf8'));
    expect(committed, 'infra/pool.template.json is out of date: run npm run infra:synth and commit it').toEqual(
      withoutPaths(local.toJSON()),
    );
  });
});
