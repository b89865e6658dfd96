/**
 * The hosted UI over TLS (`--tls-port`): AWS Amplify only speaks https to
 * `oauth.domain`. Requests here go through Node's https with the pool's own
 * certificate as the one trusted authority, so a certificate that is not for
 * localhost, not signed by its key or expired fails the handshake.
 */
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Emulator, createEmulator } from '../src/server.ts';
import { keptPaths, makeLocalhostCertificate } from '../src/tls.ts';
import { freePort, startChild, stopChild } from './child.ts';
import { claims, newEmail } from './harness.ts';

const CALLBACK = 'http://localhost:5173/oauth/callback';

interface Answer {
  status: number;
  location: string;
  cookie?: string;
  text: string;
  /** the certificate the server presented */
  peer: X509Certificate;
}

/** One https request that trusts `ca` alone, redirects not followed. */
function https(url: string, ca: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', ca, headers: init.headers ?? {}, agent: false }, (res) => {
      const peer = new X509Certificate((res.socket as TLSSocket).getPeerCertificate().raw);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const setCookie = res.headers['set-cookie']?.[0];
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? '',
          ...(setCookie ? { cookie: setCookie.split(';')[0]! } : {}),
          text: Buffer.concat(chunks).toString('utf8'),
          peer,
        });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function config(emulator: Emulator) {
  return (await (await fetch(`${emulator.url}/_emulator/config`)).json()) as Record<string, unknown>;
}

describe('the hosted UI over TLS', () => {
  it('serves /oauth2/authorize, a provider sign-in, /oauth2/token and /logout over https, and names its domain in the config', async () => {
    const emulator = await createEmulator({ port: 0, tls: { port: 0 } });
    try {
      const ca = emulator.tlsCertificate!.pem;
      const base = emulator.tlsUrl!;
      expect(base).toMatch(/^https:\/\/localhost:\d+$/);
      expect(await config(emulator)).toMatchObject({ hostedUiDomain: new URL(base).host, endpoint: emulator.url });

      const authorize = `${base}/oauth2/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: emulator.config.userPoolClientId,
        redirect_uri: CALLBACK,
        scope: 'openid email',
        state: 'tls-state',
        identity_provider: 'Google',
      }).toString()}`;
      const toProvider = await https(authorize, ca);
      expect(toProvider.status).toBe(302);
      expect(toProvider.peer.subject).toBe('CN=localhost');
      expect(toProvider.peer.checkHost('localhost')).toBe('localhost');
      const providerPage = new URL(toProvider.location, base);
      expect((await https(providerPage.href, ca)).status).toBe(200);
      const email = newEmail('tls');
      const back = await https(
        `${base}${providerPage.pathname}`,
        ca,
        form({ request: providerPage.searchParams.get('request')!, action: 'continue', email, name: 'Ada' }),
      );
      const code = new URL(back.location).searchParams.get('code')!;
      expect(new URL(back.location).searchParams.get('state')).toBe('tls-state');

      const token = await https(
        `${base}/oauth2/token`,
        ca,
        form({ grant_type: 'authorization_code', client_id: emulator.config.userPoolClientId, redirect_uri: CALLBACK, code }),
      );
      expect(token.status).toBe(200);
      const tokens = JSON.parse(token.text) as { id_token: string };
      expect(claims(tokens.id_token)).toMatchObject({ email, token_use: 'id' });

      const signOut = await https(
        `${base}/logout?${new URLSearchParams({ client_id: emulator.config.userPoolClientId, logout_uri: 'http://localhost:5173/' }).toString()}`,
        ca,
        back.cookie ? { headers: { cookie: back.cookie } } : {},
      );
      expect([signOut.status, signOut.location]).toEqual([302, 'http://localhost:5173/']);
      // Plain HTTP still answers on its own port.
      expect((await fetch(`${emulator.url}/oauth2/authorize`, { redirect: 'manual' })).status).toBeLessThan(500);
    } finally {
      await emulator.close();
    }
  });

  it('makes the certificate once and keeps it beside the state; without TLS the config names no domain', async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'test-pool-tls-')), 'state.json');
    const first = await createEmulator({ port: 0, statePath, tls: { port: 0 } });
    const made = first.tlsCertificate!;
    await first.close();
    expect(made.madeNow).toBe(true);
    expect(statSync(keptPaths(statePath).key).mode & 0o777).toBe(0o600);
    const second = await createEmulator({ port: 0, statePath, tls: { port: 0 } });
    try {
      expect(second.tlsCertificate).toEqual({ pem: made.pem, madeNow: false });
      expect((await https(`${second.tlsUrl!}/_emulator/config`, made.pem)).status).toBe(200);
    } finally {
      await second.close();
    }
    const plain = await createEmulator({ port: 0, statePath });
    try {
      expect(plain.tlsUrl).toBeUndefined();
      expect(await config(plain)).not.toHaveProperty('hostedUiDomain');
    } finally {
      await plain.close();
    }
  });

  it('uses a certificate it is given (--tls-cert, --tls-key)', async () => {
    const given = makeLocalhostCertificate();
    const emulator = await createEmulator({ port: 0, tls: { port: 0, material: given } });
    try {
      const answer = await https(`${emulator.tlsUrl!}/oauth2/authorize`, given.cert);
      expect(answer.peer.fingerprint256).toBe(new X509Certificate(given.cert).fingerprint256);
      // Another certificate is not trusted: the handshake fails.
      await expect(https(`${emulator.tlsUrl!}/oauth2/authorize`, makeLocalhostCertificate().cert)).rejects.toThrow(/self.signed|verify/i);
    } finally {
      await emulator.close();
    }
  });

  it('npm run emulator -- --tls-port: names the domain in its banner and config, and refuses a key without its certificate', async () => {
    const [port, tlsPort] = [await freePort(), await freePort()];
    const running = await startChild(['--port', String(port), '--tls-port', String(tlsPort), '--memory']);
    try {
      expect(running.output()).toContain(
        `hosted UI https://localhost:${tlsPort} (TLS): AWS Amplify's oauth.domain is "localhost:${tlsPort}"`,
      );
      expect(await (await fetch(`${running.url}/_emulator/config`)).json()).toMatchObject({ hostedUiDomain: `localhost:${tlsPort}` });
    } finally {
      await stopChild(running);
    }
    await expect(startChild(['--port', String(port), '--tls-port', String(tlsPort), '--tls-key', 'key.pem', '--memory'])).rejects.toThrow(
      '--tls-cert and --tls-key go together',
    );
  });
});
