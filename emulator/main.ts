/**
 * `npm run emulator` — starts the local Cognito test pool.
 *
 *   --port <n>       port to listen on (default 9229, or $EMULATOR_PORT)
 *   --region <r>     region of the seeded pool (default eu-west-1)
 *   --state <file>   where to keep the state (default .emulator/state.json, and its journal beside it)
 *   --memory         keep the state in memory only (tests do)
 *   --allow-origin <origin>
 *                    a web origin besides loopback ones (http(s)://localhost, 127.0.0.1,
 *                    [::1], any port) whose pages may call the pool; repeatable
 *   --app-url <origin>
 *                    an origin of the app (default http://localhost:5173) whose callback
 *                    ({origin}/oauth/callback) and sign-out ({origin}/) URLs the seeded
 *                    client accepts for the hosted UI; repeatable
 *   --compact-after-bytes <n>
 *                    compact the journal into a new snapshot once it is n bytes and longer than
 *                    the snapshot (default 8 MiB; tests make it small)
 *   --quiet          no request log on the console
 *   --log-file <file>
 *                    the request log goes to this file (appended, each line timed), not the console
 *   --tls-port <n>   serve everything over HTTPS on this port too (the hosted UI for AWS Amplify, which
 *                    always builds https://<oauth.domain>/oauth2/…), with a self-signed certificate for
 *                    localhost made at the first start and kept beside the state (<state>.tls-cert.pem)
 *   --tls-cert <file> --tls-key <file>
 *                    the certificate (PEM) and its key to use instead
 *   --template <file>
 *                    seed the pool from this CloudFormation template's Cognito resources instead of
 *                    the project's (infra/pool.template.json); each property the pool does not
 *                    implement is named at start, and a malformed one stops the start (template.ts)
 *
 * Standing in for AWS (docs/test-pool.md, "Strict mode"):
 *   --strict                      no /_emulator/ routes; admin calls need a valid SigV4 signature
 *   --credentials <id>:<secret>   the one key that may sign them (`<id>:<secret>:<sessionToken>` for a session)
 *   --record <file>               appends the IAM action of each accepted signed call, one a line
 * On start it prints the configuration it would have published as one line of JSON.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseOrigin } from './src/access.ts';
import { PROJECT_TEMPLATE } from './src/projectPool.ts';
import { type EmulatorOptions, createEmulator } from './src/server.ts';
import { type StrictOptions, parseCredentials } from './src/strict.ts';
import { type CloudFormationTemplate, TemplateError, parseTemplate, stateFromTemplate } from './src/template.ts';
import { givenCertificate, keptPaths } from './src/tls.ts';

const started = performance.now();

const USAGE =
  'Usage: npm run emulator -- [--port 9229] [--region eu-west-1] [--state .emulator/state.json | --memory] [--allow-origin <origin>]… [--app-url <origin>]… [--compact-after-bytes <n>] [--quiet | --log-file <file>]' +
  ' [--template <file>] [--tls-port <n> [--tls-cert <file> --tls-key <file>]] [--strict --credentials <accessKeyId>:<secretAccessKey> [--record <file>]]';

let values: {
  port: string;
  region: string;
  state: string;
  memory: boolean;
  quiet: boolean;
  'log-file'?: string;
  'allow-origin': string[];
  'app-url': string[];
  'compact-after-bytes'?: string;
  strict: boolean;
  credentials?: string;
  record?: string;
  'tls-port'?: string;
  'tls-cert'?: string;
  'tls-key'?: string;
  template?: string;
};
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.EMULATOR_PORT ?? '9229' },
      region: { type: 'string', default: 'eu-west-1' },
      state: { type: 'string', default: '.emulator/state.json' },
      memory: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      'log-file': { type: 'string' },
      'allow-origin': { type: 'string', multiple: true, default: [] },
      'app-url': { type: 'string', multiple: true, default: [] },
      'compact-after-bytes': { type: 'string' },
      strict: { type: 'boolean', default: false },
      credentials: { type: 'string' },
      record: { type: 'string' },
      'tls-port': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      template: { type: 'string' },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const compactAfterBytes = values['compact-after-bytes'] === undefined ? undefined : Number(values['compact-after-bytes']);
if (compactAfterBytes !== undefined && (!Number.isSafeInteger(compactAfterBytes) || compactAfterBytes < 0)) {
  console.error(`--compact-after-bytes must be a number of bytes, got ${values['compact-after-bytes']}`);
  process.exit(2);
}

let allowedOrigins: string[];
let appUrls: string[];
try {
  allowedOrigins = values['allow-origin'].map(parseOrigin);
} catch (error) {
  console.error(`--allow-origin: ${(error as Error).message}`);
  process.exit(2);
}
try {
  appUrls = values['app-url'].map(parseOrigin);
} catch (error) {
  console.error(`--app-url: ${(error as Error).message}`);
  process.exit(2);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}
if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(values.region)) {
  console.error(`--region must be an AWS region such as eu-west-1, got ${values.region}`);
  process.exit(2);
}

function strictOptions(): StrictOptions | undefined {
  if (!values.strict) {
    if (values.credentials !== undefined || values.record !== undefined) {
      console.error('--credentials and --record belong to --strict (without it the pool accepts any signature)');
      process.exit(2);
    }
    return undefined;
  }
  if (values.credentials === undefined) {
    console.error('--strict needs --credentials <accessKeyId>:<secretAccessKey>: the one key that may sign admin calls');
    process.exit(2);
  }
  const credentials = parseCredentials(values.credentials);
  if (!credentials) {
    console.error('--credentials must be <accessKeyId>:<secretAccessKey> or <accessKeyId>:<secretAccessKey>:<sessionToken>');
    process.exit(2);
  }
  const record = values.record;
  return { credentials, ...(record ? { onSignedCall: (action: string) => appendFileSync(record, `${action}\n`) } : {}) };
}
const strict = strictOptions();

/** Where each request's line goes: a file (--log-file), nowhere (--quiet), or the console. */
function requestLog(): ((line: string) => void) | undefined {
  const file = values['log-file'];
  if (!file) return values.quiet ? undefined : (line) => console.log(`[emulator] ${line}`);
  mkdirSync(dirname(file), { recursive: true });
  return (line) => appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
}

