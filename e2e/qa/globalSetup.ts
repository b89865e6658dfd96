/**
 * QA mode's global setup (playwright.config.ts): names this run's ledger of
 * created users (qa/ledger.ts). The workers inherit the variable.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEDGER_VARIABLE } from './ledger.ts';

export default function globalSetup(): void {
  process.env[LEDGER_VARIABLE] = join(mkdtempSync(join(tmpdir(), 'customer-area-qa-')), 'users.jsonl');
}
