import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors } from './errors.ts';
import type { AppClient } from './state.ts';

/** Clients created with a secret must prove it on every call that names a user. */
export function checkSecretHash(client: AppClient, username: string, given: string | undefined): void {
  if (!client.clientSecret) return;
  if (!given) {
    throw errors.notAuthorized(`Client ${client.clientId} is configured with secret but SECRET_HASH was not received`);
  }
  const expected = createHmac('sha256', client.clientSecret)
    .update(username + client.clientId)
    .digest();
  const actual = Buffer.from(given, 'base64');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw errors.notAuthorized(`Unable to verify secret hash for client ${client.clientId}`);
  }
}
