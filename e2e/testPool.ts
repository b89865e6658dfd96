/**
 * The Cognito test pool as the e2e suite sees it: its config, fresh
 * addresses, users arranged with admin calls, and the codes it "sent", read
 * from the emulator's outbox. In QA mode (see realPool.ts) the same helpers
 * work against a real Cognito pool, except the outbox.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { needsOutbox, realPool, type RealPoolSettings } from './realPool.ts';

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

/** Where the pool is and how admin calls reach it: the emulator (any credentials) or AWS (the SDK's own). */
function poolSource(emulatorUrl: string, real: RealPoolSettings | null) {
  if (real) {
    const config: PoolConfig = { ...real, endpoint: `https://cognito-idp.${real.region}.amazonaws.com` };
    return { config: () => Promise.resolve(config), admin: () => new CognitoIdentityProviderClient({ region: real.region }) };
  }
  let cached: Promise<PoolConfig> | undefined;
  const config = () => (cached ??= fetch(`${emulatorUrl}/_emulator/config`).then((r) => r.json() as Promise<PoolConfig>));
  return {
    config,
    // The emulator accepts any SigV4 signature, so any credentials do.
    admin: async () => {
      const { region, endpoint } = await config();
      return new CognitoIdentityProviderClient({ region, endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    },
  };
}

export function createTestPool(emulatorUrl: string, real: RealPoolSettings | null = realPool) {
  let counter = 0;
  const source = poolSource(emulatorUrl, real);
  let admin: Promise<{ sdk: CognitoIdentityProviderClient; poolId: string }> | undefined;
  const adminClient = () =>
    (admin ??= Promise.all([source.admin(), source.config()]).then(([sdk, { userPoolId }]) => ({ sdk, poolId: userPoolId })));
  return {
    config: source.config,
    /**
     * A confirmed user with a verified e-mail and a permanent password, made
     * with admin calls: for tests whose subject is not sign-up itself.
     */
    async createUser(email: string, password: string, attributes: Record<string, string> = {}): Promise<void> {
      const { sdk, poolId } = await adminClient();
      await sdk.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: Object.entries({ email_verified: 'true', ...attributes }).map(([Name, Value]) => ({ Name, Value })),
        }),
      );
      await sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }));
    },
    /** A unique address for one test, so tests never share a user. */
    newEmail(label = 'customer'): string {
      return `${label}.${Date.now().toString(36)}${(counter++).toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    },
    /** The messages the pool sent to an address; against a real pool the calling spec is skipped. */
    async messages(to: string): Promise<OutboxMessage[]> {
      if (real) needsOutbox();
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
