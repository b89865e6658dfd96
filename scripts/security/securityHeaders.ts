/**
 * The HTTP headers the app is served with in production, computed from its
 * runtime configuration, at build time only: the preview server sends them (vite.config.ts), the
 * build writes them as dist/_headers, and docs/deploy.md explains them. Node
 * and browser neutral: only the configuration's shape is needed.
 */
import { awsHost, checkEndpoint, checkRegion, originOf } from '../../src/config/checks.ts';

export interface HeaderConfig {
  region: string;
  /** the Cognito endpoint override (the local test pool serves both user and identity pools there) */
  endpoint?: string;
  identityPoolId?: string;
  graphql?: { endpoint: string };
}

/** Endpoints here may use http only to this machine (the test pool): the preview server and a local build point there. */
const BUILD_RULES = { loopbackHttp: true };

/**
 * The configuration, checked as the app checks it when it starts
 * (src/config/checks.ts): a region or an endpoint that could add a source, a
 * directive or a header line is refused with a ConfigurationError.
 */
export function checkHeaderConfig(config: HeaderConfig): HeaderConfig {
  return {
    region: checkRegion(config.region),
    endpoint: config.endpoint === undefined ? undefined : checkEndpoint(config.endpoint, 'endpoint', BUILD_RULES),
    identityPoolId: config.identityPoolId,
    graphql:
      config.graphql === undefined ? undefined : { endpoint: checkEndpoint(config.graphql.endpoint, 'GraphQL endpoint', BUILD_RULES) },
  };
}

/**
 * Where the app may send requests: its own origin (config.json, demo data,
 * the service worker's precache), the user pool, the identity pool when one
 * is configured, and the GraphQL API. Nothing else, so a script injected
 * despite everything has nowhere to send what it reads.
 */
export function connectSources(given: HeaderConfig): string[] {
  const config = checkHeaderConfig(given);
  const sources = new Set(["'self'"]);
  if (config.endpoint) sources.add(originOf(config.endpoint));
  else {
    sources.add(`https://${awsHost('cognito-idp', config.region)}`);
    if (config.identityPoolId) sources.add(`https://${awsHost('cognito-identity', config.region)}`);
  }
  if (config.graphql) sources.add(originOf(config.graphql.endpoint));
  return [...sources];
}

/**
 * The Content-Security-Policy. Scripts only from this origin, none inline
 * (index.html's two start-up scripts are files for that reason). Styles
 * need 'unsafe-inline': Mantine writes its theme's CSS variables into a
 * <style> element at run time, and its components set CSS variables in style
 * attributes (the prerendered card carries them in its HTML); a static host
 * cannot hand out the per-response nonce that would avoid it. See
 * docs/deploy.md for why that is an acceptable risk here.
 */
export function contentSecurityPolicy(config: HeaderConfig): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    // data: for the TOTP QR code and Mantine's inline icons; blob: for the file page's image previews.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', ...connectSources(config)],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Every security header of a production response. */
export function securityHeaders(config: HeaderConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    // For browsers older than frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

/** The build's own files: `/assets/<name>-<8-character hash>.<ext>`, right under /assets (public files live in subfolders). */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8}\.\w+$/;

/**
 * How long a file may be cached: a hashed asset for ever (a new build gives
 * it a new name); everything else (index.html, sw.js, config.json, the
 * start-up scripts, public files) is checked with the server on every use.
 */
export function cacheControl(pathname: string): string {
  return HASHED_ASSET.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
