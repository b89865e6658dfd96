/**
 * Prints the production headers (dist/_headers format) for a deployment's
 * config.json, whose Cognito, identity and GraphQL endpoints the
 * Content-Security-Policy must allow:
 *
 *   npx tsx scripts/headers.ts dist/config.json > dist/_headers
 *
 * Keys missing from the file are taken from the VITE_* environment, as the app does.
 */
import { readFileSync } from 'node:fs';
import { buildTimeHeaderConfig } from './vite/servers.ts';
import { headersFile } from './vite/headersFile.ts';

const file = process.argv[2];
const served = file ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, never>) : {};
process.stdout.write(headersFile(buildTimeHeaderConfig(process.env, served)));
