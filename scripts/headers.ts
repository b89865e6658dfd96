/**
 * Prints the production headers (dist/_headers format) for a deployment's
 * config.json, whose Cognito, identity and GraphQL endpoints the
 * Content-Security-Policy must allow, and for the index.html beside it
 * (dist/ without a file), whose style attributes it allows by hash:
 *
 *   npx tsx scripts/headers.ts dist/config.json > dist/_headers
 *
 * Keys missing from the file are taken from the VITE_* environment, as the app does.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildTimeHeaderConfig } from './vite/servers.ts';
import { headersFile, readPageFacts } from './vite/headersFile.ts';

const file = process.argv[2];
try {
  const served: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!served || typeof served !== 'object' || Array.isArray(served)) throw new Error(`${file} is not a JSON object.`);
  // headersFile checks the region and the endpoints (src/config/checks.ts) and throws rather than write a widened policy.
  process.stdout.write(headersFile(buildTimeHeaderConfig(process.env, served), readPageFacts(file ? dirname(file) : 'dist')));
} catch (error) {
  process.stderr.write(`No headers written: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
