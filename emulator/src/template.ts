/**
 * Seeding the test pool from a CloudFormation template (`npm run emulator --
 * --template <file>`): the pool the project deploys (infra/, synthesized to
 * infra/pool.template.json) is the pool the tests run against.
 *
 * The template's AWS::Cognito::UserPool, UserPoolClient, UserPoolDomain,
 * UserPoolIdentityProvider, IdentityPool and IdentityPoolRoleAttachment
 * resources become the pool's, client's, provider's and identity pool's
 * settings, with the intrinsic functions synthesized templates use resolved
 * (Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split; a parameter is
 * its Default). What the test pool does not implement is not dropped silently:
 * each such property is one line of {@link TemplateSeed.unsupported}. A value
 * of the wrong shape is a {@link TemplateError}, one line naming the resource
 * and the property. Resources of other services (the identity pool's IAM
 * roles, say) are only looked up, by Ref and Fn::GetAtt.
 */
import { createHash } from 'node:crypto';
import { generateSigningKey } from './jwt.ts';
import {
  DEFAULT_PASSWORD_POLICY,
  SEEDED_CLIENT_ID,
  SEEDED_IDENTITY_POOL_SUFFIX,
  SEEDED_POOL_SUFFIX,
  type SeedOptions,
  defaultClient,
  newDecoySecret,
} from './seed.ts';
import {
  AUTH_FACTORS,
  type AppClient,
  type AuthFactor,
  EXPLICIT_AUTH_FLOWS,
  type ExplicitAuthFlow,
  type IdentityPool,
  type IdentityProvider,
  OAUTH_FLOWS,
  type OAuthFlow,
  SOCIAL_PROVIDER_TYPES,
  type State,
  type TimeUnit,
  type UserPool,
} from './state.ts';

/** Why a template cannot seed the pool: one line, naming the resource and the property. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

export interface CloudFormationTemplate {
  Parameters?: Record<string, { Default?: unknown }>;
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
}

export interface TemplateSeed {
  state: State;
  /** one line per property (or Cognito resource) the test pool does not implement, in the template's order */
  unsupported: string[];
}

/** The resource types the test pool serves. */
export const SERVED_TYPES = [
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::Cognito::UserPoolDomain',
  'AWS::Cognito::UserPoolIdentityProvider',
  'AWS::Cognito::IdentityPool',
  'AWS::Cognito::IdentityPoolRoleAttachment',
] as const;

/** The account id the test pool's ARNs carry (as DescribeUserPool's do). */
const ACCOUNT = '000000000000';

/** An intrinsic function's arguments as a list (none when they are not one). */
const argList = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a template's text (JSON, as `cdk synth` writes it); a file that is none stops here. */
export function parseTemplate(text: string): CloudFormationTemplate {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TemplateError(`the template is not JSON (${(error as Error).message}); write it with cdk synth --json or as JSON.`);
  }
  if (!isRecord(parsed) || !isRecord(parsed.Resources)) throw new TemplateError('the template has no Resources section.');
  for (const [id, resource] of Object.entries(parsed.Resources)) {
    if (!isRecord(resource) || typeof resource.Type !== 'string') throw new TemplateError(`Resources.${id} has no Type.`);
    if (resource.Properties !== undefined && !isRecord(resource.Properties))
      throw new TemplateError(`Resources.${id}.Properties must be an object.`);
  }
  if (parsed.Parameters !== undefined && !isRecord(parsed.Parameters)) throw new TemplateError('Parameters must be an object.');
  return parsed as unknown as CloudFormationTemplate;
}

