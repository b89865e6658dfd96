/**
 * The pool's definition (infra/pool.template.json, synthesized from infra/'s
 * CDK app) against a pool as the Cognito API describes it: one line per
 * setting that differs. QA mode's preflight stops on the differences that would
 * make specs fail; the test pool's own test (definition.test.ts) expects none
 * at all, field by field.
 */
import type { DescribeIdentityPoolCommandOutput } from '@aws-sdk/client-cognito-identity';
import type { GetUserPoolMfaConfigCommandOutput, UserPoolClientType, UserPoolType } from '@aws-sdk/client-cognito-identity-provider';

/** The project's definition of the pool, relative to the repository's root. */
export const DEFINITION_FILE = 'infra/pool.template.json';

type Properties = Record<string, unknown>;

interface Resource {
  Type: string;
  Properties?: Properties;
}

/** The definition's user pool, its app client and its identity pool, as the template's properties. */
export interface Definition {
  pool: Properties;
  client: Properties;
  identityPool?: Properties;
}

/** Reads the first user pool of a template, its first client, and the first identity pool. */
export function definitionFrom(template: { Resources?: Record<string, Resource> }): Definition {
  const resources = Object.entries(template.Resources ?? {});
  const pool = resources.find(([, resource]) => resource.Type === 'AWS::Cognito::UserPool');
  if (!pool) throw new Error(`${DEFINITION_FILE} declares no AWS::Cognito::UserPool.`);
  const client = resources.find(([, resource]) => {
    const poolId = resource.Properties?.UserPoolId as { Ref?: string } | undefined;
    return resource.Type === 'AWS::Cognito::UserPoolClient' && poolId?.Ref === pool[0];
  });
  if (!client) throw new Error(`${DEFINITION_FILE} declares no AWS::Cognito::UserPoolClient of its user pool.`);
  const identityPool = resources.find(([, resource]) => resource.Type === 'AWS::Cognito::IdentityPool');
  return {
    pool: pool[1].Properties ?? {},
    client: client[1].Properties ?? {},
    ...(identityPool ? { identityPool: identityPool[1].Properties ?? {} } : {}),
  };
}

/** What the Cognito API says about the pool. */
export interface DescribedPool {
  pool: UserPoolType;
  client: UserPoolClientType;
  mfa?: GetUserPoolMfaConfigCommandOutput;
  identityPool?: DescribeIdentityPoolCommandOutput;
}

export interface Difference {
  /** one line: what the pool has, then what the definition says */
  message: string;
  /** whether the specs rely on it, so that QA mode cannot run with it */
  breaksSpecs: boolean;
}

const show = (value: unknown): string =>
  value === undefined || value === null
    ? 'not set'
    : Array.isArray(value)
      ? value.length === 0
        ? 'none'
        : value.join(', ')
      : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);

/** A literal of the template: an intrinsic function (an object other than a list) is known only once deployed. */
const literal = (value: unknown) => value !== undefined && (typeof value !== 'object' || Array.isArray(value));
const isList = (value: unknown): value is unknown[] => Array.isArray(value);
const sameSet = (a: unknown, b: unknown) => {
  const left = isList(a) ? a.map(String).sort() : [];
  const right = isList(b) ? b.map(String).sort() : [];
  return left.length === right.length && left.every((item, i) => item === right[i]);
};
const record = (value: unknown): Properties =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Properties) : {};

const CLASSES: Record<string, string> = {
  RequireLowercase: 'a lower-case letter',
  RequireUppercase: 'an upper-case letter',
  RequireNumbers: 'a number',
  RequireSymbols: 'a symbol',
};

const SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };
/** CloudFormation's units when TokenValidityUnits leaves one out. */
const DEFAULT_UNITS: Record<string, string> = { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' };

/** Every setting of the definition that the described pool does not have, one line each. */
export function differences(definition: Definition, described: DescribedPool): Difference[] {
  const found: Difference[] = [];
  const differ = (message: string, breaksSpecs: boolean) => found.push({ message, breaksSpecs });
  const compare = (what: string, expected: unknown, actual: unknown, breaksSpecs: boolean, same = (a: unknown, b: unknown) => a === b) => {
    if (literal(expected) && !same(expected, actual))
      differ(`${what} is ${show(actual)}; the definition says ${show(expected)}`, breaksSpecs);
  };
  const compareSet = (what: string, expected: unknown, actual: unknown, breaksSpecs: boolean) =>
    compare(what, expected, actual ?? [], breaksSpecs, sameSet);

  // The user pool (DescribeUserPool).
  const pool = definition.pool;
  const { pool: live } = described;
  compareSet("the pool's user name attributes", pool.UsernameAttributes ?? [], live.UsernameAttributes, true);
  compareSet("the pool's auto-verified attributes", pool.AutoVerifiedAttributes ?? [], live.AutoVerifiedAttributes, true);
  compareSet(
    "the pool's attributes verified before an update",
    record(pool.UserAttributeUpdateSettings).AttributesRequireVerificationBeforeUpdate ?? [],
    live.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate,
    false,
  );
  const policy = record(record(pool.Policies).PasswordPolicy);
  const livePolicy = live.Policies?.PasswordPolicy ?? {};
  if (literal(policy.MinimumLength) && policy.MinimumLength !== livePolicy.MinimumLength)
    differ(
      `the pool's password policy requires ${show(livePolicy.MinimumLength)} characters; the definition says ${show(policy.MinimumLength)}`,
      true,
    );
  for (const [key, name] of Object.entries(CLASSES)) {
    const wanted = policy[key] === true;
    const has = livePolicy[key as keyof typeof livePolicy] === true;
    if (wanted !== has)
      differ(
        `the pool's password policy ${has ? 'requires' : 'does not require'} ${name}; the definition ${wanted ? 'does' : 'does not'}`,
        true,
      );
  }
  compare(
    "the pool's temporary passwords' validity in days",
    policy.TemporaryPasswordValidityDays,
    livePolicy.TemporaryPasswordValidityDays,
    false,
  );
  compareSet(
    "the pool's first sign-in factors",
    record(record(pool.Policies).SignInPolicy).AllowedFirstAuthFactors,
    live.Policies?.SignInPolicy?.AllowedFirstAuthFactors,
    true,
  );
  // MFA off or optional are alike to the specs: neither asks a customer who has not turned a factor on.
  const mfa = pool.MfaConfiguration ?? 'OFF';
  const liveMfa = live.MfaConfiguration ?? 'OFF';
  if (mfa !== liveMfa) differ(`the pool's MFA is ${liveMfa}; the definition says ${show(mfa)}`, mfa === 'ON' || liveMfa === 'ON');
  const devices = record(pool.DeviceConfiguration);
  const liveDevices = live.DeviceConfiguration;
  const remembers = (config: { ChallengeRequiredOnNewDevice?: unknown; DeviceOnlyRememberedOnUserPrompt?: unknown } | undefined) =>
    config
      ? `challenge on new device ${show(config.ChallengeRequiredOnNewDevice ?? false)}, on user prompt ${show(config.DeviceOnlyRememberedOnUserPrompt ?? false)}`
      : 'off';
  if (remembers(pool.DeviceConfiguration === undefined ? undefined : devices) !== remembers(liveDevices))
    differ(
      `the pool's device tracking is ${remembers(liveDevices)}; the definition says ${remembers(pool.DeviceConfiguration === undefined ? undefined : devices)}`,
      true,
    );
  compare(
    "the pool's admin-only sign-up",
    record(pool.AdminCreateUserConfig).AllowAdminCreateUserOnly ?? false,
    live.AdminCreateUserConfig?.AllowAdminCreateUserOnly ?? false,
    true,
  );

  // MFA factors and passkeys (GetUserPoolMfaConfig).
  if (described.mfa) {
    const enabled = isList(pool.EnabledMfas) ? pool.EnabledMfas : [];
    const liveEnabled = [
      ...(described.mfa.SmsMfaConfiguration ? ['SMS_MFA'] : []),
      ...(described.mfa.SoftwareTokenMfaConfiguration?.Enabled ? ['SOFTWARE_TOKEN_MFA'] : []),
      ...(described.mfa.EmailMfaConfiguration ? ['EMAIL_OTP'] : []),
    ];
    compareSet("the pool's MFA factors", enabled, liveEnabled, false);
    compare("the pool's passkey relying party", pool.WebAuthnRelyingPartyID, described.mfa.WebAuthnConfiguration?.RelyingPartyId, false);
    compare(
      "the pool's passkey user verification",
      pool.WebAuthnUserVerification,
      described.mfa.WebAuthnConfiguration?.UserVerification,
      false,
    );
  }

  // The app client (DescribeUserPoolClient).
  const client = definition.client;
  const liveClient = described.client;
  if ((client.GenerateSecret === true) !== (liveClient.ClientSecret !== undefined))
    differ(
      `the app client ${liveClient.ClientSecret ? 'has' : 'has no'} secret; the definition says ${client.GenerateSecret === true ? 'it has' : 'none'}`,
      true,
    );
  if (literal(client.ExplicitAuthFlows)) {
    const missing = (client.ExplicitAuthFlows as string[]).filter((flow) => !(liveClient.ExplicitAuthFlows ?? []).includes(flow as never));
    const extra = (liveClient.ExplicitAuthFlows ?? []).filter((flow) => !(client.ExplicitAuthFlows as string[]).includes(flow));
    if (missing.length > 0) differ(`the app client does not allow ${missing.join(', ')}; the definition does`, true);
    if (extra.length > 0) differ(`the app client allows ${extra.join(', ')}; the definition does not`, false);
  }
  compare(
    "the app client's user-existence errors",
    client.PreventUserExistenceErrors ?? 'ENABLED',
    liveClient.PreventUserExistenceErrors,
    true,
  );
  compare("the app client's token revocation", client.EnableTokenRevocation ?? true, liveClient.EnableTokenRevocation, true);
  const units = record(client.TokenValidityUnits);
  const liveUnits = (liveClient.TokenValidityUnits ?? {}) as Record<string, string | undefined>;
  for (const token of ['AccessToken', 'IdToken', 'RefreshToken'] as const) {
    const amount = client[`${token}Validity`];
    if (!literal(amount)) continue;
    const unit = typeof units[token] === 'string' ? units[token] : DEFAULT_UNITS[token]!;
    const seconds = Number(amount) * SECONDS[unit]!;
    const liveAmount = liveClient[`${token}Validity`];
    const liveSeconds = liveAmount === undefined ? undefined : liveAmount * SECONDS[liveUnits[token] ?? DEFAULT_UNITS[token]!]!;
    if (seconds !== liveSeconds)
      differ(`the app client's ${token} validity is ${show(liveSeconds)} s; the definition says ${seconds} s`, false);
  }
  compare("the app client's sign-in session validity in minutes", client.AuthSessionValidity, liveClient.AuthSessionValidity, false);
  const rotation = record(client.RefreshTokenRotation);
  compare("the app client's refresh-token rotation", rotation.Feature, liveClient.RefreshTokenRotation?.Feature, false);
  compare(
    "the app client's rotation grace period in seconds",
    rotation.RetryGracePeriodSeconds,
    liveClient.RefreshTokenRotation?.RetryGracePeriodSeconds,
    false,
  );
  compare(
    "the app client's OAuth use",
    client.AllowedOAuthFlowsUserPoolClient ?? false,
    liveClient.AllowedOAuthFlowsUserPoolClient ?? false,
    false,
  );
  compareSet("the app client's OAuth grants", client.AllowedOAuthFlows, liveClient.AllowedOAuthFlows, false);
  compareSet("the app client's OAuth scopes", client.AllowedOAuthScopes, liveClient.AllowedOAuthScopes, false);
  compareSet("the app client's callback URLs", client.CallbackURLs, liveClient.CallbackURLs, false);
  compareSet("the app client's sign-out URLs", client.LogoutURLs, liveClient.LogoutURLs, false);
  compareSet("the app client's identity providers", client.SupportedIdentityProviders, liveClient.SupportedIdentityProviders, false);

  // The identity pool (DescribeIdentityPool).
  const identity = definition.identityPool;
  if (identity && described.identityPool) {
    const liveIdentity = described.identityPool;
    compare(
      "the identity pool's guest access",
      identity.AllowUnauthenticatedIdentities,
      liveIdentity.AllowUnauthenticatedIdentities,
      false,
    );
    compare("the identity pool's classic flow", identity.AllowClassicFlow ?? false, liveIdentity.AllowClassicFlow ?? false, false);
    compare("the identity pool's name", identity.IdentityPoolName, liveIdentity.IdentityPoolName, false);
    const providers = isList(identity.CognitoIdentityProviders) ? identity.CognitoIdentityProviders : [];
    if (providers.length !== (liveIdentity.CognitoIdentityProviders ?? []).length)
      differ(
        `the identity pool trusts ${(liveIdentity.CognitoIdentityProviders ?? []).length} user pool clients; the definition says ${providers.length}`,
        false,
      );
  }
  return found;
}
