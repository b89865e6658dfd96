/**
 * The users a QA run created, so that the global teardown can delete them
 * (qa/globalTeardown.ts). Every worker appends the addresses it makes up or
 * signs up to one file, named by the global setup in QA_USER_LEDGER; an
 * address that never became a user costs one UserNotFoundException at the end.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export const LEDGER_VARIABLE = 'QA_USER_LEDGER';

/** Notes an address in this run's ledger (a no-op outside QA mode, where the suite's pools live in memory). */
export function recordUser(address: string): void {
  const ledger = process.env[LEDGER_VARIABLE];
  // One short line per append: O_APPEND keeps the workers' lines whole.
  if (ledger) appendFileSync(ledger, `${JSON.stringify(address)}\n`);
}

/** The distinct addresses in a ledger, in the order they were first noted. */
export function readLedger(file: string): string[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return [...new Set(lines.map((line) => JSON.parse(line) as string))];
}
