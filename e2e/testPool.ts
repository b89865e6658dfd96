/**
 * The Cognito pool as the e2e suite sees it: its config, fresh addresses,
 * users arranged with admin calls, and the codes it "sent", read from the
 * emulator's outbox. In QA mode (realPool.ts) the same helpers work against
 * the configured pool, except the outbox, which a test must ask for first
 * (needs.ts).
 */
import { type AdminAccess, type PoolConfig, type UserAdmin, userAdmin } from './auth-support/admin.ts';
import { noteAction, requireNeed } from './needs.ts';
import { recordUser } from './qa/ledger.ts';
import { type RealPoolSettings, userPoolEndpoint } from './realPool.ts';

export type { PoolConfig } from './auth-support/admin.ts';

export interface OutboxMessage {
  to: string;
  kind: string;
  code: string;
  at: string;
}

/** Where the pool is: a local emulator (with its test controls) or the QA pool named by the environment. */
export type PoolSource = { kind: 'emulator'; url: string } | { kind: 'qa'; settings: RealPoolSettings };

function configOf(source: PoolSource): () => Promise<PoolConfig> {
  if (source.kind === 'qa') {
    const config: PoolConfig = { ...source.settings, endpoint: userPoolEndpoint(source.settings) };
    return () => Promise.resolve(config);
  }
  let cached: Promise<PoolConfig> | undefined;
  return () => (cached ??= fetch(`${source.url}/_emulator/config`).then((r) => r.json() as Promise<PoolConfig>));
}

const accessOf = (source: PoolSource): AdminAccess =>
  source.kind === 'qa'
    ? { kind: 'aws credential chain', ...(source.settings.endpoint ? { endpoint: source.settings.endpoint } : {}) }
    : { kind: 'local emulator' };

let counter = 0;

export function createTestPool(source: PoolSource) {
  const config = configOf(source);
  let admin: Promise<UserAdmin> | undefined;
  const adminOnce = () => (admin ??= config().then((settings) => userAdmin(settings, accessOf(source))));
  return {
    config,
    /** Calls about one user at a time (the pool's own settings are a private pool's alone). */
    admin: adminOnce,
    /** A confirmed user with a verified e-mail and a permanent password, for tests whose subject is not sign-up. */
    async createUser(email: string, password: string, attributes: Record<string, string> = {}): Promise<void> {
      await (await adminOnce()).createConfirmed(email, password, attributes);
    },
    /**
     * A unique address for one test, so tests never share a user:
     * `<label>.<time><n>.<random>@example.com`, noted for deletion in QA mode.
     */
    newEmail(label = 'customer'): string {
      const address = `${label}.${Date.now().toString(36)}${(counter++).toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
      noteAction(`made up the address ${address}`);
      if (source.kind === 'qa') recordUser(address);
      return address;
    },
    /** The messages the pool sent to an address, from the local pool's outbox; the test must have said needsOutbox(). */
    async messages(to: string): Promise<OutboxMessage[]> {
      // A private pool's tests read its outbox as a matter of course: it is a local emulator too.
      requireNeed(['outbox', 'private pool'], 'reads the outbox');
      if (source.kind === 'qa') throw new Error('A QA pool has no outbox: needsOutbox() should have skipped this test.');
      const response = await fetch(`${source.url}/_emulator/outbox?to=${encodeURIComponent(to)}`);
      return (await response.json()) as OutboxMessage[];
    },
    /** The newest code sent to an address, waiting briefly for it to arrive. */
    async latestCode(to: string): Promise<string> {
      for (let attempt = 0; attempt < 50; attempt++) {
        const last = (await this.messages(to)).at(-1);
        if (last) return last.code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No message reached ${to}.`);
    },
  };
}

export type TestPool = ReturnType<typeof createTestPool>;
