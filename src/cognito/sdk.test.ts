import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserPoolSender } from './sdk.ts';
import { emulator, PASSWORD, testClient, uniqueEmail } from './testSupport.ts';

/** A pass-through to the emulator that notes the operation of each request it forwards. */
let relay: Server;
let relayUrl = '';
const seen: string[] = [];

beforeAll(async () => {
  relay = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target'] ?? '');
      seen.push(target.split('.').at(-1) ?? '');
      void fetch(`${emulator().endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': String(request.headers['content-type']), 'x-amz-target': target },
        body: Buffer.concat(chunks),
      }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((listening) => relay.listen(0, '127.0.0.1', listening));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((closed) => relay.close(() => closed())));

describe("the SDK's warm-up", () => {
  it('runs the sign-in operations through the SDK without a request, and leaves the sender calling the pool as before', async () => {
    const { region, userPoolClientId } = emulator();
    const email = uniqueEmail('warm');
    await testClient().client.signUp({ username: email, password: PASSWORD });
    const send = createUserPoolSender(region, relayUrl);
    seen.length = 0;

    await send.warmUp();
    expect(seen).toEqual([]);

    // A real call after it reaches the pool and reads its real answer: the made-up answer was the warm-up's alone.
    const answer = await send('InitiateAuth', {
      ClientId: userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }).catch((error: unknown) => error);
    expect(seen).toEqual(['InitiateAuth']);
    // Signed up, not confirmed: the pool's own refusal, read by the SDK.
    expect(answer).toMatchObject({ name: 'UserNotConfirmedException' });
  });

  it('asks before each of its calls whether to go on, and stops at the first no', async () => {
    const send = createUserPoolSender(emulator().region, relayUrl);
    const asked: string[] = [];
    await send.warmUp(() => Promise.resolve(asked.push('go on') < 2));
    expect(asked).toEqual(['go on', 'go on']);
    asked.length = 0;
    await send.warmUp(() => Promise.resolve(asked.push('stop') < 0));
    expect(asked).toEqual(['stop']);
  });
});
