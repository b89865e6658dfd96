/**
 * The customer area's Cognito pool, as one CloudFormation stack: the user pool,
 * its app client and hosted-UI domain, the optional social providers, and the
 * identity pool with its two roles. The local test pool seeds itself from the
 * template this synthesizes (infra/pool.template.json), so what runs locally
 * and what is deployed are one definition.
 *
 * Written with CloudFormation's own resources (the L1 constructs) rather than
 * the higher-level ones: each property below is one that DescribeUserPool and
 * DescribeUserPoolClient show, under the same name, and one the test pool maps.
 */
import { CfnOutput, Fn, RemovalPolicy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  CfnIdentityPool,
  CfnIdentityPoolRoleAttachment,
  CfnUserPool,
  CfnUserPoolClient,
  CfnUserPoolDomain,
  CfnUserPoolIdentityProvider,
} from 'aws-cdk-lib/aws-cognito';
import { FederatedPrincipal, Role } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { PoolSettings, Provider } from './settings.ts';

/** Where the app takes the hosted UI's answer, and where a sign-out through /logout returns (src/cognito/oauth). */
export const CALLBACK_PATH = '/oauth/callback';
export const SIGN_OUT_PATH = '/';

/** The scopes the app asks the hosted UI for, and the scopes each provider is asked for. */
const OAUTH_SCOPES = ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'];
const PROVIDER_SCOPES: Record<Provider, string> = {
  Google: 'openid email profile',
  Facebook: 'email',
  LoginWithAmazon: 'email',
  SignInWithApple: 'email',
};
/** Passwords, e-mailed sign-in codes and passkeys. */
const FIRST_FACTORS = ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'];
const REFRESH_TOKEN_DAYS = 30;
/** The claim each provider names its user by. */
const PROVIDER_USER_ID: Record<Provider, string> = { Google: 'sub', Facebook: 'id', LoginWithAmazon: 'user_id', SignInWithApple: 'sub' };

export interface PoolStackProps extends StackProps {
  settings: PoolSettings;
}

export class PoolStack extends Stack {
  constructor(scope: Construct, id: string, { settings, ...props }: PoolStackProps) {
    super(scope, id, props);

    const pool = new CfnUserPool(this, 'UserPool', {
      userPoolName: settings.poolName,
      // Passkeys and e-mailed sign-in codes as first factors need the Essentials tier.
      userPoolTier: 'ESSENTIALS',
      usernameAttributes: ['email'],
      autoVerifiedAttributes: ['email'],
      // A new e-mail address replaces the old one only once its code is entered.
      userAttributeUpdateSettings: { attributesRequireVerificationBeforeUpdate: ['email'] },
      policies: {
        passwordPolicy: {
          minimumLength: 8,
          requireLowercase: true,
          requireUppercase: true,
          requireNumbers: true,
          requireSymbols: true,
          temporaryPasswordValidityDays: 7,
        },
        signInPolicy: { allowedFirstAuthFactors: FIRST_FACTORS },
      },
      // MFA is the customer's choice, off until the pool turns it on; authenticator apps are ready for it.
      // SMS and e-mail as second factors need an SNS role and an SES identity of the deployment's own.
      mfaConfiguration: 'OFF',
      enabledMfas: ['SOFTWARE_TOKEN_MFA'],
      webAuthnRelyingPartyId: settings.relyingPartyId,
      webAuthnUserVerification: 'preferred',
      adminCreateUserConfig: { allowAdminCreateUserOnly: false },
    });
    // Customers' accounts outlive the stack: deleting it leaves the pool.
    pool.applyRemovalPolicy(RemovalPolicy.RETAIN);

    const providers = settings.providers.map((name) => {
      const secret = (field: string) =>
        SecretValue.secretsManager(`${settings.providerSecretPrefix}${name}`, { jsonField: field }).unsafeUnwrap();
      const credentials: Record<string, string> =
        name === 'SignInWithApple'
          ? { client_id: secret('client_id'), team_id: secret('team_id'), key_id: secret('key_id'), private_key: secret('private_key') }
          : { client_id: secret('client_id'), client_secret: secret('client_secret') };
      return new CfnUserPoolIdentityProvider(this, name, {
        userPoolId: pool.ref,
        providerName: name,
        providerType: name,
        providerDetails: { ...credentials, authorize_scopes: PROVIDER_SCOPES[name] },
        // The pool requires e-mail, so every provider must map it.
        attributeMapping: { username: PROVIDER_USER_ID[name], email: 'email', name: 'name' },
      });
    });

    const client = new CfnUserPoolClient(this, 'AppClient', {
      userPoolId: pool.ref,
      clientName: 'customer-area-web',
      // A browser app keeps no secret.
      generateSecret: false,
      explicitAuthFlows: [
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_CUSTOM_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
        'ALLOW_USER_AUTH',
      ],
      preventUserExistenceErrors: 'ENABLED',
      enableTokenRevocation: true,
      accessTokenValidity: 1,
      idTokenValidity: 1,
      refreshTokenValidity: REFRESH_TOKEN_DAYS,
      tokenValidityUnits: { accessToken: 'hours', idToken: 'hours', refreshToken: 'days' },
      // Sessions: three minutes between a sign-in's challenges; refresh tokens are not rotated.
      authSessionValidity: 3,
      refreshTokenRotation: { feature: 'DISABLED', retryGracePeriodSeconds: 0 },
      allowedOAuthFlowsUserPoolClient: true,
      // The code grant only: the implicit grant's sessions cannot be refreshed.
      allowedOAuthFlows: ['code'],
      allowedOAuthScopes: OAUTH_SCOPES,
      callbackUrLs: settings.appUrls.map((origin) => `${origin}${CALLBACK_PATH}`),
      logoutUrLs: settings.appUrls.map((origin) => `${origin}${SIGN_OUT_PATH}`),
      supportedIdentityProviders: ['COGNITO', ...settings.providers],
    });
    // The client may name a provider only once the provider exists.
    for (const provider of providers) client.addResourceDependency(provider);

    const domain = new CfnUserPoolDomain(this, 'Domain', { userPoolId: pool.ref, domain: settings.domainPrefix });

    const identityPool = new CfnIdentityPool(this, 'IdentityPool', {
      identityPoolName: 'customer_area_identities',
      allowUnauthenticatedIdentities: true,
      allowClassicFlow: false,
      cognitoIdentityProviders: [{ providerName: pool.attrProviderName, clientId: client.ref, serverSideTokenCheck: false }],
    });

    // The app asks the identity pool for credentials and shows them (the Account page's "AWS access"); it calls
    // no AWS service with them. So both roles can be assumed by this identity pool's identities only, and allow
    // nothing: a deployment that gives the app an AWS API adds exactly that API's actions here.
    const roleFor = (amr: 'authenticated' | 'unauthenticated', description: string) =>
      new Role(this, amr === 'authenticated' ? 'AuthenticatedRole' : 'GuestRole', {
        description,
        assumedBy: new FederatedPrincipal(
          'cognito-identity.amazonaws.com',
          {
            StringEquals: { 'cognito-identity.amazonaws.com:aud': identityPool.ref },
            'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': amr },
          },
          'sts:AssumeRoleWithWebIdentity',
        ),
      });
    const authenticated = roleFor('authenticated', 'Signed-in customers of the customer area: no AWS permission');
    const guest = roleFor('unauthenticated', 'Guests of the customer area: no AWS permission');
    new CfnIdentityPoolRoleAttachment(this, 'IdentityPoolRoles', {
      identityPoolId: identityPool.ref,
      roles: { authenticated: authenticated.roleArn, unauthenticated: guest.roleArn },
    });

