#!/usr/bin/env node
/**
 * The pool as code (infra/) has its own package and lock file: aws-cdk-lib and
 * the CDK CLI weigh some 220 MB, which `npm install && npm start` does not need
 * (the test pool reads the committed template). This script installs them when
 * infra/ is used, then:
 *
 *   node scripts/infra.mjs synth   writes infra/pool.template.json (offline, no AWS account)
 *   node scripts/infra.mjs test    types, lint and the template's tests (aws-cdk-lib assertions, cdk-nag)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const infra = join(root, 'infra');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** npm ci in infra/ when its node_modules is missing or older than its lock file. */
function ensureInstalled() {
  const installed = join(infra, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(infra, 'package-lock.json')).mtimeMs) return;
  console.log('infra: installing the CDK (infra/package-lock.json)…');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: infra });
}

const command = process.argv[2];
if (command === 'synth') {
  ensureInstalled();
  // The CLI's telemetry and notices would reach for the network; synth needs none.
  run(join(infra, 'node_modules', '.bin', 'cdk'), ['synth', '--quiet', '--no-notices', '--no-version-reporting', '--no-path-metadata'], {
    cwd: infra,
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
  });
  copyFileSync(join(infra, 'cdk.out', 'CustomerAreaPool.template.json'), join(infra, 'pool.template.json'));
  console.log('infra: wrote infra/pool.template.json');
} else if (command === 'test') {
  ensureInstalled();
  run(bin('tsc'), ['-p', 'infra/tsconfig.json']);
  run(bin('eslint'), ['--max-warnings', '0', 'infra']);
  run(bin('vitest'), ['run', '--config', 'infra/vitest.config.ts']);
} else {
  console.error('Usage: node scripts/infra.mjs synth | test');
  process.exit(2);
}