/** A stable id from a logical id, so ids survive a restart. */
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** What Ref and Fn::GetAtt give for each resource: the physical ids the test pool hands out. */
function physicalIds(template: CloudFormationTemplate, region: string): Map<string, { ref: string; attributes: Record<string, string> }> {
  const ids = new Map<string, { ref: string; attributes: Record<string, string> }>();
  let pools = 0;
  let clients = 0;
  let identityPools = 0;
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    const alnum = logicalId.replace(/[^0-9A-Za-z]/g, '');
    switch (resource.Type) {
      case 'AWS::Cognito::UserPool': {
        const id = `${region}_${pools++ === 0 ? SEEDED_POOL_SUFFIX : alnum.slice(0, 40)}`;
        const providerName = `cognito-idp.${region}.amazonaws.com/${id}`;
        ids.set(logicalId, {
          ref: id,
          attributes: {
            Arn: `arn:aws:cognito-idp:${region}:${ACCOUNT}:userpool/${id}`,
            ProviderName: providerName,
            ProviderURL: `https://${providerName}`,
            UserPoolId: id,
          },
        });
        break;
      }
      case 'AWS::Cognito::UserPoolClient': {
        const id = clients++ === 0 ? SEEDED_CLIENT_ID : (alnum.toLowerCase() + digest(logicalId)).slice(0, 26);
        ids.set(logicalId, { ref: id, attributes: { ClientId: id } });
        break;
      }
      case 'AWS::Cognito::IdentityPool': {
        const hex = digest(logicalId);
        const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
        const id = `${region}:${identityPools++ === 0 ? SEEDED_IDENTITY_POOL_SUFFIX : uuid}`;
        ids.set(logicalId, { ref: id, attributes: { Id: id } });
        break;
      }
      case 'AWS::IAM::Role':
        ids.set(logicalId, {
          ref: logicalId,
          attributes: { Arn: `arn:aws:iam::${ACCOUNT}:role/${logicalId}`, RoleId: `AROA${digest(logicalId).slice(0, 17).toUpperCase()}` },
        });
        break;
      default:
        // A domain's Ref is its prefix; anything else is named by its logical id.
        ids.set(logicalId, {
          ref:
            resource.Type === 'AWS::Cognito::UserPoolDomain' && typeof resource.Properties?.Domain === 'string'
              ? resource.Properties.Domain
              : logicalId,
          attributes: {},
        });
    }
  }
  return ids;
}

/** Resolves the intrinsic functions in a property's value; `where` names the property for errors. */
function resolver(template: CloudFormationTemplate, region: string) {
  const ids = physicalIds(template, region);
  const pseudo: Record<string, string> = {
    'AWS::Region': region,
    'AWS::AccountId': ACCOUNT,
    'AWS::Partition': 'aws',
    'AWS::URLSuffix': 'amazonaws.com',
    'AWS::StackName': 'test-pool',
    'AWS::StackId': `arn:aws:cloudformation:${region}:${ACCOUNT}:stack/test-pool/${SEEDED_IDENTITY_POOL_SUFFIX}`,
  };
  const NO_VALUE = Symbol('AWS::NoValue');

  function ref(name: unknown, where: string): string | typeof NO_VALUE {
    if (typeof name !== 'string') throw new TemplateError(`${where}: Ref must name a resource or parameter.`);
    if (name === 'AWS::NoValue') return NO_VALUE;
    if (name in pseudo) return pseudo[name]!;
    const parameter = template.Parameters?.[name];
    if (parameter) {
      if (parameter.Default === undefined) throw new TemplateError(`${where}: parameter ${name} has no Default for the test pool to use.`);
      const value = parameter.Default;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
      throw new TemplateError(`${where}: parameter ${name}'s Default must be a string or a number.`);
    }
    const resource = ids.get(name);
    if (!resource) throw new TemplateError(`${where}: Ref ${name} names no resource or parameter of the template.`);
    return resource.ref;
  }

  function getAtt(args: unknown, where: string): string {
    const [name, attribute] = typeof args === 'string' ? args.split(/\.(.*)/s) : argList(args);
    if (typeof name !== 'string' || typeof attribute !== 'string')
      throw new TemplateError(`${where}: Fn::GetAtt must be [resource, attribute].`);
    const resource = ids.get(name);
    if (!resource) throw new TemplateError(`${where}: Fn::GetAtt ${name} names no resource of the template.`);
    const value = resource.attributes[attribute];
    if (value === undefined)
      throw new TemplateError(
        `${where}: Fn::GetAtt ${name}.${attribute} is not an attribute the test pool can give (${template.Resources[name]!.Type}).`,
      );
    return value;
  }

  function sub(args: unknown, where: string): string {
    const [text, variables] = typeof args === 'string' ? [args, {}] : argList(args);
    if (typeof text !== 'string' || !isRecord(variables))
      throw new TemplateError(`${where}: Fn::Sub must be a string or [string, variables].`);
    return text.replace(/\$\{(!?)([^}]*)\}/g, (_match, literal: string, name: string) => {
      if (literal) return `\${${name}}`;
      if (name in variables) return asString(resolve(variables[name], where), where);
      if (name.includes('.') && !name.startsWith('AWS::')) return getAtt(name, where);
      const value = ref(name, where);
      if (value === NO_VALUE) throw new TemplateError(`${where}: Fn::Sub cannot put AWS::NoValue in a string.`);
      return value;
    });
  }

  function asString(value: unknown, where: string): string {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw new TemplateError(`${where}: expected a string, got ${JSON.stringify(value)}.`);
  }

  function resolve(value: unknown, where: string): unknown {
    if (Array.isArray(value)) return value.map((item) => resolve(item, where)).filter((item) => item !== NO_VALUE);
    if (!isRecord(value)) return value;
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const [fn] = keys as [string];
      const args = value[fn];
      switch (fn) {
        case 'Ref':
          return ref(args, where);
        case 'Fn::GetAtt':
          return getAtt(args, where);
        case 'Fn::Sub':
          return sub(args, where);
        case 'Fn::Join': {
          const [separator, list] = argList(args);
          const items = resolve(list, where);
          if (typeof separator !== 'string' || !Array.isArray(items))
            throw new TemplateError(`${where}: Fn::Join must be [separator, list].`);
          return items.map((item) => asString(item, where)).join(separator);
        }
        case 'Fn::Select': {
          const [index, list] = argList(args);
          const items = resolve(list, where);
          const at = Number(resolve(index, where));
          if (!Array.isArray(items) || !Number.isInteger(at) || at < 0 || at >= items.length)
            throw new TemplateError(`${where}: Fn::Select must be [index, list] with the index in the list.`);
          return items[at];
        }
        case 'Fn::Split': {
          const [separator, text] = argList(args);
          if (typeof separator !== 'string') throw new TemplateError(`${where}: Fn::Split must be [separator, string].`);
          return asString(resolve(text, where), where).split(separator);
        }
        default:
          if (fn.startsWith('Fn::') || fn === 'Condition')
            throw new TemplateError(`${where}: ${fn} is not an intrinsic function the test pool resolves.`);
      }
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const resolved = resolve(item, `${where}.${key}`);
      if (resolved !== NO_VALUE) out[key] = resolved;
    }
    return out;
  }

  return (value: Record<string, unknown>, where: string) => resolve(value, where) as Record<string, unknown>;
}

