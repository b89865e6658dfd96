/**
 * The Cognito test pool as the e2e suite sees it: its config, fresh
 * addresses, and the codes it "sent", read from the emulator's outbox.
 */
export interface PoolConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  endpoint: string;
}

export interface OutboxMessage {
  to: string;
  kind: string;
  code: string;
  at: string;
}

export function createTestPool(emulatorUrl: string) {
  let counter = 0;
  return {
    async config(): Promise<PoolConfig> {
      return (await fetch(`${emulatorUrl}/_emulator/config`)).json() as Promise<PoolConfig>;
    },
    /** A unique address for one test, so tests never share a user. */
    newEmail(label = 'customer'): string {
      return `${label}.${Date.now().toString(36)}${(counter++).toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    },
    async messages(to: string): Promise<OutboxMessage[]> {
      const response = await fetch(`${emulatorUrl}/_emulator/outbox?to=${encodeURIComponent(to)}`);
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
