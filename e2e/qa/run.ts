/**
 * `npm run test:e2e:qa` — QA mode, proven without AWS, in every `npm test`.
 *
 * Starts the emulator in strict mode (only what AWS serves; admin calls must
 * be signed by one key) with a key made up for this run, then runs the
 * Playwright suite in QA mode against it, exactly as QA would against their
 * pool: the QA_COGNITO_* variables, the credentials in the environment, no
 * emulator of the suite's own. Afterwards it checks what only the whole run
 * can tell:
 *
 * - every admin call the suite made (recorded by the pool) is in the README's
 *   IAM policy, and the policy lists nothing the suite does not call;
 * - no call changed a pool-wide setting;
 * - the global teardown left no user behind;
 * - the README's counts of tests run and skipped in QA mode are today's.
 *
 * Arguments go to Playwright (a subset of specs skips the two whole-run checks).
 * The pool listens on E2E_QA_EMULATOR_PORT, or a free port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { checkPolicy, policyActions } from './policy.ts';
import { type JsonReport, readmeCounts, summarize } from './report.ts';

interface StrictConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  endpoint: string;
}

const started = performance.now();
// The SDK's ten-line notice that its 2027 releases need Node 22 (see vitest.config.ts): not in every run's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const args = process.argv.slice(2);
const wholeSuite = args.every((arg) => arg.startsWith('-'));
const work = mkdtempSync(join(tmpdir(), 'customer-area-qa-pass-'));
const recordFile = join(work, 'signed-calls.txt');
const reportFile = join(work, 'report.json');

// A key of AWS's shapes, new each run: nothing to leak, nothing that could work anywhere else.
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const credentials = {
  accessKeyId: `AKIA${[...randomBytes(16)].map((byte) => KEY_ALPHABET[byte % 32]).join('')}`,
  secretAccessKey: randomBytes(30).toString('base64'),
};

const children: ChildProcess[] = [];
const stopChildren = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopChildren();
    process.exit(130);
  });

function startStrictPool(): Promise<StrictConfig> {
  const port = process.env.E2E_QA_EMULATOR_PORT ?? '0';
  const child = spawn(
    'node_modules/.bin/tsx',
    [
      'emulator/main.ts',
      ...['--strict', '--credentials', `${credentials.accessKeyId}:${credentials.secretAccessKey}`, '--record', recordFile],
      ...['--port', port, '--memory', '--quiet'],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The strict test pool did not start within 30 s:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate, i, lines) => candidate.startsWith('{') && i < lines.length - 1);
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as StrictConfig);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The strict test pool exited with ${code}:\n${output}`));
    });
  });
}

/** The environment QA would have: the pool's variables and a key, and no other AWS setting that could win over it. */
function qaEnvironment(config: StrictConfig): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(AWS_|QA_COGNITO_)/.test(name)));
  return {
    ...env,
    QA_COGNITO_REGION: config.region,
    QA_COGNITO_USER_POOL_ID: config.userPoolId,
    QA_COGNITO_CLIENT_ID: config.userPoolClientId,
    ...(config.identityPoolId ? { QA_COGNITO_IDENTITY_POOL_ID: config.identityPoolId } : {}),
    QA_COGNITO_ENDPOINT: config.endpoint,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    // Nothing here runs on an EC2 instance: do not wait for its metadata service.
    AWS_EC2_METADATA_DISABLED: 'true',
    PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
  };
}

function runPlaywright(env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn('node_modules/.bin/playwright', ['test', '--reporter=list,json', ...args], { stdio: 'inherit', env });
  children.push(child);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

const problems: string[] = [];
let exitCode = 1;
try {
  const config = await startStrictPool();
  console.log(`QA pass: Playwright in QA mode against a strict test pool at ${config.endpoint} (a key made up for this run)`);
  const playwright = await runPlaywright(qaEnvironment(config));
  if (playwright !== 0) problems.push(`Playwright failed (exit code ${playwright}).`);

  const readme = readFileSync('README.md', 'utf8');
  if (existsSync(reportFile)) {
    const summary = summarize(JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport);
    console.log(
      `\nQA pass: ${summary.ran} of ${summary.total} tests ran (${summary.failed} failed), ${summary.skipped} skipped, in ${minutes(performance.now() - started)}`,
    );
    for (const [reason, count] of summary.reasons) console.log(`  skipped ${String(count).padStart(2)}: ${reason}`);
    const counts = readmeCounts(readme);
    if (
      wholeSuite &&
      playwright === 0 &&
      counts &&
      (counts.ran !== summary.ran || counts.total !== summary.total || counts.skipped !== summary.skipped)
    )
      problems.push(
        `README.md says "In QA mode ${counts.ran} of the ${counts.total} tests run and ${counts.skipped} are skipped"; this run: ${summary.ran} of ${summary.total}, ${summary.skipped} skipped.`,
      );
    if (wholeSuite && !counts)
      problems.push('README.md does not say how many tests run in QA mode ("In QA mode N of the M tests run and K are skipped").');
  } else problems.push('Playwright wrote no JSON report.');

  const used = existsSync(recordFile) ? readFileSync(recordFile, 'utf8').split('\n').filter(Boolean) : [];
  const check = checkPolicy(used, policyActions(readme));
  console.log(`QA pass: admin calls the suite signed: ${[...new Set(used)].sort().join(', ') || 'none'}`);
  if (check.missing.length > 0)
    problems.push(`README.md's IAM policy for QA mode misses ${check.missing.join(', ')}, which the suite called.`);
  if (wholeSuite && playwright === 0 && check.unused.length > 0)
    problems.push(`README.md's IAM policy for QA mode allows ${check.unused.join(', ')}, which the suite never called.`);
  if (check.poolWide.length > 0) problems.push(`QA mode changed pool-wide settings: ${check.poolWide.join(', ')}.`);

  if (process.env.QA_KEEP_USERS !== '1') {
    const admin = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.endpoint, credentials, maxAttempts: 1 });
    const left = (await admin.send(new ListUsersCommand({ UserPoolId: config.userPoolId }))).Users ?? [];
    const names = left.map((user) => user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? user.Username);
    if (left.length > 0) problems.push(`The global teardown left ${left.length} users on the pool: ${names.join(', ')}.`);
    else console.log('QA pass: the global teardown left no user on the pool');
  }
  exitCode = problems.length === 0 ? 0 : 1;
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  stopChildren();
  rmSync(work, { recursive: true, force: true });
}
for (const problem of problems) console.error(`QA pass: ${problem}`);
process.exit(exitCode);