/**
 * Reads one resource's resolved properties: each read marks its property as
 * handled; {@link Reader.rest} names the ones nothing read. Wrong shapes are
 * TemplateErrors naming `Resources.<id>.Properties.<path>`.
 */
class Reader {
  private readonly read = new Set<string>();
  private readonly props: Record<string, unknown>;
  readonly where: string;
  constructor(props: Record<string, unknown>, where: string) {
    this.props = props;
    this.where = where;
  }

  private fail(key: string, expected: string, value: unknown): never {
    throw new TemplateError(`${this.where}.${key} must be ${expected}, got ${JSON.stringify(value)}.`);
  }
  has(key: string): boolean {
    return this.props[key] !== undefined;
  }
  /** Marks a property handled without reading it (its value is the test pool's fixed behaviour). */
  accept(key: string): void {
    this.read.add(key);
  }
  raw(key: string): unknown {
    this.read.add(key);
    return this.props[key];
  }
  string(key: string): string | undefined {
    const value = this.raw(key);
    if (value === undefined || typeof value === 'string') return value;
    return this.fail(key, 'a string', value);
  }
  boolean(key: string): boolean | undefined {
    const value = this.raw(key);
    if (value === undefined || typeof value === 'boolean') return value;
    // CloudFormation takes "true" and "false" as booleans.
    if (value === 'true' || value === 'false') return value === 'true';
    return this.fail(key, 'true or false', value);
  }
  integer(key: string, min: number, max: number): number | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max) return number;
    return this.fail(key, `a whole number from ${min} to ${max}`, value);
  }
  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.raw(key);
    if (value === undefined || (typeof value === 'string' && (allowed as readonly string[]).includes(value))) return value as T | undefined;
    return this.fail(key, `one of ${allowed.join(', ')}`, value);
  }
  list<T extends string>(key: string, allowed?: readonly T[]): T[] | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return this.fail(key, 'a list of strings', value);
    if (allowed) {
      const wrong = value.find((item) => !(allowed as readonly string[]).includes(item));
      if (wrong !== undefined) return this.fail(key, `a list of ${allowed.join(', ')}`, value);
    }
    return value as T[];
  }
  stringMap(key: string): Record<string, string> | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (!isRecord(value) || !Object.values(value).every((item) => typeof item === 'string'))
      return this.fail(key, 'a map of strings', value);
    return value as Record<string, string>;
  }
  structure(key: string): Reader | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (!isRecord(value)) return this.fail(key, 'an object', value);
    return new Reader(value, `${this.where}.${key}`);
  }
  /** Properties nothing read, as one line each, appended to `into`. */
  rest(into: string[], why = 'not implemented by the test pool; ignored'): void {
    for (const key of Object.keys(this.props)) if (!this.read.has(key)) into.push(`${this.where}.${key}: ${why}`);
  }
}

