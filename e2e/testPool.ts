/**
 * The Cognito test pool as the e2e suite sees it: its config, fresh
 * addresses, users arranged with admin calls, and the codes it "sent", read
 * from the emulator's outbox.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

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
  let cachedConfig: Promise<PoolConfig> | undefined;
  const config = () => (cachedConfig ??= fetch(`${emulatorUrl}/_emulator/config`).then((r) => r.json() as Promise<PoolConfig>));
  let admin: Promise<{ sdk: CognitoIdentityProviderClient; poolId: string }> | undefined;
  // The emulator accepts any SigV4 signature, so any credentials do.
  const adminClient = () =>
    (admin ??= config().then(({ region, endpoint, userPoolId }) => ({
      sdk: new CognitoIdentityProviderClient({ region, endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }),
      poolId: userPoolId,
    })));
  return {
    config,
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
