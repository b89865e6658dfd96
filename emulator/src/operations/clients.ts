/**
 * App clients: CreateUserPoolClient, UpdateUserPoolClient (which, like the
 * service, resets what it is not given), DescribeUserPoolClient,
 * DeleteUserPoolClient and ListUserPoolClients. Token lifetimes may be as short
 * as one second here, where AWS's minimum is five minutes (an hour for refresh
 * tokens), so tests can watch tokens expire.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { type Context, type Handler, apiDate, own } from '../context.ts';
import { errors } from '../errors.ts';
import {
  type Input,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalString,
  optionalStringList,
  optionalStructure,
  requiredEnum,
  requiredString,
} from '../input.ts';
import { describeOAuthSettings, readOAuthSettings } from '../oauth/clientSettings.ts';
import { defaultClient } from '../seed.ts';
import { type AppClient, EXPLICIT_AUTH_FLOWS, type ExplicitAuthFlow, type TimeUnit, type UserPool } from '../state.ts';
import { poolFrom } from './admin.ts';

const UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
const SECONDS: Record<TimeUnit, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };
const LEGACY_FLOWS = ['ADMIN_NO_SRP_AUTH', 'CUSTOM_AUTH_FLOW_ONLY', 'USER_PASSWORD_AUTH'] as const;
const LEGACY_MEANING: Record<(typeof LEGACY_FLOWS)[number], ExplicitAuthFlow[]> = {
  ADMIN_NO_SRP_AUTH: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  CUSTOM_AUTH_FLOW_ONLY: ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  USER_PASSWORD_AUTH: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
};
const MAX_SECONDS = { AccessToken: 86_400, IdToken: 86_400, RefreshToken: 315_360_000 } as const;

function readFlows(input: Input): ExplicitAuthFlow[] | undefined {
  const flows = optionalStringList(input, 'ExplicitAuthFlows');
  if (flows === undefined || flows.length === 0) return undefined;
  const known = [...EXPLICIT_AUTH_FLOWS, ...LEGACY_FLOWS] as readonly string[];
  const unknown = flows.find((flow) => !known.includes(flow));
  if (unknown) throw errors.invalidParameter(`Invalid ExplicitAuthFlows value: ${unknown}`);
  const legacy = flows.filter((flow): flow is (typeof LEGACY_FLOWS)[number] => (LEGACY_FLOWS as readonly string[]).includes(flow));
  if (legacy.length > 0 && legacy.length < flows.length) {
    throw errors.invalidParameter('ExplicitAuthFlows cannot mix legacy values with values that start with ALLOW_.');
  }
  if (legacy.length > 0) return [...new Set(legacy.flatMap((flow) => LEGACY_MEANING[flow]))];
  return [...new Set(flows as ExplicitAuthFlow[])];
}

/** Reads every setting of a client request; what is missing takes the service's default. */
function readSettings(input: Input, base: AppClient, pool: UserPool): AppClient {
  const unitsInput = optionalStructure(input, 'TokenValidityUnits') ?? {};
  const units = {
    AccessToken: optionalEnum(unitsInput, 'AccessToken', UNITS) ?? 'hours',
    IdToken: optionalEnum(unitsInput, 'IdToken', UNITS) ?? 'hours',
    RefreshToken: optionalEnum(unitsInput, 'RefreshToken', UNITS) ?? 'days',
  };
  const validity = (member: string, token: keyof typeof units, fallback: number) => {
    const value = optionalInteger(input, member, { min: 0, max: 315_360_000 });
    const seconds = value === undefined || value === 0 ? fallback : value * SECONDS[units[token]];
    if (seconds > MAX_SECONDS[token])
      throw errors.invalidParameter(`${member} exceeds the longest lifetime allowed (${MAX_SECONDS[token]} seconds).`);
    return seconds;
  };
  const rotationInput = optionalStructure(input, 'RefreshTokenRotation');
  const prevent = optionalEnum(input, 'PreventUserExistenceErrors', ['LEGACY', 'ENABLED'] as const) ?? 'LEGACY';
  const read = optionalStringList(input, 'ReadAttributes');
  const write = optionalStringList(input, 'WriteAttributes');
  const { readAttributes: _read, writeAttributes: _write, ...rest } = base;
  return {
    ...rest,
    clientName: optionalString(input, 'ClientName', { min: 1, max: 128 }) ?? base.clientName,
    explicitAuthFlows: readFlows(input) ?? ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH'],
    preventUserExistenceErrors: prevent === 'ENABLED',
    enableTokenRevocation: optionalBoolean(input, 'EnableTokenRevocation') ?? true,
    accessTokenValidity: validity('AccessTokenValidity', 'AccessToken', 3600),
    idTokenValidity: validity('IdTokenValidity', 'IdToken', 3600),
    refreshTokenValidity: validity('RefreshTokenValidity', 'RefreshToken', 30 * 86_400),
    tokenValidityUnits: units,
    authSessionValidity: (optionalInteger(input, 'AuthSessionValidity', { min: 3, max: 15 }) ?? 3) * 60,
    refreshTokenRotation: {
      enabled: rotationInput ? requiredEnum(rotationInput, 'Feature', ['ENABLED', 'DISABLED'] as const) === 'ENABLED' : false,
      retryGracePeriodSeconds: (rotationInput && optionalInteger(rotationInput, 'RetryGracePeriodSeconds', { min: 0, max: 60 })) ?? 0,
    },
    ...(read ? { readAttributes: read } : {}),
    ...(write ? { writeAttributes: write } : {}),
    oauth: readOAuthSettings(input, pool),
  };
}

