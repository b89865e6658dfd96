/**
 * QA mode's own checks, under Vitest: the variables it reads, the one line it
 * stops with on bad input or refused credentials (by running Playwright's
 * config as `npx playwright test --list` does), and the README's IAM policy.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/src/server.ts';
import { appConfig, QaSetupError, realPoolSettings } from '../realPool.ts';
import { readLedger } from './ledger.ts';
import { checkPolicy, POOL_WIDE_ACTIONS, policyActions } from './policy.ts';
import { readmeCounts, summarize } from './report.ts';

const POOL = {
  QA_COGNITO_REGION: 'eu-west-1',
  QA_COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf123',
  QA_COGNITO_CLIENT_ID: '1example23456789',
};

const refusal = (env: Record<string, string>) => {
  try {
    realPoolSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(QaSetupError);
    return (error as Error).message;
  }
  return expect.fail('expected a QaSetupError');
};

describe('the QA_COGNITO_* variables', () => {
  it('leave QA mode off when none is set', () => {
    expect(realPoolSettings({ AWS_PROFILE: 'qa', QA_KEEP_USERS: '1' })).toBeNull();
  });

  it('turn it on when the three required ones are set, with the identity pool and endpoint optional', () => {
    expect(realPoolSettings(POOL)).toEqual({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_AbCdEf123',
      userPoolClientId: '1example23456789',
    });
    const full = realPoolSettings({
      ...POOL,
      QA_COGNITO_IDENTITY_POOL_ID: 'eu-west-1:5eeded00-0000-4000-8000-000000000001',
      QA_COGNITO_ENDPOINT: 'http://localhost:9353/',
    })!;
    expect(full).toMatchObject({ identityPoolId: 'eu-west-1:5eeded00-0000-4000-8000-000000000001', endpoint: 'http://localhost:9353' });
    expect(appConfig(full)).toEqual({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_AbCdEf123',
      userPoolClientId: '1example23456789',
      identityPoolId: 'eu-west-1:5eeded00-0000-4000-8000-000000000001',
      endpoint: 'http://localhost:9353',
    });
  });

  it('name what is missing when only some are set', () => {
    expect(refusal({ QA_COGNITO_REGION: 'eu-west-1' })).toBe(
      'QA_COGNITO_REGION is set, but QA mode also needs QA_COGNITO_USER_POOL_ID, QA_COGNITO_CLIENT_ID.',
    );
    expect(refusal({ QA_COGNITO_USER_POOL_ID: POOL.QA_COGNITO_USER_POOL_ID, QA_COGNITO_ENDPOINT: 'http://localhost:9353' })).toBe(
      'QA_COGNITO_USER_POOL_ID, QA_COGNITO_ENDPOINT are set, but QA mode also needs QA_COGNITO_REGION, QA_COGNITO_CLIENT_ID.',
    );
  });

  it('refuse malformed or disagreeing values', () => {
    expect(refusal({ ...POOL, QA_COGNITO_REGION: 'Ireland' })).toBe(
      'QA_COGNITO_REGION must be an AWS region such as eu-west-1, got "Ireland".',
    );
    expect(refusal({ ...POOL, QA_COGNITO_USER_POOL_ID: 'AbCdEf123' })).toBe(
      'QA_COGNITO_USER_POOL_ID must look like eu-west-1_AbCdEf123, got "AbCdEf123".',
    );
    expect(refusal({ ...POOL, QA_COGNITO_REGION: 'us-east-1' })).toBe(
      'QA_COGNITO_USER_POOL_ID eu-west-1_AbCdEf123 is a pool of eu-west-1, but QA_COGNITO_REGION is us-east-1.',
    );
    expect(refusal({ ...POOL, QA_COGNITO_ENDPOINT: 'localhost:9353' })).toBe(
      'QA_COGNITO_ENDPOINT must be an http(s) origin such as https://cognito.example.com, got "localhost:9353".',
    );
    expect(refusal({ ...POOL, QA_COGNITO_IDENTITY_POOL_ID: 'us-east-1:5eeded00' })).toMatch(/^QA_COGNITO_IDENTITY_POOL_ID must look like/);
  });
});

describe('a QA run with bad input', () => {
  const key = { accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(30).toString('base64') };
  let pool: Emulator;
  beforeAll(async () => {
    pool = await createEmulator({ port: 0, strict: { credentials: key } });
  });
  afterAll(() => pool.close());

  const qaPool = () => ({
    QA_COGNITO_REGION: pool.config.region,
    QA_COGNITO_USER_POOL_ID: pool.config.userPoolId,
    QA_COGNITO_CLIENT_ID: pool.config.userPoolClientId,
    QA_COGNITO_ENDPOINT: pool.config.endpoint,
  });

  /** `playwright test --list` with this environment (and no AWS setting of the machine's): its exit code and stderr. */
  const listWith = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(AWS_|QA_|TEST_WORKER)/.test(name)));
      const child = spawn('node_modules/.bin/playwright', ['test', '--list'], {
        env: { ...clean, AWS_EC2_METADATA_DISABLED: 'true', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => resolve({ code, stderr, stdout }));
    });
  const oneLine = (stderr: string) => stderr.split('\n').filter((line) => line.trim() !== '');

  it('stops before any test with one line when only some variables are set', async () => {
    const { code, stderr, stdout } = await listWith({ QA_COGNITO_REGION: 'eu-west-1', QA_COGNITO_CLIENT_ID: '1example23456789' });
    expect(code).toBe(2);
    expect(oneLine(stderr)).toEqual([
      'QA mode: QA_COGNITO_REGION, QA_COGNITO_CLIENT_ID are set, but QA mode also needs QA_COGNITO_USER_POOL_ID.',
    ]);
    expect(stdout).not.toContain('Total:');
  }, 60_000);

  it('stops with one line when the pool refuses the key, or the secret, or there are no credentials', async () => {
    const wrongKey = await listWith({ ...qaPool(), AWS_ACCESS_KEY_ID: 'AKIAUNKNOWNKEY0001', AWS_SECRET_ACCESS_KEY: key.secretAccessKey });
    expect(wrongKey.code).toBe(2);
    expect(oneLine(wrongKey.stderr)).toEqual([
      'QA mode: the pool refused the admin credentials: UnrecognizedClientException: The security token included in the request is invalid.',
    ]);
    const wrongSecret = await listWith({ ...qaPool(), AWS_ACCESS_KEY_ID: key.accessKeyId, AWS_SECRET_ACCESS_KEY: 'bm90LXRoZS1zZWNyZXQ=' });
    expect(oneLine(wrongSecret.stderr)).toEqual([
      'QA mode: the pool refused the admin credentials: InvalidSignatureException: The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    ]);
    const home = mkdtempSync(join(tmpdir(), 'no-aws-'));
    const none = await listWith({
      ...qaPool(),
      HOME: home,
      AWS_CONFIG_FILE: join(home, 'none'),
      AWS_SHARED_CREDENTIALS_FILE: join(home, 'none'),
    });
    expect(none.code).toBe(2);
    expect(oneLine(none.stderr)).toHaveLength(1);
    expect(none.stderr).toMatch(/^QA mode: no AWS credentials for the admin calls/);
  }, 120_000);

  it('stops with one line when the pool or the app client does not exist, and lists the tests when all is well', async () => {
    const credentials = { AWS_ACCESS_KEY_ID: key.accessKeyId, AWS_SECRET_ACCESS_KEY: key.secretAccessKey };
    const noClient = await listWith({ ...qaPool(), ...credentials, QA_COGNITO_CLIENT_ID: 'nosuchclient0001' });
    expect(oneLine(noClient.stderr)).toEqual([
      'QA mode: QA_COGNITO_CLIENT_ID nosuchclient0001: ResourceNotFoundException: User pool client nosuchclient0001 does not exist.',
    ]);
    const noPool = await listWith({ ...qaPool(), ...credentials, QA_COGNITO_USER_POOL_ID: 'eu-west-1_NoSuchPool' });
    expect(oneLine(noPool.stderr)).toEqual([
      'QA mode: QA_COGNITO_USER_POOL_ID eu-west-1_NoSuchPool: User pool eu-west-1_NoSuchPool does not exist.',
    ]);
    const fine = await listWith({ ...qaPool(), ...credentials });
    expect(fine.code).toBe(0);
    expect(fine.stdout).toMatch(/Total: \d+ tests in \d+ files/);
  }, 120_000);
});

