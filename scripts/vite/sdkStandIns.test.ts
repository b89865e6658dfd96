/**
 * The production build leaves out the parts of the AWS SDK the app never runs (scripts/vite/sdkStandIns.ts): the
 * SigV4 signer with its SHA-256, and the adaptive retry mode. That is safe only while every operation the app calls
 * resolves, by the SDK's own rules, to the unauthenticated scheme alone (the SDK then never asks for a signer), and
 * while the clients retry in the standard mode. Checked here with the resolvers the clients use, so a new operation
 * that needs AWS credentials fails this test rather than a customer's call.
 */
import { CognitoIdentityClient } from '@aws-sdk/client-cognito-identity';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { STAND_INS } from './sdkStandIns.ts';
import { IDENTITY_OPERATIONS } from '../../src/cognito/identitySdk.ts';
import { USER_POOL_OPERATIONS } from '../../src/cognito/sdk.ts';

interface ResolvedConfig {
  httpAuthSchemeProvider(parameters: { operation: string; region: string }): { schemeId: string }[];
  retryStrategy(): Promise<{ mode: string }>;
}

const REGION = 'eu-west-1';
const configOf = (client: { config: unknown }) => client.config as ResolvedConfig;
const schemesOf = (client: { config: unknown }, operation: string) =>
  configOf(client)
    .httpAuthSchemeProvider({ operation, region: REGION })
    .map((option) => option.schemeId);

describe('the Cognito calls the app makes need no AWS signature', () => {
  it.each(USER_POOL_OPERATIONS)('user pool: %s', (operation) => {
    expect(schemesOf(new CognitoIdentityProviderClient({ region: REGION }), operation)).toEqual(['smithy.api#noAuth']);
  });

  it.each(IDENTITY_OPERATIONS)('identity pool: %s', (operation) => {
    expect(schemesOf(new CognitoIdentityClient({ region: REGION }), operation)).toEqual(['smithy.api#noAuth']);
  });

  it('an operation that is signed would be caught: the admin calls resolve to SigV4', () => {
    expect(schemesOf(new CognitoIdentityProviderClient({ region: REGION }), 'AdminGetUser')).toEqual(['aws.auth#sigv4']);
  });
});

describe('the clients retry in the standard mode, as the app creates them', () => {
  it.each([
    ['user pool', new CognitoIdentityProviderClient({ region: REGION })],
    ['identity pool', new CognitoIdentityClient({ region: REGION })],
  ])('%s', async (_, client) => {
    expect((await configOf(client).retryStrategy()).mode).toBe('standard');
  });
});

describe("the build's stand-ins", () => {
  it.each(STAND_INS)('for $source says why if it is ever constructed', async ({ code }) => {
    const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, new () => unknown>;
    const [StandIn] = Object.values(module);
    expect(() => new StandIn!()).toThrow(/^This build carries no .+\.$/);
  });
});
