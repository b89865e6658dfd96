/**
 * Helpers for the client's tests: a fresh client on the emulator that Vitest's
 * global setup started, unique addresses, and the emulator's outbox.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { expect, inject } from 'vitest';
import { AuthError } from './errors.ts';
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

/** The SDK with (fake) credentials, for arranging users with admin calls as QA would. */
export function adminSdk() {
  const { region, endpoint } = emulator();
  return new CognitoIdentityProviderClient({ region, endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
}

/** The AuthError a call fails with; fails the test when the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}
