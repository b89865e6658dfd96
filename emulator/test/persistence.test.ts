import { AdminGetUserCommand, GetUserCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createEmulator } from '../src/server.ts';
import { CONFIG, exited, freePort, startChild } from './child.ts';
import { PASSWORD, newEmail, poolHelpers } from './harness.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'test-pool-'));
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('state on disk', () => {
  it('survives a restart: users, keys (so tokens stay valid), clock and settings', async () => {
    const statePath = join(tempDir(), 'state.json');
    const first = await createEmulator({ port: 0, statePath });
    const before = poolHelpers(first);
    const email = await before.verifiedUser();
    const tokens = await before.tokens(email);
    await before.control('token-validity', 'POST', { idTokenSeconds: 1234 });
    await before.advance(1000);
    await first.close();
    expect(JSON.parse(readFileSync(statePath, 'utf8'))).toMatchObject({ version: 2 });

    const second = await createEmulator({ port: 0, statePath });
    try {
      const after = poolHelpers(second);
      expect((await after.sdk.send(new AdminGetUserCommand({ UserPoolId: after.poolId, Username: email }))).UserStatus).toBe('CONFIRMED');
      expect((await after.sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken }))).Username).toBeDefined();
      const refreshed = await after.sdk.send(
        new InitiateAuthCommand({
          ClientId: after.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
        }),
      );
      expect(refreshed.AuthenticationResult?.AccessToken).toBeDefined();
      expect(await after.control('token-validity')).toMatchObject({ idTokenSeconds: 1234 });
      expect((await after.control<{ offsetMs: number }>('clock')).offsetMs).toBe(1000);
      await after.tokens(email);
    } finally {
      await second.close();
    }
  });

  it('moves an unreadable state file aside, says so, and starts afresh', async () => {
    const dir = tempDir();
    const statePath = join(dir, 'state.json');
    writeFileSync(statePath, '{"version": 2, "pools": ');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const emulator = await createEmulator({ port: 0, statePath });
    try {
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('moved it to'));
      expect(readdirSync(dir).some((name) => name.startsWith('state.json.unreadable-'))).toBe(true);
      expect(JSON.parse(readFileSync(statePath, 'utf8'))).toMatchObject({ version: 2 });
      await poolHelpers(emulator).signUp();
    } finally {
      warn.mockRestore();
      await emulator.close();
    }
  });

  it("keeps the state its owner's alone: the file 0600, its directory 0700, also for a state kept by an earlier version", async () => {
    const dir = join(tempDir(), 'pool');
    const statePath = join(dir, 'state.json');
    const first = await createEmulator({ port: 0, statePath });
    await poolHelpers(first).signUp();
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(statePath)).toBe(0o600);
    await first.close();
    expect(modeOf(statePath)).toBe(0o600);

    chmodSync(statePath, 0o644);
    chmodSync(dir, 0o755);
    const second = await createEmulator({ port: 0, statePath });
    try {
      await poolHelpers(second).signUp();
      expect(modeOf(dir)).toBe(0o700);
      for (const name of readdirSync(dir)) expect(modeOf(join(dir, name)), name).toBe(0o600);
    } finally {
      await second.close();
    }
  });

  it('leaves a directory shared with other files as it is, and says so', async () => {
    const dir = join(tempDir(), 'shared');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'notes.txt'), 'not ours');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const emulator = await createEmulator({ port: 0, statePath: join(dir, 'pool.json') });
    try {
      expect(modeOf(dir)).toBe(0o755);
      expect(modeOf(join(dir, 'pool.json'))).toBe(0o600);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('can be listed by other users'));
    } finally {
      warn.mockRestore();
      await emulator.close();
    }
  });

  it('keeps nothing on disk with --memory', async () => {
    const cwd = tempDir();
    const { child, url } = await startChild(['--port', String(await freePort()), '--memory'], cwd);
    try {
      await poolHelpers({ url, config: { ...CONFIG, endpoint: url } }).signUp();
      expect(existsSync(join(cwd, '.emulator'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      await exited(child);
    }
  });

  it('loses no acknowledged sign-up when killed with SIGKILL in the middle of a burst of writes', { timeout: 90_000 }, async () => {
    const statePath = join(tempDir(), 'state.json');
    const port = String(await freePort());
    const first = await startChild(['--port', port, '--state', statePath]);
    const pool = poolHelpers({ url: first.url, config: { ...CONFIG, endpoint: first.url } });
    const email0 = await pool.verifiedUser();
    const { AccessToken } = await pool.tokens(email0);

    const acknowledged: string[] = [];
    let refused = 0;
    let killedAt = -1;
    const KILL_AFTER = 150;
    async function worker() {
      while (killedAt < 0 || acknowledged.length < killedAt) {
        if (killedAt >= 0) break;
        const email = newEmail('burst');
        try {
          await pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: email, Password: PASSWORD }));
          acknowledged.push(email);
          if (acknowledged.length >= KILL_AFTER && killedAt < 0) {
            killedAt = acknowledged.length;
            first.child.kill('SIGKILL');
          }
        } catch {
          refused += 1;
        }
      }
    }
    await Promise.all(Array.from({ length: 24 }, worker));
    await exited(first.child);
    // Requests were in flight when the process died.
    expect(refused).toBeGreaterThan(0);

    const second = await startChild(['--port', port, '--state', statePath]);
    try {
      expect(readdirSync(join(statePath, '..')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      const missing: string[] = [];
      for (let i = 0; i < acknowledged.length; i += 25) {
        await Promise.all(
          acknowledged
            .slice(i, i + 25)
            .map((email) =>
              pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: email })).catch(() => missing.push(email)),
            ),
        );
      }
      expect(missing).toEqual([]);
      expect((await pool.sdk.send(new GetUserCommand({ AccessToken }))).UserAttributes).toContainEqual({ Name: 'email', Value: email0 });
    } finally {
      second.child.kill('SIGKILL');
      await exited(second.child);
    }
  });
});