const SECONDS: Record<TimeUnit, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };
const UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
const VERIFIABLE = ['email', 'phone_number'] as const;

function readUserPool(r: Reader, id: string, region: string, now: number, unsupported: string[]): UserPool {
  const passwordPolicy = { ...DEFAULT_PASSWORD_POLICY };
  let allowedFirstAuthFactors: AuthFactor[] = ['PASSWORD'];
  const policies = r.structure('Policies');
  if (policies) {
    const password = policies.structure('PasswordPolicy');
    if (password) {
      passwordPolicy.minimumLength = password.integer('MinimumLength', 6, 99) ?? passwordPolicy.minimumLength;
      passwordPolicy.requireLowercase = password.boolean('RequireLowercase') ?? false;
      passwordPolicy.requireUppercase = password.boolean('RequireUppercase') ?? false;
      passwordPolicy.requireNumbers = password.boolean('RequireNumbers') ?? false;
      passwordPolicy.requireSymbols = password.boolean('RequireSymbols') ?? false;
      passwordPolicy.temporaryPasswordValidityDays =
        password.integer('TemporaryPasswordValidityDays', 0, 365) ?? passwordPolicy.temporaryPasswordValidityDays;
      password.rest(unsupported);
    }
    const signIn = policies.structure('SignInPolicy');
    if (signIn) {
      allowedFirstAuthFactors = signIn.list('AllowedFirstAuthFactors', AUTH_FACTORS) ?? allowedFirstAuthFactors;
      if (!allowedFirstAuthFactors.includes('PASSWORD'))
        throw new TemplateError(`${signIn.where}.AllowedFirstAuthFactors must hold PASSWORD, as Cognito requires.`);
      signIn.rest(unsupported);
    }
    policies.rest(unsupported);
  }
  const enabledMfas = r.list('EnabledMfas', ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] as const) ?? [];
  const smsMessage = r.string('SmsAuthenticationMessage');
  const devices = r.structure('DeviceConfiguration');
  const deviceConfiguration = devices
    ? {
        challengeRequiredOnNewDevice: devices.boolean('ChallengeRequiredOnNewDevice') ?? false,
        deviceOnlyRememberedOnUserPrompt: devices.boolean('DeviceOnlyRememberedOnUserPrompt') ?? false,
      }
    : null;
  devices?.rest(unsupported);
  const adminCreate = r.structure('AdminCreateUserConfig');
  const allowAdminCreateUserOnly = adminCreate?.boolean('AllowAdminCreateUserOnly') ?? false;
  adminCreate?.rest(unsupported);
  const updates = r.structure('UserAttributeUpdateSettings');
  const attributesRequireVerificationBeforeUpdate = updates?.list('AttributesRequireVerificationBeforeUpdate', VERIFIABLE) ?? [];
  updates?.rest(unsupported);
  const relyingPartyId = r.string('WebAuthnRelyingPartyID');
  if (relyingPartyId !== undefined && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(relyingPartyId))
    throw new TemplateError(
      `${r.where}.WebAuthnRelyingPartyID must be a domain name such as auth.example.com or localhost, got "${relyingPartyId}".`,
    );
  if (
    r.has('WebAuthnFactorConfiguration') &&
    r.oneOf('WebAuthnFactorConfiguration', ['SINGLE_FACTOR', 'MULTI_FACTOR_WITH_USER_VERIFICATION']) !== 'SINGLE_FACTOR'
  )
    unsupported.push(`${r.where}.WebAuthnFactorConfiguration: passkeys as a second factor are not implemented by the test pool; ignored`);
  // The test pool serves what the Essentials tier has.
  if (r.has('UserPoolTier') && r.oneOf('UserPoolTier', ['LITE', 'ESSENTIALS', 'PLUS']) !== 'ESSENTIALS')
    unsupported.push(
      `${r.where}.UserPoolTier: the test pool serves the Essentials tier's features; ${String(r.raw('UserPoolTier'))} ignored`,
    );
  const pool: UserPool = {
    id,
    name: r.string('UserPoolName') ?? id,
    region,
    usernameAttributes: r.list('UsernameAttributes', VERIFIABLE) ?? [],
    autoVerifiedAttributes: r.list('AutoVerifiedAttributes', VERIFIABLE) ?? [],
    attributesRequireVerificationBeforeUpdate,
    passwordPolicy,
    mfaConfiguration: r.oneOf('MfaConfiguration', ['OFF', 'ON', 'OPTIONAL'] as const) ?? 'OFF',
    smsMfa: enabledMfas.includes('SMS_MFA') ? { ...(smsMessage ? { message: smsMessage } : {}) } : null,
    softwareTokenMfa: enabledMfas.includes('SOFTWARE_TOKEN_MFA'),
    emailMfa: enabledMfas.includes('EMAIL_OTP') ? {} : null,
    allowedFirstAuthFactors,
    webAuthn: {
      ...(relyingPartyId ? { relyingPartyId: relyingPartyId.toLowerCase() } : {}),
      userVerification: r.oneOf('WebAuthnUserVerification', ['required', 'preferred'] as const) ?? 'preferred',
    },
    deviceConfiguration,
    allowAdminCreateUserOnly,
    identityProviders: {},
    signingKey: generateSigningKey(),
    clients: {},
    users: {},
    grants: {},
    decoys: {},
    decoySecret: newDecoySecret(),
    createdAt: now,
    modifiedAt: now,
  };
  if (pool.mfaConfiguration === 'ON' && !pool.smsMfa && !pool.softwareTokenMfa && !pool.emailMfa)
    throw new TemplateError(`${r.where}.EnabledMfas must name a factor when MfaConfiguration is ON.`);
  r.rest(unsupported);
  return pool;
}

