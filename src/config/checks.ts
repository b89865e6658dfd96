/**
 * Checks of the configuration values that become part of the page's security
 * policy: the region names the AWS hosts of the Content-Security-Policy, and
 * the endpoints add their origins to it. The app checks them when it starts
 * (config.ts), and the build checks them before writing any header
 * (scripts/security), with these same rules: a value that could add a source,
 * a directive or a header line is refused, not escaped.
 */

export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

/**
 * An AWS region: eu-west-1, us-gov-west-1, ap-southeast-7, eusc-de-east-1.
 * Lower-case letters, digits and hyphens only, so nothing else can ride on it
 * into a host name, a policy or a header.
 */
const AWS_REGION = /^[a-z]{2,4}(?:-[a-z]+){1,3}-\d{1,2}$/;

export function checkRegion(value: unknown): string {
  if (typeof value !== 'string' || !AWS_REGION.test(value)) {
    throw new ConfigurationError(`The region must be an AWS region name such as eu-west-1, not ${JSON.stringify(value)}.`);
  }
  return value;
}

/**
 * A region of the aws, aws-cn or aws-us-gov partitions: the regions whose
 * Cognito addresses the app knows without being given an endpoint. The build's
 * stand-in for the SDK's endpoint rules knows these and no others
 * (scripts/vite/sdkStandIns.ts), as does the security policy's list of hosts.
 */
export const PARTITION_REGION = /^(?:[a-z]{2}|us-gov|cn)-[a-z]+-\d+$/;

/** The domain of AWS's addresses in a region of those partitions (China's regions have one of their own). */
const awsDomain = (region: string) => (region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com');

/**
 * The AWS host of a service in a region; a region outside those partitions (an
 * ISO one, the European Sovereign Cloud) is refused, as the app cannot call it
 * without the pool's endpoint.
 */
export function awsHost(service: 'cognito-idp' | 'cognito-identity', region: string): string {
  if (!PARTITION_REGION.test(checkRegion(region))) {
    throw new ConfigurationError(
      `The region ${region} is outside the aws, aws-cn and aws-us-gov partitions, whose Cognito addresses the app knows: give the pool's endpoint as well (docs/deploy.md).`,
    );
  }
  return `${service}.${region}.${awsDomain(region)}`;
}

/** A DNS name as the URL parser leaves it (lower case, punycode), or an IPv6 literal. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/** This machine: where a test pool runs. Browsers count these hosts as secure contexts, http or not. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname);
}

/** This machine's host names (the start-up script that reads the token cookies is given the same pattern). */
export const LOOPBACK_HOST = /^(?:localhost|.+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

export interface EndpointRules {
  /** whether http: may reach a loopback host: development, tests, and a production build tried on this machine */
  loopbackHttp: boolean;
}

/**
 * An endpoint URL: absolute, https (or http to this machine when the rules
 * allow it), a plain host name, no user name or password, and nothing the
 * URL parser would quietly drop (spaces, line breaks), since the text itself
 * is shown in messages and in the headers file. Returns it unchanged.
 */
export function checkEndpoint(value: unknown, name: string, rules: EndpointRules): string {
  const refuse = (why: string) => new ConfigurationError(`The ${name} ${JSON.stringify(value)} ${why}.`);
  let url: URL | undefined;
  try {
    url = new URL(String(value));
  } catch {
    // Not absolute: refused below.
  }
  const wellFormed =
    typeof value === 'string' &&
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
    !/[\s\u0000-\u001f\u007f]/.test(value) &&
    url !== undefined &&
    !url.username &&
    !url.password &&
    (HOST_NAME.test(url.hostname) || IPV6.test(url.hostname));
  if (wellFormed && url!.protocol === 'https:') return value;
  if (!wellFormed || url!.protocol !== 'http:' || !isLoopbackHost(url!.hostname)) {
    throw refuse('must be an absolute https URL on a plain host name (http only to this machine), with no user name, password or spaces');
  }
  if (!rules.loopbackHttp) throw refuse('must use https: http is for a test pool on this machine, and this page is not served from it');
  return value;
}

/** The origin of an endpoint checked by checkEndpoint: what a Content-Security-Policy source names. */
export const originOf = (endpoint: string) => new URL(endpoint).origin;

/**
 * The hosted UI's domain as a URL: a bare host (`auth.example.com`, as
 * Cognito names its domains) means https; a URL (the test pool's
 * `http://localhost:9229`) is checked as an endpoint. The app fetches its
 * /oauth2/token, so it is a connect-src of the policy too.
 */
export function checkOAuthDomain(value: unknown, rules: EndpointRules): string {
  const url = typeof value === 'string' && !value.includes('://') ? `https://${value}` : value;
  return checkEndpoint(url, 'oauth domain', rules).replace(/\/$/, '');
}
