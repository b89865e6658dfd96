/**
 * The HTTP headers the app is served with in production, computed from its
 * runtime configuration, at build time only: the preview server sends them (vite.config.ts), the
 * build writes them as dist/_headers, and docs/deploy.md explains them. Node
 * and browser neutral: only the configuration's shape is needed.
 */
export interface HeaderConfig {
  region: string;
  /** the Cognito endpoint override (the local test pool serves both user and identity pools there) */
  endpoint?: string;
  identityPoolId?: string;
  graphql?: { endpoint: string };
}

/** The origin of an endpoint URL; a malformed one is refused rather than widening the policy. */
function originOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Not an http(s) endpoint: ${url}`);
  return parsed.origin;
}

/**
 * Where the app may send requests: its own origin (config.json, demo data,
 * the service worker's precache), the user pool, the identity pool when one
 * is configured, and the GraphQL API. Nothing else, so a script injected
 * despite everything has nowhere to send what it reads.
 */
export function connectSources(config: HeaderConfig): string[] {
  const sources = new Set(["'self'"]);
  if (config.endpoint) sources.add(originOf(config.endpoint));
  else {
    sources.add(`https://cognito-idp.${config.region}.amazonaws.com`);
    if (config.identityPoolId) sources.add(`https://cognito-identity.${config.region}.amazonaws.com`);
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
