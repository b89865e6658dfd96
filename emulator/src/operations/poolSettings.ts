/**
 * Pool configuration: DescribeUserPool, UpdateUserPool, SetUserPoolMfaConfig
 * and GetUserPoolMfaConfig. Like the service, UpdateUserPool and
 * SetUserPoolMfaConfig replace the settings they cover: what a request leaves
 * out goes back to its default, so a caller changing one setting sends the
 * others back as DescribeUserPool showed them.
 */
import { type Handler, apiDate } from '../context.ts';
import { errors } from '../errors.ts';
import {
  type Input,
  optionalBoolean,
  optionalEnum,
  optionalEnumList,
  optionalInteger,
  optionalString,
  optionalStructure,
} from '../input.ts';
import { DEFAULT_PASSWORD_POLICY } from '../seed.ts';
import { AUTH_FACTORS, type AuthFactor, type PasswordPolicy, type PoolMfa, type UserPool } from '../state.ts';
import { poolFrom } from './admin.ts';

const MFA = ['OFF', 'ON', 'OPTIONAL'] as const;
const VERIFIABLE = ['phone_number', 'email'] as const;

const STRING_ATTRIBUTES = [
  'sub',
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'email',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'address',
];

function schema(pool: UserPool) {
  const entry = (Name: string, AttributeDataType: string, extra: object = {}) => ({
    Name,
    AttributeDataType,
    DeveloperOnlyAttribute: false,
    Mutable: Name !== 'sub',
    Required: Name === 'sub' || (pool.usernameAttributes as string[]).includes(Name),
    ...extra,
  });
  return [
    ...STRING_ATTRIBUTES.map((name) =>
      entry(name, 'String', { StringAttributeConstraints: { MinLength: name === 'sub' ? '1' : '0', MaxLength: '2048' } }),
    ),
    entry('email_verified', 'Boolean'),
    entry('phone_number_verified', 'Boolean'),
    entry('updated_at', 'Number', { NumberAttributeConstraints: { MinValue: '0' } }),
  ];
}

function mfaConfig(pool: UserPool) {
  const email = pool.emailMfa;
  return {
    ...(pool.smsMfa ? { SmsMfaConfiguration: { ...(pool.smsMfa.message ? { SmsAuthenticationMessage: pool.smsMfa.message } : {}) } } : {}),
    SoftwareTokenMfaConfiguration: { Enabled: pool.softwareTokenMfa },
    ...(email
      ? {
          EmailMfaConfiguration: {
            ...(email.message ? { Message: email.message } : {}),
            ...(email.subject ? { Subject: email.subject } : {}),
          },
        }
      : {}),
    MfaConfiguration: pool.mfaConfiguration,
    WebAuthnConfiguration: {
      ...(pool.webAuthn.relyingPartyId ? { RelyingPartyId: pool.webAuthn.relyingPartyId } : {}),
      UserVerification: pool.webAuthn.userVerification,
      ...(pool.webAuthn.factorConfiguration ? { FactorConfiguration: pool.webAuthn.factorConfiguration } : {}),
    },
  };
}

export function describePool(pool: UserPool) {
  const policy = pool.passwordPolicy;
  return {
    Id: pool.id,
    Name: pool.name,
    Arn: `arn:aws:cognito-idp:${pool.region}:000000000000:userpool/${pool.id}`,
    Policies: {
      PasswordPolicy: {
        MinimumLength: policy.minimumLength,
        RequireUppercase: policy.requireUppercase,
        RequireLowercase: policy.requireLowercase,
        RequireNumbers: policy.requireNumbers,
        RequireSymbols: policy.requireSymbols,
        TemporaryPasswordValidityDays: policy.temporaryPasswordValidityDays,
      },
      SignInPolicy: { AllowedFirstAuthFactors: pool.allowedFirstAuthFactors },
    },
    DeletionProtection: 'INACTIVE',
    LambdaConfig: {},
    LastModifiedDate: apiDate(pool.modifiedAt),
    CreationDate: apiDate(pool.createdAt),
    SchemaAttributes: schema(pool),
    AutoVerifiedAttributes: pool.autoVerifiedAttributes,
    UsernameAttributes: pool.usernameAttributes,
    VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
    UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: pool.attributesRequireVerificationBeforeUpdate },
    MfaConfiguration: pool.mfaConfiguration,
    ...(pool.deviceConfiguration
      ? {
          DeviceConfiguration: {
            ChallengeRequiredOnNewDevice: pool.deviceConfiguration.challengeRequiredOnNewDevice,
            DeviceOnlyRememberedOnUserPrompt: pool.deviceConfiguration.deviceOnlyRememberedOnUserPrompt,
          },
        }
      : {}),
    EstimatedNumberOfUsers: Object.keys(pool.users).length,
    EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    AdminCreateUserConfig: {
      AllowAdminCreateUserOnly: pool.allowAdminCreateUserOnly,
      UnusedAccountValidityDays: policy.temporaryPasswordValidityDays,
    },
    AccountRecoverySetting: {
      RecoveryMechanisms: [
        { Priority: 1, Name: 'verified_email' },
        { Priority: 2, Name: 'verified_phone_number' },
      ],
    },
    UserPoolTier: 'ESSENTIALS',
  };
}