    // What the app's config.json needs (npm run infra:config turns the deploy's outputs file into it).
    const output = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    output('Region', this.region, 'config.json region');
    output('UserPoolId', pool.ref, 'config.json userPoolId');
    output('UserPoolClientId', client.ref, 'config.json userPoolClientId');
    output('IdentityPoolId', identityPool.ref, 'config.json identityPoolId');
    output('HostedUiDomain', Fn.join('', [domain.ref, '.auth.', this.region, '.amazoncognito.com']), 'config.json oauth.domain');
    output('OAuthScopes', OAUTH_SCOPES.join(','), 'config.json oauth.scopes');
    output('RedirectSignIn', settings.appUrls.map((origin) => `${origin}${CALLBACK_PATH}`).join(','), 'config.json oauth.redirectSignIn');
    output('RedirectSignOut', settings.appUrls.map((origin) => `${origin}${SIGN_OUT_PATH}`).join(','), 'config.json oauth.redirectSignOut');
    output('SocialProviders', settings.providers.join(','), 'config.json socialProviders (by provider name)');
    output('FirstFactors', FIRST_FACTORS.join(','), 'config.json firstFactors');
    output('AllowGuestAccess', 'true', 'config.json allowGuestAccess');
    output('RefreshTokenValidityDays', String(REFRESH_TOKEN_DAYS), 'config.json refreshTokenValidityDays');

    // cdk-nag's AWS Solutions rules (bin/pool.ts) that this pool breaks on purpose, each with its reason.
    Validations.of(pool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        "MFA is the customer's choice (spec: the Account page turns it on); a pool requiring it would make every sign-up set up a second factor.",
    });
    Validations.of(pool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'The Plus tier (threat protection, compromised-password checks) is priced per active user; Essentials has what the app uses (passkeys, e-mailed codes) and Cognito locks out repeated failed sign-ins on every tier.',
    });
    Validations.of(identityPool).acknowledge({
      id: 'AwsSolutions-COG7',
      reason:
        'Guest access is a product feature (spec: guest credentials when the configuration allows them); the guest role allows nothing.',
    });
  }
}
