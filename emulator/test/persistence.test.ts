import {
  AdminGetUserCommand,
  GetUserCommand,
  GetUserPoolSessionConfigurationCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListUserSessionsCommand,
  RevokeUserSessionCommand,
  SetUserPoolSessionConfigurationCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createEmulator } from '../src/server.ts';
import { CONFIG, exited, freePort, startChild } from './child.ts';
import { PASSWORD, newEmail, poolHelpers } from './harness.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'test-pool-'));
const modeOf = (path: string) => statSync(path).mode & 0o777;
const generationOf = (statePath: string) =>
  (JSON.parse(readFileSync(statePath, 'utf8')) as { journal?: { generation: number } }).journal?.generation;
const journalGeneration = (statePath: string) =>
  (JSON.parse(readFileSync(`${statePath}.journal`, 'utf8').split('\n')[0]!) as { generation: number }).generation;

/** A USER_PASSWORD_AUTH sign-in: tokens without the slow pure-JavaScript SRP client. */
async function passwordTokens(pool: ReturnType<typeof poolHelpers>, email: string) {
  const answer = await pool.sdk.send(
    new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }),
  );
  return answer.AuthenticationResult!;
}

/** The users of `emails` the pool does not know. */
async function missingUsers(pool: ReturnType<typeof poolHelpers>, emails: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (let i = 0; i < emails.length; i += 25) {
    await Promise.all(
      emails
        .slice(i, i + 25)
        .map((email) =>
          pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: email })).catch(() => missing.push(email)),
        ),
    );
  }
  return missing;
}

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
      expect(await missingUsers(pool, acknowledged)).toEqual([]);
      expect((await pool.sdk.send(new GetUserCommand({ AccessToken }))).UserAttributes).toContainEqual({ Name: 'email', Value: email0 });
    } finally {
      second.child.kill('SIGKILL');
      await exited(second.child);
    }
  });

  it('keeps sessions, their revocation and the session settings through SIGKILL', { timeout: 60_000 }, async () => {
    const statePath = join(tempDir(), 'state.json');
    const port = String(await freePort());
    const first = await startChild(['--port', port, '--state', statePath]);
    const url = first.url;
    const before = poolHelpers({ url, config: { ...CONFIG, endpoint: url } });
    const email = await before.verifiedUser();
    const here = await passwordTokens(before, email);
    const there = await passwordTokens(before, email);
    const sessions = (await before.sdk.send(new ListUserSessionsCommand({ AccessToken: here.AccessToken }))).Sessions!;
    const other = sessions.find((session) => !session.IsCurrentSession)!;
    await before.sdk.send(new RevokeUserSessionCommand({ AccessToken: here.AccessToken, SessionId: other.SessionId }));
    await before.sdk.send(
      new SetUserPoolSessionConfigurationCommand({
        UserPoolId: before.poolId,
        UserSessionTracking: 'ENABLED',
        TokenSession: { MaxPerUser: 7 },
      }),
    );
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await startChild(['--port', port, '--state', statePath]);
    try {
      const after = poolHelpers({ url, config: { ...CONFIG, endpoint: url } });
      const listed = (await after.sdk.send(new ListUserSessionsCommand({ AccessToken: here.AccessToken }))).Sessions!;
      expect(listed.map((session) => [session.SessionId, session.IsCurrentSession])).toEqual([
        [sessions.find((session) => session.IsCurrentSession)!.SessionId, true],
      ]);
      await expect(
        after.sdk.send(
          new InitiateAuthCommand({
            ClientId: after.clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: there.RefreshToken! },
          }),
        ),
      ).rejects.toMatchObject({ message: 'Refresh Token has been revoked' });
      expect(await after.sdk.send(new GetUserPoolSessionConfigurationCommand({ UserPoolId: after.poolId }))).toMatchObject({
        TokenSession: { MaxPerUser: 7 },
      });
    } finally {
      second.child.kill('SIGKILL');
      await exited(second.child);
    }
  });

  it('writes a change as a line of the journal, not as the whole state', async () => {
    const statePath = join(tempDir(), 'state.json');
    const emulator = await createEmulator({ port: 0, statePath, verifyJournal: true });
    try {
      const pool = poolHelpers(emulator);
      const email = await pool.verifiedUser();
      const snapshot = readFileSync(statePath, 'utf8');
      const journalBefore = statSync(`${statePath}.journal`).size;
      for (let i = 0; i < 10; i++) await passwordTokens(pool, email);
      // The snapshot is untouched; each sign-in added one line, its grant, whatever the pool holds.
      expect(readFileSync(statePath, 'utf8')).toBe(snapshot);
      const lines = readFileSync(`${statePath}.journal`, 'utf8').split('\n').slice(1, -1);
      const added = lines.slice(-10).map((line) => JSON.parse(line) as { kind: string });
      expect(added.map((entry) => entry.kind)).toEqual(Array(10).fill('grants'));
      expect((statSync(`${statePath}.journal`).size - journalBefore) / 10).toBeLessThan(1024);
      expect(modeOf(`${statePath}.journal`)).toBe(0o600);
    } finally {
      await emulator.close();
    }
  });

  it('compacts the journal into a new snapshot as it grows, and reads both back after a restart', async () => {
    const statePath = join(tempDir(), 'state.json');
    const first = await createEmulator({ port: 0, statePath, compactAfterBytes: 4096, verifyJournal: true });
    const pool = poolHelpers(first);
    const emails: string[] = [];
    const generation = generationOf(statePath)!;
    for (let i = 0; i < 40; i++) emails.push(await pool.signUp());
    expect(generationOf(statePath)).toBeGreaterThan(generation);
    expect(journalGeneration(statePath)).toBe(generationOf(statePath));
    expect(statSync(`${statePath}.journal`).size).toBeLessThan(statSync(statePath).size);
    await pool.advance(5000);
    await first.close();
    for (const name of readdirSync(join(statePath, '..'))) expect(modeOf(join(statePath, '..', name)), name).toBe(0o600);

    const second = await createEmulator({ port: 0, statePath, verifyJournal: true });
    try {
      const after = poolHelpers(second);
      expect(await missingUsers(after, emails)).toEqual([]);
      expect((await after.outbox(emails.at(-1)!)).map((m) => m.kind)).toEqual(['SignUp']);
      expect((await after.control<{ offsetMs: number }>('clock')).offsetMs).toBe(5000);
    } finally {
      await second.close();
    }
  });

  it('drops a line a crash tore at the end of the journal, and leaves out a journal an interrupted compaction made stale', async () => {
    const statePath = join(tempDir(), 'state.json');
    const first = await createEmulator({ port: 0, statePath });
    const kept = await poolHelpers(first).signUp();
    await first.close();
    // A write cut short: the line has no end.
    appendFileSync(`${statePath}.journal`, '{"kind":"users","poolId":"eu-west-1_LocalPool","key":"x","value":{"user');

    const warn = vi.spyOn(console, 'warn');
    const second = await createEmulator({ port: 0, statePath });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    const pool = poolHelpers(second);
    expect(await missingUsers(pool, [kept])).toEqual([]);
    const later = await pool.signUp();
    await second.close();
    const userLine = readFileSync(`${statePath}.journal`, 'utf8').split('\n')[1]!;
    // Every start begins with a compaction: now the snapshot holds both users and the journal is empty.
    await (await createEmulator({ port: 0, statePath })).close();
    // A compaction killed between its two renames leaves the new snapshot beside the journal before it,
    // whose changes the snapshot already holds: replaying it could undo later ones. Here it would delete a user.
    const deletion = JSON.stringify({ ...(JSON.parse(userLine) as object), value: undefined });
    writeFileSync(`${statePath}.journal`, `${JSON.stringify({ generation: generationOf(statePath)! - 1 })}\n${deletion}\n`);

    const fourth = await createEmulator({ port: 0, statePath });
    try {
      expect(await missingUsers(poolHelpers(fourth), [kept, later])).toEqual([]);
    } finally {
      await fourth.close();
    }
  });

  it('applies no JSON-valid but wrong journal line, and survives a housekeeping round that fails', async () => {
    const poolId = 'eu-west-1_LocalPool';
    const wrongLines = [
      { kind: 'grants', poolId, key: 'g1', value: null },
      { kind: 'grants', poolId, key: 'g2', value: { originJti: 'g2', username: 'u' } },
      { kind: 'users', poolId, key: 'someone', value: { username: 5 } },
      { kind: 'mail', message: null },
      { kind: 'mailDrop', count: 'all' },
      { kind: 'pool', poolId, value: { id: poolId } },
    ];
    for (const wrong of wrongLines) {
      const statePath = join(tempDir(), 'state.json');
      const first = await createEmulator({ port: 0, statePath });
      const kept = await poolHelpers(first).signUp();
      await first.close();
      appendFileSync(`${statePath}.journal`, `${JSON.stringify(wrong)}\n`);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const second = await createEmulator({ port: 0, statePath, verifyJournal: true });
      try {
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/line \d+ is not a change/));
        expect(await missingUsers(poolHelpers(second), [kept])).toEqual([]);
        // The housekeeping that read every grant and message now finds nothing it cannot read.
        await second.keepHouse();
        expect(second.state.pools[poolId]!.grants).not.toHaveProperty('g1');
      } finally {
        warn.mockRestore();
        await second.close();
      }
    }
    // A record the housekeeping cannot read (put there behind the journal's back) is logged, not fatal.
    const emulator = await createEmulator({ port: 0 });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      (emulator.state.pools[poolId]!.grants as Record<string, unknown>).broken = null;
      await emulator.keepHouse();
      expect(error).toHaveBeenCalledWith(expect.stringContaining('housekeeping failed'), expect.any(TypeError));
      expect((await fetch(`${emulator.url}/_emulator/config`)).status).toBe(200);
    } finally {
      error.mockRestore();
      await emulator.close();
    }
  });

  it('prunes grants no token of which can be used, and old messages, and keeps the rest', async () => {
    const statePath = join(tempDir(), 'state.json');
    const emulator = await createEmulator({ port: 0, statePath, verifyJournal: true });
    try {
      const pool = poolHelpers(emulator);
      const grants = () => Object.keys(emulator.state.pools[pool.poolId]!.grants).length;
      const email = await pool.verifiedUser();
      const signedOut = await passwordTokens(pool, email);
      await pool.sdk.send(new GlobalSignOutCommand({ AccessToken: signedOut.AccessToken }));
      await pool.control('token-validity', 'POST', { refreshTokenSeconds: 60 });
      await passwordTokens(pool, email);
      await pool.control('token-validity', 'POST', { refreshTokenSeconds: 30 * 86_400 });
      const kept = await passwordTokens(pool, email);
      const message = await pool.signUp();
      expect(grants()).toBe(3);

      await pool.advance(86_400_000 + 120_000);
      await emulator.keepHouse();
      expect(grants()).toBe(1);
      await pool.sdk.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: kept.RefreshToken! },
        }),
      );
      expect(await pool.outbox(message)).toHaveLength(1);

      await pool.advance(30 * 86_400_000);
      await emulator.keepHouse();
      expect(await pool.outbox(message)).toEqual([]);
    } finally {
      await emulator.close();
    }
  });

  it('loses no acknowledged change when killed in the middle of a compaction', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const statePath = join(dir, 'state.json');
    const args = ['--port', String(await freePort()), '--state', statePath, '--compact-after-bytes', '8192'];
    const acknowledged: string[] = [];
    let interrupted = 0;
    for (let round = 0; round < 8 && interrupted < 2; round++) {
      const running = await startChild(args);
      const pool = poolHelpers({ url: running.url, config: { ...CONFIG, endpoint: running.url } });
      // Once this round has some changes acknowledged, the next compaction to start writing is killed.
      let armedAt = acknowledged.length + 20;
      let killed = false;
      const watcher = watch(dir, (_event, name) => {
        if (!killed && acknowledged.length >= armedAt && name?.endsWith('.tmp')) {
          killed = true;
          running.child.kill('SIGKILL');
        }
      });
      const worker = async () => {
        while (!killed) {
          const email = newEmail('compaction');
          try {
            await pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: email, Password: PASSWORD }));
            acknowledged.push(email);
          } catch {
            if (running.child.exitCode !== null || running.child.signalCode !== null) return;
          }
        }
      };
      await Promise.all(Array.from({ length: 12 }, worker));
      await exited(running.child);
      watcher.close();
      armedAt = Infinity;
      const leftovers = readdirSync(dir).some((name) => name.endsWith('.tmp'));
      if (leftovers || journalGeneration(statePath) !== generationOf(statePath)) interrupted += 1;
    }
    // At least one kill landed while a snapshot or its new journal was being written.
    expect(interrupted).toBeGreaterThan(0);

    const last = await startChild(args);
    try {
      const pool = poolHelpers({ url: last.url, config: { ...CONFIG, endpoint: last.url } });
      expect(await missingUsers(pool, acknowledged)).toEqual([]);
    } finally {
      last.child.kill('SIGKILL');
      await exited(last.child);
    }
  });
});
