/**
 * In the build, the AWS SDK without its request signing (and without the adaptive retry mode, which it never uses,
 * nor the endpoint rules of addresses it never calls: ENDPOINT_STAND_INS below). The browser holds no AWS credentials for the pools: every
 * Cognito call the app makes is one the service model marks as unauthenticated (`smithy.api#noAuth`), so the SDK
 * never picks its SigV4 scheme there, yet its clients import the signer and the SHA-256 it hashes with (together
 * about 5 KB gzip of a sign-in's 210) in case one does. In their place the bundle gets stand-ins that say why they
 * are missing if they are ever constructed; the unit test scripts/vite/sdkStandIns.test.ts proves, with the SDK's own
 * scheme resolvers, that no operation the app calls can ask for them. Nothing else in the SDK hashes for Cognito
 * (the SHA-256 is also offered to flexible checksums, which Cognito's operations do not use). The clients' schemas
 * also lose their modeled errors' registrations (withoutModeledErrors below). The dev server, the tests, the benchmarks
 * and the test pool's tools keep the SDK whole.
 */
import type { Plugin } from 'vite';
import { PARTITION_REGION } from '../../src/config/checks.ts';

const WHY = 'the app only makes Cognito calls that are not signed (scripts/vite/sdkStandIns.ts)';

/** A class that cannot be constructed, with the reason. */
const standIn = (name: string, what: string, why = WHY) => `export class ${name} {
  constructor() {
    throw new Error('This build carries no ${what}${why ? `: ${why}` : ''}.');
  }
}
`;

/**
 * An endpoint resolver for `service` that knows only what the app asks for: the endpoint it was given, or the
 * service's address in a region of the commercial, China or GovCloud partitions (PARTITION_REGION, the regions the
 * app's start-up and security policy accept without an endpoint; the domain is awsDomain's, which the unit test checks),
 * neither FIPS nor dual-stack; with no properties and no headers, as the SDK's own rules give none for these.
 */
const regionalEndpoint = (service: string) => `const refuse = (what) => {
  throw new Error('This build carries no ' + what + ': the app gives the endpoint, or calls the regional one (scripts/vite/sdkStandIns.ts).');
};
export const defaultEndpointResolver = (params) => {
  if (params.UseFIPS || params.UseDualStack) refuse('FIPS or dual-stack endpoints');
  if (params.Endpoint) return { url: new URL(params.Endpoint), properties: {}, headers: {} };
  const region = params.Region;
  if (typeof region !== 'string' || !new RegExp(${JSON.stringify(PARTITION_REGION.source)}).test(region)) refuse('endpoint for the region ' + region);
  const domain = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  return { url: new URL('https://${service}.' + region + '.' + domain), properties: {}, headers: {} };
};
`;

export interface StandIn {
  /** the import the SDK makes */
  source: string;
  /** only where these modules import it (all importers when absent) */
  importer?: RegExp;
  code: string;
}

/** The two clients' packages, and the service each one's endpoints are named after. */
export const CLIENT_SERVICES = { 'cognito-identity-provider': 'cognito-idp', 'cognito-identity': 'cognito-identity' } as const;

/**
 * Each client's endpoint resolver: the rules for every partition and every FIPS and dual-stack address, and the
 * machinery that evaluates them (about 4 KB gzip). The app gives the test pool's endpoint or none, and asks for
 * neither FIPS nor dual-stack: its calls go to the endpoint it gives or to the service's regional address, which is
 * all the stand-in knows. sdkStandIns.test.ts compares it with the SDK's own for every region the SDK lists.
 */
export const ENDPOINT_STAND_INS: readonly StandIn[] = Object.entries(CLIENT_SERVICES).map(([client, service]) => ({
  source: './endpoint/endpointResolver',
  importer: new RegExp(`[\\\\/]@aws-sdk[\\\\/]client-${client}[\\\\/]dist-es[\\\\/]runtimeConfig\\.shared\\.js$`),
  code: regionalEndpoint(service),
}));

/** Every stand-in: the classes first (each says why it is missing if it is ever constructed), then the endpoints. */
export const STAND_INS: readonly StandIn[] = [
  { source: '@smithy/signature-v4', code: standIn('SignatureV4', 'AWS request signer') },
  {
    // The clients' runtime configuration takes only its SHA-256 from the checksum module.
    source: '@smithy/core/checksum',
    importer: /[\\/]@aws-sdk[\\/]client-cognito-identity(?:-provider)?[\\/]dist-es[\\/]runtimeConfig\.shared\.js$/,
    code: standIn('Sha256', 'SHA-256 for request signing'),
  },
  {
    // Not signing, but as unused: the clients retry in the standard mode, never the adaptive one, whose client-side
    // rate limiter would otherwise come with every sign-in.
    source: '../util-retry/AdaptiveRetryStrategy',
    importer: /[\\/]@smithy[\\/]core[\\/]dist-es[\\/]submodules[\\/]retry[\\/]middleware-retry[\\/]configurations\.js$/,
    code: standIn('AdaptiveRetryStrategy', 'adaptive retry mode (the standard one is used)', ''),
  },
  ...ENDPOINT_STAND_INS,
];

/** The clients' schemas: every operation's shapes, and the registry of the service's modeled errors. */
export const SCHEMAS_MODULE = /[\\/]@aws-sdk[\\/]client-cognito-identity(?:-provider)?[\\/]dist-es[\\/]schemas[\\/]schemas_0\.js$/;

/** One modeled error's registration: its schema and its class, in the service's namespace (n0). */
const MODELED_ERROR = /^n0_registry\.registerError\(\w+\$, \w+\);\n/gm;

/**
 * The schemas module without its modeled errors. At its top level it registers a class and a schema for each of the
 * service's errors (about 60 for the user pools), which keeps all of them in the bundle (16.5 KB of classes and their
 * schemas, minified) although the app tells errors apart by name alone (src/cognito/errors.ts). Without them, the
 * SDK reads an error answer as the service's base exception named by the answer's `__type`, with its message: the
 * same name and message. The base exception's registration stays. Throws when the module no longer has the lines,
 * so an SDK that changes them stops the build rather than keeping the errors unnoticed.
 */
export function withoutModeledErrors(code: string, id: string): string {
  const trimmed = code.replace(MODELED_ERROR, '');
  if (trimmed === code) throw new Error(`${id}: no modeled error registrations found to leave out (scripts/vite/sdkStandIns.ts).`);
  if (!/^_s_registry\.registerError\(/m.test(trimmed)) throw new Error(`${id}: the base exception's registration is missing.`);
  return trimmed;
}

// Each one's file name is aws-sdk, so a chunk the bundler names after one of them says what it holds (the SDK goes into
// vite.config.ts's `cognito` chunk).
const PREFIX = '\0sdk-stand-in/';

export function sdkStandIns(): Plugin {
  return {
    name: 'sdk-stand-ins',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const index = STAND_INS.findIndex((one) => one.source === source && (!one.importer || one.importer.test(importer ?? '')));
      return index < 0 ? undefined : `${PREFIX}${index}/aws-sdk.js`;
    },
    load(id) {
      return id.startsWith(PREFIX) ? STAND_INS[Number.parseInt(id.slice(PREFIX.length), 10)]?.code : undefined;
    },
    transform(code, id) {
      return SCHEMAS_MODULE.test(id) ? { code: withoutModeledErrors(code, id), map: null } : undefined;
    },
  };
}