export const DescribeUserPool: Handler = (input, ctx) => ({ UserPool: describePool(poolFrom(input, ctx)) });

function readPasswordPolicy(policies: Input | undefined): PasswordPolicy {
  const given = policies && optionalStructure(policies, 'PasswordPolicy');
  if (!given) return { ...DEFAULT_PASSWORD_POLICY };
  optionalInteger(given, 'PasswordHistorySize', { min: 0, max: 24 });
  return {
    minimumLength: optionalInteger(given, 'MinimumLength', { min: 6, max: 99 }) ?? 8,
    requireUppercase: optionalBoolean(given, 'RequireUppercase') ?? false,
    requireLowercase: optionalBoolean(given, 'RequireLowercase') ?? false,
    requireNumbers: optionalBoolean(given, 'RequireNumbers') ?? false,
    requireSymbols: optionalBoolean(given, 'RequireSymbols') ?? false,
    temporaryPasswordValidityDays: optionalInteger(given, 'TemporaryPasswordValidityDays', { min: 0, max: 365 }) ?? 7,
  };
}

/** SignInPolicy.AllowedFirstAuthFactors; a request without it is back to passwords only, as for any setting left out. */
function readSignInPolicy(policies: Input | undefined): AuthFactor[] {
  const given = policies && optionalStructure(policies, 'SignInPolicy');
  const factors = (given && optionalEnumList(given, 'AllowedFirstAuthFactors', [...AUTH_FACTORS, 'SOFTWARE_TOKEN'])) ?? ['PASSWORD'];
  if (factors.includes('SOFTWARE_TOKEN'))
    throw errors.invalidParameter('SOFTWARE_TOKEN is not supported as a first authentication factor.');
  if (!factors.includes('PASSWORD')) throw errors.invalidParameter('AllowedFirstAuthFactors must include PASSWORD.');
  // Kept in the service's own order, without repeats, whatever order the request used.
  return AUTH_FACTORS.filter((factor) => (factors as string[]).includes(factor));
}

export function checkMfaFactors(mfa: PoolMfa, pool: Pick<UserPool, 'smsMfa' | 'softwareTokenMfa' | 'emailMfa'>): void {
  if (mfa !== 'OFF' && !pool.smsMfa && !pool.softwareTokenMfa && !pool.emailMfa) {
    throw errors.invalidParameter("Invalid MFA configuration given, can't disable all MFAs with a required or optional configuration.");
  }
}