describe("the README's IAM policy for QA mode", () => {
  const readme = readFileSync('README.md', 'utf8');

  it('names each action it allows, and none that changes a pool for everyone', () => {
    const actions = policyActions(readme);
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action).toMatch(/^cognito-idp:[A-Z]\w+$/);
    expect(checkPolicy(actions, actions)).toEqual({ missing: [], unused: [], poolWide: [] });
    expect(actions.filter((action) => (POOL_WIDE_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('is found missing an action the suite called, or holding one it did not, or a wildcard', () => {
    const listed = ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser'];
    expect(checkPolicy(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminCreateUser'], listed)).toEqual({
      missing: ['cognito-idp:AdminDeleteUser'],
      unused: ['cognito-idp:AdminGetUser'],
      poolWide: [],
    });
    expect(checkPolicy(['cognito-idp:SetUserPoolMfaConfig'], listed).poolWide).toEqual(['cognito-idp:SetUserPoolMfaConfig']);
    const wildcard = readme.replace(/"cognito-idp:AdminCreateUser"/, '"cognito-idp:Admin*"');
    expect(() => policyActions(wildcard)).toThrow('must name each action, not cognito-idp:Admin*');
  });

  it('states how many tests run and are skipped in QA mode', () => {
    expect(readmeCounts(readme)).toEqual({ ran: expect.any(Number), total: expect.any(Number), skipped: expect.any(Number) });
    const { ran, total, skipped } = readmeCounts(readme)!;
    expect(ran + skipped).toBe(total);
  });
});

describe('what a QA pass reports', () => {
  it('counts the tests run and skipped, with the reasons', () => {
    const test = (status: string, reason?: string) => ({
      projectName: 'production',
      status,
      results: [{ annotations: reason ? [{ type: 'skip', description: reason }] : [] }],
    });
    const summary = summarize({
      suites: [
        {
          specs: [{ title: 'a', file: 'a.spec.ts', tests: [test('expected'), test('skipped', 'needs the outbox')] }],
          suites: [{ specs: [{ title: 'b', file: 'b.spec.ts', tests: [test('unexpected'), test('skipped', 'needs the outbox')] }] }],
        },
      ],
    } as never);
    expect(summary).toEqual({ total: 4, ran: 2, failed: 1, skipped: 2, reasons: new Map([['needs the outbox', 2]]) });
  });

  it('reads the ledger of created users once each, whatever characters an address holds', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'users.jsonl');
    writeFileSync(file, ['"a@example.com"', '"<b>\\n@example.com"', '"a@example.com"', ''].join('\n'));
    expect(readLedger(file)).toEqual(['a@example.com', '<b>\n@example.com']);
    expect(readLedger(join(tmpdir(), 'no-such-ledger.jsonl'))).toEqual([]);
  });
});
