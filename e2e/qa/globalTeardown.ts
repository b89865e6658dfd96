/**
 * QA mode's global teardown (playwright.config.ts): deletes every user the
 * run created on the QA pool, as the ledger lists them (qa/ledger.ts), unless
 * QA_KEEP_USERS=1 asks to keep them for a look.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { userAdmin } from '../auth-support/admin.ts';
import { realPool, userPoolEndpoint } from '../realPool.ts';
import { LEDGER_VARIABLE, readLedger } from './ledger.ts';

export default async function globalTeardown(): Promise<void> {
  const ledger = process.env[LEDGER_VARIABLE];
  if (!realPool || !ledger) return;
  const addresses = readLedger(ledger);
  if (process.env.QA_KEEP_USERS === '1') {
    console.log(`QA mode: kept the ${addresses.length} users this run made (QA_KEEP_USERS=1); their names are in ${ledger}`);
    return;
  }
  const admin = userAdmin(
    { ...realPool, endpoint: userPoolEndpoint(realPool) },
    { kind: 'aws credential chain', ...(realPool.endpoint ? { endpoint: realPool.endpoint } : {}) },
  );
  let deleted = 0;
  const failed: string[] = [];
  // A few at a time: Cognito's admin calls are rate-limited per account.
  const queue = [...addresses];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
        try {
          if (await admin.delete(address)) deleted++;
        } catch (error) {
          failed.push(
            `${JSON.stringify(address.length > 60 ? `${address.slice(0, 57)}…` : address)} (${error instanceof Error ? error.name : String(error)})`,
          );
        }
      }
    }),
  );
  console.log(
    `QA mode: deleted the ${deleted} users this run created (${addresses.length - deleted - failed.length} of the addresses it noted never became users)`,
  );
  if (failed.length > 0) {
    const error = new Error(`QA mode: could not delete ${failed.length} users; delete them by hand: ${failed.join(', ')}`);
    error.stack = error.message;
    throw error;
  }
  rmSync(dirname(ledger), { recursive: true, force: true });
}