export const UpdateUserPool: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  const policy = readPasswordPolicy(optionalStructure(input, 'Policies'));
  const firstFactors = readSignInPolicy(optionalStructure(input, 'Policies'));
  const mfa = optionalEnum(input, 'MfaConfiguration', MFA) ?? 'OFF';
  const devices = optionalStructure(input, 'DeviceConfiguration');
  const autoVerified = optionalEnumList(input, 'AutoVerifiedAttributes', VERIFIABLE) ?? [];
  const updateSettings = optionalStructure(input, 'UserAttributeUpdateSettings');
  const keepOriginal = (updateSettings && optionalEnumList(updateSettings, 'AttributesRequireVerificationBeforeUpdate', VERIFIABLE)) ?? [];
  const adminConfig = optionalStructure(input, 'AdminCreateUserConfig');
  const lambdas = optionalStructure(input, 'LambdaConfig');
  const poolName = optionalString(input, 'PoolName', { min: 1, max: 128 });
  if (lambdas && Object.keys(lambdas).length > 0) {
    throw errors.invalidParameter(
      'Lambda triggers are not supported by the test pool; see docs/test-pool.md for the built-in custom challenge.',
    );
  }
  if (keepOriginal.some((name) => !autoVerified.includes(name))) {
    throw errors.invalidParameter('Attributes that require verification before update must also be auto-verified.');
  }
  checkMfaFactors(mfa, pool);
  Object.assign(pool, {
    passwordPolicy: policy,
    allowedFirstAuthFactors: firstFactors,
    mfaConfiguration: mfa,
    deviceConfiguration: devices
      ? {
          challengeRequiredOnNewDevice: optionalBoolean(devices, 'ChallengeRequiredOnNewDevice') ?? false,
          deviceOnlyRememberedOnUserPrompt: optionalBoolean(devices, 'DeviceOnlyRememberedOnUserPrompt') ?? false,
        }
      : null,
    autoVerifiedAttributes: autoVerified,
    attributesRequireVerificationBeforeUpdate: keepOriginal,
    allowAdminCreateUserOnly: (adminConfig && optionalBoolean(adminConfig, 'AllowAdminCreateUserOnly')) ?? false,
    modifiedAt: ctx.now(),
    ...(poolName ? { name: poolName } : {}),
  } satisfies Partial<UserPool>);
  ctx.changed({ kind: 'pool', poolId: pool.id });
  return {};
};

export const SetUserPoolMfaConfig: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  const sms = optionalStructure(input, 'SmsMfaConfiguration');
  const software = optionalStructure(input, 'SoftwareTokenMfaConfiguration');
  const email = optionalStructure(input, 'EmailMfaConfiguration');
  const webAuthn = optionalStructure(input, 'WebAuthnConfiguration');
  const mfa = optionalEnum(input, 'MfaConfiguration', MFA) ?? pool.mfaConfiguration;
  const emailMessage = email && optionalString(email, 'Message', { min: 6, max: 20000 });
  const emailSubject = email && optionalString(email, 'Subject', { min: 1, max: 140 });
  if (emailMessage !== undefined && !emailMessage.includes('{####}')) {
    throw errors.invalidParameter('The e-mail MFA message must contain the {####} placeholder.');
  }
  const next = {
    smsMfa: sms
      ? { ...(optionalString(sms, 'SmsAuthenticationMessage') ? { message: optionalString(sms, 'SmsAuthenticationMessage')! } : {}) }
      : null,
    softwareTokenMfa: (software && optionalBoolean(software, 'Enabled')) ?? false,
    emailMfa: email ? { ...(emailMessage ? { message: emailMessage } : {}), ...(emailSubject ? { subject: emailSubject } : {}) } : null,
    // Left out, the passkey settings stay as they were: a caller changing MFA does not lose its relying party.
    webAuthn: webAuthn ? readWebAuthn(webAuthn) : pool.webAuthn,
  };
  checkMfaFactors(mfa, next);
  Object.assign(pool, { ...next, mfaConfiguration: mfa, modifiedAt: ctx.now() });
  ctx.changed({ kind: 'pool', poolId: pool.id });
  return mfaConfig(pool);
};

function readWebAuthn(given: Input): UserPool['webAuthn'] {
  const relyingPartyId = optionalString(given, 'RelyingPartyId', { min: 1, max: 127 });
  const userVerification = optionalEnum(given, 'UserVerification', ['required', 'preferred'] as const) ?? 'preferred';
  const factor = optionalEnum(given, 'FactorConfiguration', ['SINGLE_FACTOR', 'MULTI_FACTOR_WITH_USER_VERIFICATION'] as const);
  if (relyingPartyId !== undefined && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(relyingPartyId)) {
    throw errors.invalidParameter('RelyingPartyId must be a domain name, such as auth.example.com or localhost.');
  }
  return {
    ...(relyingPartyId ? { relyingPartyId: relyingPartyId.toLowerCase() } : {}),
    userVerification,
    ...(factor === 'MULTI_FACTOR_WITH_USER_VERIFICATION' ? { factorConfiguration: factor } : {}),
  };
}

export const GetUserPoolMfaConfig: Handler = (input, ctx) => mfaConfig(poolFrom(input, ctx));