function readClient(r: Reader, id: string, now: number, unsupported: string[]): AppClient {
  const base = defaultClient(id, r.string('ClientName') ?? id, now);
  const units = r.structure('TokenValidityUnits');
  const unit = (key: 'AccessToken' | 'IdToken' | 'RefreshToken') => units?.oneOf(key, UNITS) ?? base.tokenValidityUnits[key];
  const tokenValidityUnits = { AccessToken: unit('AccessToken'), IdToken: unit('IdToken'), RefreshToken: unit('RefreshToken') };
  units?.rest(unsupported);
  const validity = (key: 'AccessToken' | 'IdToken' | 'RefreshToken', fallback: number) => {
    const amount = r.integer(`${key}Validity`, 1, 315_360_000);
    return amount === undefined ? fallback : amount * SECONDS[tokenValidityUnits[key]];
  };
  const rotation = r.structure('RefreshTokenRotation');
  const refreshTokenRotation = rotation
    ? {
        enabled: rotation.oneOf('Feature', ['ENABLED', 'DISABLED'] as const) === 'ENABLED',
        retryGracePeriodSeconds: rotation.integer('RetryGracePeriodSeconds', 0, 60) ?? 0,
      }
    : base.refreshTokenRotation;
  rotation?.rest(unsupported);
  const callbackUrls = r.list('CallbackURLs') ?? [];
  const defaultRedirectUri = r.string('DefaultRedirectURI');
  const client: AppClient = {
    ...base,
    ...(r.boolean('GenerateSecret') ? { clientSecret: digest(`secret:${id}`).slice(0, 51) } : {}),
    explicitAuthFlows: r.list<ExplicitAuthFlow>('ExplicitAuthFlows', EXPLICIT_AUTH_FLOWS) ?? base.explicitAuthFlows,
    preventUserExistenceErrors: (r.oneOf('PreventUserExistenceErrors', ['ENABLED', 'LEGACY'] as const) ?? 'ENABLED') === 'ENABLED',
    enableTokenRevocation: r.boolean('EnableTokenRevocation') ?? true,
    accessTokenValidity: validity('AccessToken', base.accessTokenValidity),
    idTokenValidity: validity('IdToken', base.idTokenValidity),
    refreshTokenValidity: validity('RefreshToken', base.refreshTokenValidity),
    tokenValidityUnits,
    authSessionValidity: (r.integer('AuthSessionValidity', 3, 15) ?? 3) * 60,
    refreshTokenRotation,
    ...(r.has('ReadAttributes') ? { readAttributes: r.list('ReadAttributes')! } : {}),
    ...(r.has('WriteAttributes') ? { writeAttributes: r.list('WriteAttributes')! } : {}),
    oauth: {
      enabled: r.boolean('AllowedOAuthFlowsUserPoolClient') ?? false,
      flows: r.list<OAuthFlow>('AllowedOAuthFlows', OAUTH_FLOWS) ?? [],
      scopes: r.list('AllowedOAuthScopes') ?? [],
      callbackUrls,
      logoutUrls: r.list('LogoutURLs') ?? [],
      ...(defaultRedirectUri ? { defaultRedirectUri } : {}),
      identityProviders: r.list('SupportedIdentityProviders') ?? [],
    },
  };
  // Told so by the properties CloudFormation documents as defaulting to what the test pool always does.
  if (r.boolean('EnablePropagateAdditionalUserContextData') === true)
    unsupported.push(`${r.where}.EnablePropagateAdditionalUserContextData: not implemented by the test pool; ignored`);
  r.rest(unsupported);
  return client;
}

