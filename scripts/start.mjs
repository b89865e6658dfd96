#!/usr/bin/env node
/**
 * `npm start`: the local Cognito test pool and the app's dev server together.
 * Waits for the pool before starting the app, reuses a pool that is already
 * running, and stops both on Ctrl-C or when either one exits. Once both
 * answer, it says where to go. The pool's request log goes to
 * .emulator/requests.log; `npm start -- --log` prints it here instead.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

// The AWS SDK warns, in ten lines, that its releases after January 2027 need Node 22; the lock file pins one that
// runs on 20, so the notice asks nothing of a newcomer (this script asks the pool for its settings through the SDK).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const emulatorPort = process.env.EMULATOR_PORT ?? '9229';
const appPort = process.env.APP_PORT ?? '5173';
// The hosted UI over TLS as well, for AWS Amplify (docs/test-pool.md, "The hosted UI over TLS").
const tlsPort = process.env.EMULATOR_TLS_PORT ?? '9230';
const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
const REQUEST_LOG = '.emulator/requests.log';
const logHere = process.argv.includes('--log');
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const children = new Set();

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
const poolAnswers = () => answers(`${emulatorUrl}/_emulator/config`);

function run(command, args, env = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`\n${command.split('/').pop()} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const exit = () => (children.size === 0 ? process.exit(code) : setTimeout(exit, 50));
  exit();
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

if (await poolAnswers()) {
  console.log(`Using the Cognito test pool already running at ${emulatorUrl}.`);
} else {
  // The seeded client accepts the dev server's callback URL for the hosted UI (federated sign-in).
  run(bin('tsx'), [
    'emulator/main.ts',
    '--port',
    emulatorPort,
    '--tls-port',
    tlsPort,
    '--app-url',
    `http://localhost:${appPort}`,
    ...(logHere ? [] : ['--log-file', REQUEST_LOG]),
  ]);
  const deadline = Date.now() + 20_000;
  while (!(await poolAnswers())) {
    if (stopping) await new Promise(() => {});
    if (Date.now() > deadline) {
      console.error(`The test pool did not answer on ${emulatorUrl} within 20 s.`);
      stop(1);
    }
    await sleep(100);
  }
}

/**
 * The first factors the test pool allows (its SignInPolicy), which Cognito
 * tells no visitor: the dev server hands them to the app as VITE_FIRST_FACTORS,
 * so the sign-in screen offers what the pool allows. An explicit value wins.
 */
async function firstFactors() {
  try {
    const { region, userPoolId } = await (await fetch(`${emulatorUrl}/_emulator/config`)).json();
    const { CognitoIdentityProviderClient, DescribeUserPoolCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    // An administrator's call; the local pool takes any credentials.
    const admin = new CognitoIdentityProviderClient({
      region,
      endpoint: emulatorUrl,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { UserPool } = await admin.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
    return UserPool?.Policies?.SignInPolicy?.AllowedFirstAuthFactors?.join(',');
  } catch {
    return undefined;
  }
}

/** The hosted UI's domain over TLS, the `host:port` AWS Amplify's oauth.domain takes, when the pool serves one. */
async function hostedUiDomain() {
  try {
    return (await (await fetch(`${emulatorUrl}/_emulator/config`)).json()).hostedUiDomain;
  } catch {
    return undefined;
  }
}
const tlsDomain = await hostedUiDomain();

const factors = process.env.VITE_FIRST_FACTORS ?? (await firstFactors());
run(bin('vite'), [], { EMULATOR_URL: emulatorUrl, ...(factors ? { VITE_FIRST_FACTORS: factors } : {}) });

// Where to go, once the dev server answers (Vite prints its root URL; the app lives under /dashboard).
const appUrl = `http://localhost:${appPort}`;
while (!(await answers(`${appUrl}/`))) {
  if (stopping) await new Promise(() => {});
  await sleep(200);
}
console.log(
  [
    '',
    'Ready.',
    `  app       ${appUrl}/dashboard   create an account, or sign in`,
    `  mailbox   http://localhost:${emulatorPort}/_emulator/   the codes the pool sends`,
    `  requests  ${logHere ? 'printed here' : `${REQUEST_LOG}   (npm start -- --log prints them here)`}`,
    tlsDomain
      ? `  hosted UI https://${tlsDomain}   over TLS, for AWS Amplify (oauth.domain "${tlsDomain}"; docs/test-pool.md)`
      : '  hosted UI plain HTTP only (this pool was started without --tls-port)',
    `  ports     APP_PORT=${appPort} EMULATOR_PORT=${emulatorPort} EMULATOR_TLS_PORT=${tlsPort} (set any to change it)`,
    'Ctrl-C stops both.',
    '',
  ].join('\n'),
);
