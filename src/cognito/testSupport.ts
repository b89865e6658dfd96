/**
 * Helpers for the client's tests: a fresh client on the emulator that Vitest's
 * global setup started, unique addresses, and the emulator's outbox.
 */
import { inject } from 'vitest';
import { createAuthClient, type AuthClientOptions } from './client.ts';
import { createMemoryStorage } from './tokenStore.ts';

export const emulator = () => inject('emulator');

export function testClient(overrides: Partial<AuthClientOptions> = {}) {
  const { region, userPoolId, userPoolClientId, endpoint } = emulator();
  const storage = overrides.storage ?? createMemoryStorage();
  return { storage, client: createAuthClient({ config: { region, userPoolId, userPoolClientId, endpoint }, storage, ...overrides }) };
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}.${counter++}@example.com`;

export const PASSWORD = 'Sup3r-secret!';

export async function latestCode(email: string): Promise<string> {
  const response = await fetch(`${emulator().endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { code: string }[];
  const last = messages.at(-1);
  if (!last) throw new Error(`No message was sent to ${email}`);
  return last.code;
}

/** A confirmed user, made through the same public calls a customer would use. */
export async function confirmedUser(client = testClient().client) {
  const email = uniqueEmail();
  await client.signUp({ username: email, password: PASSWORD });
  await client.confirmSignUp({ username: email, confirmationCode: await latestCode(email) });
  return email;
}