function readProvider(r: Reader, now: number): IdentityProvider {
  const type = r.oneOf('ProviderType', SOCIAL_PROVIDER_TYPES);
  if (!type) throw new TemplateError(`${r.where}.ProviderType is required.`);
  const name = r.string('ProviderName') ?? type;
  if (name !== type) throw new TemplateError(`${r.where}.ProviderName must be ${type} for a ${type} provider, got "${name}".`);
  const attributeMapping = r.stringMap('AttributeMapping') ?? {};
  return {
    name: type,
    type,
    details: r.stringMap('ProviderDetails') ?? {},
    attributeMapping,
    createdAt: now,
    modifiedAt: now,
  };
}

function readIdentityPool(r: Reader, id: string, now: number, unsupported: string[]): IdentityPool {
  const given = r.raw('CognitoIdentityProviders');
  if (given !== undefined && !Array.isArray(given))
    throw new TemplateError(`${r.where}.CognitoIdentityProviders must be a list, got ${JSON.stringify(given)}.`);
  const providers = (given ?? []).map((entry: unknown, i) => {
    if (!isRecord(entry)) throw new TemplateError(`${r.where}.CognitoIdentityProviders[${i}] must be an object.`);
    const provider = new Reader(entry, `${r.where}.CognitoIdentityProviders[${i}]`);
    const providerName = provider.string('ProviderName');
    const clientId = provider.string('ClientId');
    if (!providerName || !clientId) throw new TemplateError(`${provider.where} needs ProviderName and ClientId.`);
    const serverSideTokenCheck = provider.boolean('ServerSideTokenCheck') ?? false;
    provider.rest(unsupported);
    return { providerName, clientId, serverSideTokenCheck };
  });
  const allowUnauthenticated = r.boolean('AllowUnauthenticatedIdentities');
  if (allowUnauthenticated === undefined) throw new TemplateError(`${r.where}.AllowUnauthenticatedIdentities is required.`);
  const pool: IdentityPool = {
    id,
    name: r.string('IdentityPoolName') ?? id.split(':')[1]!,
    allowUnauthenticated,
    allowClassicFlow: r.boolean('AllowClassicFlow') ?? false,
    providers,
    identities: {},
    logins: {},
    createdAt: now,
  };
  r.rest(unsupported);
  return pool;
}

/**
 * The test pool's state as the template declares it. The first user pool,
 * its first client and the first identity pool get the ids the hand-made seed
 * had (eu-west-1_LocalPool and so on), so bookmarks and scripts keep working.
 */
