/**
 * The production build leaves out the parts of the AWS SDK the app never runs (scripts/vite/sdkStandIns.ts): the
 * SigV4 signer with its SHA-256, and the adaptive retry mode. That is safe only while every operation the app calls
 * resolves, by the SDK's own rules, to the unauthenticated scheme alone (the SDK then never asks for a signer), and
 * while the clients retry in the standard mode. Checked here with the resolvers the clients use, so a new operation
 * that needs AWS credentials fails this test rather than a customer's call.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CognitoIdentityClient } from '@aws-sdk/client-cognito-identity';
import {
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { CLIENT_SERVICES, ENDPOINT_STAND_INS, SCHEMAS_MODULE, STAND_INS, withoutModeledErrors } from './sdkStandIns.ts';
import { IDENTITY_OPERATIONS } from '../../src/cognito/identitySdk.ts';
import { awsHost } from '../../src/config/checks.ts';
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
  it.each(STAND_INS.filter((standIn) => !ENDPOINT_STAND_INS.includes(standIn)))(
    'for $source says why if it is ever constructed',
    async ({ code }) => {
      const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, new () => unknown>;
      const [StandIn] = Object.values(module);
      expect(() => new StandIn!()).toThrow(/^This build carries no .+\.$/);
    },
  );
});

interface EndpointParameters {
  Region?: string;
  Endpoint?: string;
  UseFIPS: boolean;
  UseDualStack: boolean;
}
interface ResolvedEndpoint {
  url: URL;
  properties?: Record<string, unknown>;
  headers?: Record<string, string[]>;
}
type EndpointResolver = (parameters: EndpointParameters) => ResolvedEndpoint;
/** An endpoint as the SDK's middleware reads it: the address, and whatever else the rules attach (properties, headers). */
const comparable = ({ url, ...rest }: ResolvedEndpoint) => ({ url: url.href, ...rest });

// Every region of every partition the SDK knows (its own list, which the package does not export), the partitions'
// own "global" pseudo-regions aside.
const { partitionsInfo } = (await import(
  new URL('../../node_modules/@aws-sdk/core/dist-es/submodules/client/util-endpoints/lib/aws/partitions.js', import.meta.url).href
)) as { partitionsInfo: { partitions: { id: string; regions: Record<string, unknown> }[] } };

describe("the build's endpoint resolvers agree with the SDK's wherever the app calls", () => {
  const regions = partitionsInfo.partitions.flatMap(({ id, regions }) =>
    Object.keys(regions).flatMap((region) => (region.endsWith('-global') ? [] : [{ partition: id, region }])),
  );
  const clients = {
    'cognito-identity-provider': (region: string) => new CognitoIdentityProviderClient({ region }),
    'cognito-identity': (region: string) => new CognitoIdentityClient({ region }),
  };
  const served = ['aws', 'aws-cn', 'aws-us-gov'];

  it.each(ENDPOINT_STAND_INS.map((standIn, index) => [Object.keys(CLIENT_SERVICES)[index] as keyof typeof clients, standIn] as const))(
    '%s',
    async (client, { code }) => {
      const sdk = (clients[client](REGION).config as unknown as { endpointProvider: EndpointResolver }).endpointProvider;
      const { defaultEndpointResolver: standIn } = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
        defaultEndpointResolver: EndpointResolver;
      };
      const both = (parameters: EndpointParameters) => [comparable(standIn(parameters)), comparable(sdk(parameters))] as const;
      expect(regions.filter(({ partition }) => served.includes(partition)).length).toBeGreaterThan(30);
      for (const { partition, region } of regions) {
        const parameters = { Region: region, UseFIPS: false, UseDualStack: false };
        if (served.includes(partition)) {
          const [ours, theirs] = both(parameters);
          expect(ours, region).toEqual(theirs);
          // The host the security policy lets the page call, and that the start-up accepts without an endpoint.
          expect(new URL(ours.url).host, region).toBe(awsHost(CLIENT_SERVICES[client], region));
        } else {
          expect(() => standIn(parameters), region).toThrow(/^This build carries no endpoint for the region /);
          expect(() => awsHost(CLIENT_SERVICES[client], region), region).toThrow(/outside the aws, aws-cn and aws-us-gov partitions/);
        }
      }
      // The test pool's endpoint, as the app gives it, and as the SDK passes it on.
      const [ours, theirs] = both({ Region: REGION, Endpoint: 'http://localhost:9229/', UseFIPS: false, UseDualStack: false });
      expect(ours).toEqual(theirs);
      expect(ours.url).toBe('http://localhost:9229/');
      expect(() => standIn({ Region: REGION, UseFIPS: true, UseDualStack: false })).toThrow(/^This build carries no FIPS/);
      expect(() => standIn({ Region: REGION, UseFIPS: false, UseDualStack: true })).toThrow(/^This build carries no FIPS/);
    },
  );
});

describe("the clients' schemas without their modeled errors", () => {
  it.each(Object.keys(CLIENT_SERVICES))(
    '%s: every modeled error registration goes, the base exception stays, nothing else changes',
    (client) => {
      const file = fileURLToPath(new URL(`../../node_modules/@aws-sdk/client-${client}/dist-es/schemas/schemas_0.js`, import.meta.url));
      expect(SCHEMAS_MODULE.test(file)).toBe(true);
      const code = readFileSync(file, 'utf8');
      const registrations = (text: string) => text.split('\n').filter((line) => line.includes('.registerError('));
      expect(registrations(code).length).toBeGreaterThan(10);
      const trimmed = withoutModeledErrors(code, file);
      expect(registrations(trimmed)).toEqual([
        expect.stringMatching(/^_s_registry\.registerError\(\w+ServiceException\$, \w+ServiceException\);$/),
      ]);
      // Only those lines went: every other line is as it was, in order.
      const kept = code.split('\n').filter((line) => !/^n0_registry\.registerError\(/.test(line));
      expect(trimmed.split('\n')).toEqual(kept);
      // A module that no longer has them stops the build.
      expect(() => withoutModeledErrors(trimmed, file)).toThrow(/no modeled error registrations found/);
    },
  );
});

describe('an error the schemas do not register', () => {
  /** The client's answer to one InitiateAuth, the pool answering 400 with `__type` and `message` (no network). */
  async function errorFor(type: string): Promise<Record<string, unknown>> {
    const client = new CognitoIdentityProviderClient({
      region: REGION,
      endpoint: 'http://localhost:9229/',
      maxAttempts: 1,
      requestHandler: {
        handle: () =>
          Promise.resolve({
            response: {
              statusCode: 400,
              headers: { 'content-type': 'application/x-amz-json-1.1' },
              body: new TextEncoder().encode(JSON.stringify({ __type: type, message: 'Incorrect username or password.' })),
            },
          }),
      },
    });
    try {
      await client.send(new InitiateAuthCommand({ ClientId: 'c', AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'u' } }));
    } catch (error) {
      return error as Record<string, unknown>;
    }
    throw new Error('the call did not fail');
  }

  it("is read as the service's base exception with the answer's name and message, as a modeled one is", async () => {
    const modeled = await errorFor('NotAuthorizedException');
    const unregistered = await errorFor('SomethingNewException');
    expect(unregistered).toBeInstanceOf(CognitoIdentityProviderServiceException);
    for (const error of [modeled, unregistered]) {
      expect(error.message).toBe('Incorrect username or password.');
      expect(error.$fault).toBe('client');
      expect((error.$metadata as { httpStatusCode?: number }).httpStatusCode).toBe(400);
    }
    expect(modeled.name).toBe('NotAuthorizedException');
    expect(unregistered.name).toBe('SomethingNewException');
  });
});