export function describeClient(pool: UserPool, client: AppClient) {
  const inUnits = (seconds: number, unit: TimeUnit) => seconds / SECONDS[unit];
  return {
    UserPoolId: pool.id,
    ClientName: client.clientName,
    ClientId: client.clientId,
    ...(client.clientSecret ? { ClientSecret: client.clientSecret } : {}),
    LastModifiedDate: apiDate(client.modifiedAt),
    CreationDate: apiDate(client.createdAt),
    RefreshTokenValidity: inUnits(client.refreshTokenValidity, client.tokenValidityUnits.RefreshToken),
    AccessTokenValidity: inUnits(client.accessTokenValidity, client.tokenValidityUnits.AccessToken),
    IdTokenValidity: inUnits(client.idTokenValidity, client.tokenValidityUnits.IdToken),
    TokenValidityUnits: client.tokenValidityUnits,
    ...(client.readAttributes ? { ReadAttributes: client.readAttributes } : {}),
    ...(client.writeAttributes ? { WriteAttributes: client.writeAttributes } : {}),
    ExplicitAuthFlows: client.explicitAuthFlows,
    ...describeOAuthSettings(client.oauth),
    PreventUserExistenceErrors: client.preventUserExistenceErrors ? 'ENABLED' : 'LEGACY',
    EnableTokenRevocation: client.enableTokenRevocation,
    EnablePropagateAdditionalUserContextData: false,
    AuthSessionValidity: Math.round(client.authSessionValidity / 60),
    RefreshTokenRotation: {
      Feature: client.refreshTokenRotation.enabled ? 'ENABLED' : 'DISABLED',
      RetryGracePeriodSeconds: client.refreshTokenRotation.retryGracePeriodSeconds,
    },
  };
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newClientId = () => Array.from({ length: 26 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

function clientOf(input: Input, ctx: Context) {
  const pool = poolFrom(input, ctx);
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const client = own(pool.clients, clientId);
  if (!client) throw errors.resourceNotFound(`User pool client ${clientId} does not exist.`);
  return { pool, client };
}

const clientChanged = (ctx: Context, pool: UserPool, client: AppClient) =>
  ctx.changed({ kind: 'clients', poolId: pool.id, key: client.clientId });

export const CreateUserPoolClient: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  const name = requiredString(input, 'ClientName', { min: 1, max: 128 });
  const generate = optionalBoolean(input, 'GenerateSecret') ?? false;
  const givenSecret = optionalString(input, 'ClientSecret', { min: 24, max: 64 });
  if (givenSecret && !generate) throw errors.invalidParameter('ClientSecret can only be given with GenerateSecret true.');
  const client = readSettings(input, defaultClient(newClientId(), name, ctx.now()), pool);
  if (generate) client.clientSecret = givenSecret ?? randomBytes(38).toString('base64url').toLowerCase().slice(0, 51);
  pool.clients[client.clientId] = client;
  clientChanged(ctx, pool, client);
  return { UserPoolClient: describeClient(pool, client) };
};

export const UpdateUserPoolClient: Handler = (input, ctx) => {
  const { pool, client } = clientOf(input, ctx);
  const updated = readSettings(input, client, pool);
  updated.modifiedAt = ctx.now();
  pool.clients[client.clientId] = updated;
  clientChanged(ctx, pool, updated);
  return { UserPoolClient: describeClient(pool, updated) };
};

export const DescribeUserPoolClient: Handler = (input, ctx) => {
  const { pool, client } = clientOf(input, ctx);
  return { UserPoolClient: describeClient(pool, client) };
};

export const DeleteUserPoolClient: Handler = (input, ctx) => {
  const { pool, client } = clientOf(input, ctx);
  delete pool.clients[client.clientId];
  clientChanged(ctx, pool, client);
  return {};
};

export const ListUserPoolClients: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  optionalInteger(input, 'MaxResults', { min: 1, max: 60 });
  return {
    UserPoolClients: Object.values(pool.clients).map((client) => ({
      ClientId: client.clientId,
      UserPoolId: pool.id,
      ClientName: client.clientName,
    })),
  };
};
