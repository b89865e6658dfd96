/**
 * The HTTP headers the app is served with in production, computed from its
 * runtime configuration, at build time only: the preview server sends them (vite.config.ts), the
 * build writes them as dist/_headers, and docs/deploy.md explains them. They
 * depend on the configuration (where the app connects) and on the built page
 * (its inline start-up scripts, the style attributes of its prerendered markup): see pageFactsOf.
 */
import { createHash } from 'node:crypto';
import { awsHost, checkEndpoint, checkOAuthDomain, checkRegion, originOf } from '../../src/config/checks.ts';

export interface HeaderConfig {
  region: string;
  /** the Cognito endpoint override (the local test pool serves both user and identity pools there) */
  endpoint?: string;
  identityPoolId?: string;
  graphql?: { endpoint: string };
  /** the hosted UI (federated sign-in): a bare Cognito domain (https) or a URL, as config.json's oauth.domain */
  oauth?: { domain: string };
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
    oauth: config.oauth === undefined ? undefined : { domain: checkOAuthDomain(config.oauth.domain, BUILD_RULES) },
  };
}

/**
 * Where the app may send requests: its own origin (config.json, demo data,
 * the service worker's precache), the user pool, the identity pool when one
 * is configured, the GraphQL API, and the hosted UI's domain when federated
 * sign-in is configured (the app exchanges its code at /oauth2/token there). Nothing else, so a script injected
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
  if (config.oauth) sources.add(originOf(config.oauth.domain));
  return [...sources];
}

/** What the built page asks of the policy: the hashes (CSP source form) of its inline scripts and of the style attributes in its markup. */
export interface PageFacts {
  scriptHashes: readonly string[];
  styleAttributeHashes: readonly string[];
}

const NO_PAGE: PageFacts = { scriptHashes: [], styleAttributeHashes: [] };

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The few entities React's server renderer writes in attribute values, and numeric ones. */
function decodeAttribute(value: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
  return value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity: string, body: string) => {
    if (body[0] !== '#') return named[body.toLowerCase()] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

/**
 * The CSP hashes of the style attributes in a page's markup (the sign-in card
 * prerendered into index.html), each once, in order: what style-src-attr must
 * allow for that markup to render as drawn. A browser hashes the value it
 * read, so entities are decoded first.
 */
export function styleAttributeHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    hashes.add(sha256(decodeAttribute(match[1] ?? match[2] ?? '')));
  }
  return [...hashes];
}

/** The texts of a page's inline scripts (the start-up scripts the build writes into index.html), in order, exactly as they stand between their tags. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\ssrc\s*=/i.test(match[1] ?? ''))
    .map((match) => match[2]!);
}

/** The CSP hashes of a page's inline scripts, each once, in order: a browser hashes a script's text as it stands. */
export const inlineScriptHashes = (html: string): string[] => [...new Set(inlineScripts(html).map(sha256))];

/** The facts of a built index.html. */
export const pageFactsOf = (html: string): PageFacts => ({
  scriptHashes: inlineScriptHashes(html),
  styleAttributeHashes: styleAttributeHashes(html),
});

/**
 * The Content-Security-Policy. Scripts from this origin, and inline only the
 * built page's own: index.html's two start-up scripts, by their hashes (a
 * markup injected despite everything runs no script of its own).
 *
 * Styles, measured on every page of the production build (docs/deploy.md):
 * - <style> elements stay 'unsafe-inline': Mantine writes its theme's CSS
 *   variables into one at run time, and its responsive components (AppShell,
 *   Grid, SimpleGrid, Flex) more, whose rules name generated ids; their text
 *   cannot be known when the headers are written, and a static host cannot
 *   hand out a per-response nonce.
 * - style attributes are allowed only with the hashes of the ones in the
 *   built page's own markup (the prerendered sign-in card). The live app sets
 *   styles through the CSSOM (React's style props), which the policy does not
 *   govern, so it needs no more: markup injected despite everything gets no
 *   style attribute of its own.
 */
export function contentSecurityPolicy(config: HeaderConfig, page: PageFacts = NO_PAGE): string {
  const styleAttributes = page.styleAttributeHashes.length > 0 ? ["'unsafe-hashes'", ...page.styleAttributeHashes] : ["'none'"];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...page.scriptHashes],
    // For browsers without the two directives below (they take precedence where known).
    ['style-src', "'self'", "'unsafe-inline'"],
    ['style-src-elem', "'self'", "'unsafe-inline'"],
    ['style-src-attr', ...(styleAttributes as [string, ...string[]])],
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
    // Strings reach HTML and script sinks only through the default policy of src/app/trustedTypes.ts, which
    // lets text without markup through (Mantine's CSS) and nothing else; no other policy may be created.
    ['require-trusted-types-for', "'script'"],
    ['trusted-types', 'default'],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Every security header of a production response. */
export function securityHeaders(config: HeaderConfig, page: PageFacts = NO_PAGE): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, page),
    // Browsers honour it over https only: a year of https for this host, not its subdomains (docs/deploy.md).
    'Strict-Transport-Security': 'max-age=31536000',
    // A page of another origin that opens this one, or that this one opens, gets no handle on its window.
    'Cross-Origin-Opener-Policy': 'same-origin',
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
 * it a new name); everything else (index.html and the start-up scripts in
 * it, sw.js, config.json, the card's words, public files) is checked with the
 * server on every use.
 */
export function cacheControl(pathname: string): string {
  return HASHED_ASSET.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