function tlsOptions(): EmulatorOptions['tls'] {
  const given = values['tls-cert'] !== undefined || values['tls-key'] !== undefined;
  if (values['tls-port'] === undefined) {
    if (given) {
      console.error('--tls-cert and --tls-key belong to --tls-port <n>');
      process.exit(2);
    }
    return undefined;
  }
  const tlsPort = Number(values['tls-port']);
  if (!Number.isInteger(tlsPort) || tlsPort < 0 || tlsPort > 65535) {
    console.error(`--tls-port must be a port number, got ${values['tls-port']}`);
    process.exit(2);
  }
  if (!given) return { port: tlsPort };
  if (values['tls-cert'] === undefined || values['tls-key'] === undefined) {
    console.error('--tls-cert and --tls-key go together: the certificate (PEM) and its private key');
    process.exit(2);
  }
  try {
    return { port: tlsPort, material: givenCertificate(values['tls-cert'], values['tls-key']) };
  } catch (error) {
    console.error(`--tls-cert / --tls-key: ${(error as Error).message}`);
    process.exit(2);
  }
}
const tls = tlsOptions();

/**
 * The template to seed from (--template, or the project's infra/pool.template.json), checked now, also when a kept
 * state leaves it unused until a reset: one line on stderr per property the pool does not implement.
 */
function readTemplate(file: string): CloudFormationTemplate {
  const name = relative(process.cwd(), file) || file;
  try {
    const template = parseTemplate(readFileSync(file, 'utf8'));
    const { unsupported } = stateFromTemplate(template, { region: values.region }, Date.now());
    for (const line of unsupported) console.error(`${name}: ${line}`);
    return template;
  } catch (error) {
    if (error instanceof TemplateError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`${name}: ${(error as Error).message}`);
      process.exit(2);
    }
    throw error;
  }
}
const checked = readTemplate(values.template ?? fileURLToPath(PROJECT_TEMPLATE));
// The project's pool is its template and the settings CloudFormation cannot say yet (projectPool.ts): only another
// template replaces it.
const template = values.template === undefined ? undefined : checked;

const emulator = await createEmulator({
  port,
  region: values.region,
  statePath: values.memory ? undefined : values.state,
  allowedOrigins,
  ...(appUrls.length > 0 ? { appUrls } : {}),
  ...(compactAfterBytes === undefined ? {} : { compactAfterBytes }),
  log: requestLog(),
  ...(strict ? { strict } : {}),
  ...(tls ? { tls } : {}),
  ...(template ? { template } : {}),
}).catch((error: NodeJS.ErrnoException & { port?: number }) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${error.port ?? port} is already in use: is another emulator running?` : error);
  process.exit(1);
});

const { userPoolId, userPoolClientId, identityPoolId } = emulator.config;
const ready = `Cognito test pool ready on ${emulator.url} in ${Math.round(performance.now() - started)} ms`;
const state = `  state     ${emulator.statePath ?? 'in memory (--memory)'}`;
const hostedUi = emulator.tlsUrl
  ? [
      `  hosted UI ${emulator.tlsUrl} (TLS): AWS Amplify's oauth.domain is "${emulator.config.hostedUiDomain}"; ` +
        (values['tls-cert']
          ? `the certificate is ${values['tls-cert']}`
          : emulator.statePath
            ? `its self-signed certificate, to trust, is ${keptPaths(emulator.statePath).cert}`
            : 'its self-signed certificate is made for this run only (--memory)'),
    ]
  : [];
console.log(
  strict
    ? // No /_emulator/config to ask in strict mode: the configuration goes out here, as one line of JSON for scripts.
      [
        `${ready}, strict: no /_emulator/ routes, admin calls signed by ${strict.credentials.accessKeyId} only`,
        state,
        ...hostedUi,
        JSON.stringify(emulator.config),
      ].join('\n')
    : [
        ready,
        `  user pool ${userPoolId}, client ${userPoolClientId}`,
        `  identity pool ${identityPoolId}`,
        state,
        ...hostedUi,
        `  mailbox   ${emulator.url}/_emulator/`,
        ...(allowedOrigins.length > 0 ? [`  browsers  loopback origins and ${allowedOrigins.join(', ')}`] : []),
      ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void emulator.close().finally(() => process.exit(0));
  });
}