export function stateFromTemplate(template: CloudFormationTemplate, { region, signingKey }: SeedOptions, now: number): TemplateSeed {
  const resolve = resolver(template, region);
  const ids = physicalIds(template, region);
  const unsupported: string[] = [];
  const pools: Record<string, UserPool> = {};
  const identityPools: Record<string, IdentityPool> = {};
  const byType = (type: string) => Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
  const reader = (logicalId: string) =>
    new Reader(
      resolve(template.Resources[logicalId]!.Properties ?? {}, `Resources.${logicalId}.Properties`),
      `Resources.${logicalId}.Properties`,
    );
  /** The user pool a resource's UserPoolId names. */
  const poolOf = (r: Reader): UserPool => {
    const id = r.string('UserPoolId');
    const pool = id === undefined ? undefined : pools[id];
    if (!pool) throw new TemplateError(`${r.where}.UserPoolId must name a user pool of the template, got ${JSON.stringify(id)}.`);
    return pool;
  };

  for (const [logicalId, resource] of Object.entries(template.Resources))
    if (resource.Type.startsWith('AWS::Cognito::') && !(SERVED_TYPES as readonly string[]).includes(resource.Type))
      unsupported.push(`Resources.${logicalId} (${resource.Type}): not implemented by the test pool; ignored`);

  for (const [logicalId] of byType('AWS::Cognito::UserPool')) {
    const id = ids.get(logicalId)!.ref;
    pools[id] = readUserPool(reader(logicalId), id, region, now, unsupported);
  }
  const [firstPool] = Object.values(pools);
  if (!firstPool) throw new TemplateError('the template declares no AWS::Cognito::UserPool.');
  if (signingKey) firstPool.signingKey = signingKey;

  for (const [logicalId] of byType('AWS::Cognito::UserPoolIdentityProvider')) {
    const r = reader(logicalId);
    const pool = poolOf(r);
    const provider = readProvider(r, now);
    pool.identityProviders![provider.name] = provider;
    r.rest(unsupported);
  }
  for (const [logicalId] of byType('AWS::Cognito::UserPoolClient')) {
    const r = reader(logicalId);
    const pool = poolOf(r);
    const client = readClient(r, ids.get(logicalId)!.ref, now, unsupported);
    for (const name of client.oauth!.identityProviders)
      if (name !== 'COGNITO' && !pool.identityProviders![name])
        throw new TemplateError(`${r.where}.SupportedIdentityProviders names ${name}, which is no provider of the pool.`);
    pool.clients[client.clientId] = client;
  }
  for (const [logicalId] of byType('AWS::Cognito::UserPoolDomain')) {
    const r = reader(logicalId);
    poolOf(r);
    if (!r.string('Domain')) throw new TemplateError(`${r.where}.Domain is required.`);
    // The hosted UI is served at the test pool's own address, whatever the domain.
    r.rest(unsupported);
  }
  for (const [logicalId] of byType('AWS::Cognito::IdentityPool')) {
    const id = ids.get(logicalId)!.ref;
    identityPools[id] = readIdentityPool(reader(logicalId), id, now, unsupported);
  }
  for (const [logicalId] of byType('AWS::Cognito::IdentityPoolRoleAttachment')) {
    const r = reader(logicalId);
    const id = r.string('IdentityPoolId');
    if (id === undefined || !identityPools[id])
      throw new TemplateError(`${r.where}.IdentityPoolId must name an identity pool of the template, got ${JSON.stringify(id)}.`);
    r.structure('Roles');
    r.rest(unsupported);
    unsupported.push(`${r.where}.Roles: the test pool's credentials are not limited by a role; accepted, not enforced`);
  }

  const firstClient = Object.values(firstPool.clients)[0];
  if (!firstClient) throw new TemplateError(`the template declares no AWS::Cognito::UserPoolClient of the user pool ${firstPool.name}.`);
  const [firstIdentityPool] = Object.values(identityPools);
  return {
    state: {
      version: 2,
      seed: { userPoolId: firstPool.id, userPoolClientId: firstClient.clientId, identityPoolId: firstIdentityPool?.id ?? '' },
      pools,
      identityPools,
      outbox: [],
      clockOffsetMs: 0,
    },
    unsupported,
  };
}
