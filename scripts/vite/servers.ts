/**
 * What the dev and preview servers add to Vite: `/config.json` from the local
 * test pool, and, on the preview server, the production headers.
 *
 * Unless VITE_USER_POOL_ID names a real pool, `/config.json` is the test
 * pool's own `/_emulator/config`, so there is no manual step between starting
 * the emulator and signing in. The preview server also computes its
 * Content-Security-Policy from that configuration (or from the VITE_*
 * values and a dist/config.json when a real pool is configured), exactly as a
 * host would be told to in docs/deploy.md.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { ConfigurationError } from '../../src/config/checks.ts';
import { cacheControl, pageFactsOf, securityHeaders, type HeaderConfig, type PageFacts } from '../security/securityHeaders.ts';

type Env = Record<string, string | undefined>;
type Next = (error?: unknown) => void;

const usesRealPool = (env: Env) => Boolean(env.VITE_USER_POOL_ID);

/** Where the test pool's hosted UI sends customers back to (the seeded client accepts it for each `--app-url`). */
export const CALLBACK_PATH = '/oauth/callback';

/**
 * The test pool's configuration, with the hosted UI on its own address: the
 * pool's domain is the emulator, the redirect URLs are this server's origin.
 */
export function withTestPoolOAuth(poolConfig: Record<string, unknown>, appOrigin: string): Record<string, unknown> {
  if (typeof poolConfig.endpoint !== 'string') return poolConfig;
  return {
    ...poolConfig,
    oauth: {
      domain: poolConfig.endpoint,
      scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      redirectSignIn: [`${appOrigin}${CALLBACK_PATH}`],
      redirectSignOut: [`${appOrigin}/`],
      responseType: 'code',
    },
  };
}

function answerConfig(emulatorUrl: string, req: IncomingMessage, res: ServerResponse): void {
  fetch(`${emulatorUrl}/_emulator/config`)
    .then(async (answer) => {
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-store');
      const text = await answer.text();
      res.end(
        answer.ok
          ? JSON.stringify(withTestPoolOAuth(JSON.parse(text) as Record<string, unknown>, `http://${req.headers.host ?? 'localhost'}`))
          : text,
      );
    })
    .catch(() => {
      res.statusCode = 503;
      res.setHeader('content-type', 'text/plain');
      res.end(`The Cognito test pool at ${emulatorUrl} is not answering. Start it with "npm start".`);
    });
}

/** A value of config.json or the environment that counts: as the app merges them, null and blank ones do not. */
const present = <T>(value: T | null | undefined): T | undefined => (value === null || value === '' ? undefined : value);

/**
 * The configuration the headers are computed from, as the app will see it.
 * Not checked here: securityHeaders and headersFile check every value
 * (src/config/checks.ts) before it becomes part of a header.
 */
export function buildTimeHeaderConfig(env: Env, served: Partial<HeaderConfig> = {}): HeaderConfig {
  const graphqlEndpoint = present(served.graphql)?.endpoint ?? present(env.VITE_GRAPHQL_ENDPOINT);
  const oauthDomain = present(present(served.oauth)?.domain);
  return {
    region: present(served.region) ?? present(env.VITE_AWS_REGION) ?? 'eu-west-1',
    endpoint: present(served.endpoint) ?? present(env.VITE_COGNITO_ENDPOINT),
    identityPoolId: present(served.identityPoolId) ?? present(env.VITE_IDENTITY_POOL_ID),
    graphql: graphqlEndpoint === undefined ? undefined : { endpoint: graphqlEndpoint },
    // Only config.json configures the hosted UI (docs/deploy.md): no VITE_* value names its domain.
    ...(oauthDomain === undefined ? {} : { oauth: { domain: oauthDomain } }),
  };
}

function readServedConfig(outDir: string): Partial<HeaderConfig> {
  const file = join(outDir, 'config.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<HeaderConfig>) : {};
}

/** The facts of outDir/index.html, read again whenever the file changes (a test may deploy a new build there). */
function pageFactsReader(outDir: string): () => PageFacts {
  const file = join(outDir, 'index.html');
  let cached: { mtimeMs: number; facts: PageFacts } | undefined;
  return () => {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, facts: pageFactsOf(readFileSync(file, 'utf8')) };
    return cached.facts;
  };
}

export function appServers(options: { emulatorUrl: string; env: Env }): Plugin {
  const { emulatorUrl, env } = options;
  // The test pool's configuration, once it has answered (it may start after the preview server).
  let poolConfig: Promise<HeaderConfig> | undefined;
  const headerConfig = async (outDir: string): Promise<HeaderConfig> => {
    if (usesRealPool(env)) return buildTimeHeaderConfig(env, readServedConfig(outDir));
    poolConfig ??= fetch(`${emulatorUrl}/_emulator/config`).then((answer) => answer.json() as Promise<HeaderConfig>);
    return poolConfig.catch((error: unknown) => {
      poolConfig = undefined;
      throw error;
    });
  };
  const configMiddleware = (req: IncomingMessage, res: ServerResponse) => answerConfig(emulatorUrl, req, res);

  return {
    name: 'app-servers',
    configureServer(server) {
      if (!usesRealPool(env)) server.middlewares.use('/config.json', configMiddleware);
    },
    configurePreviewServer(server) {
      const outDir = server.config.build.outDir;
      const pageFacts = pageFactsReader(outDir);
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
        headerConfig(outDir)
          .then((config) => {
            for (const [name, value] of Object.entries(securityHeaders(config, pageFacts()))) res.setHeader(name, value);
            res.setHeader('cache-control', cacheControl(new URL(req.url ?? '/', 'http://preview').pathname));
            next();
          })
          .catch((error: unknown) => {
            res.setHeader('content-type', 'text/plain');
            if (error instanceof ConfigurationError) {
              // A region or an endpoint that could widen the policy: no page is served under it.
              res.statusCode = 500;
              res.end(`The security headers cannot be computed: ${error.message}`);
              return;
            }
            res.statusCode = 503;
            res.end(
              `The Cognito test pool at ${emulatorUrl} is not answering, so the security headers cannot be computed. Start it with "npm start".`,
            );
          });
      });
      if (!usesRealPool(env)) server.middlewares.use('/config.json', configMiddleware);
    },
  };
}
