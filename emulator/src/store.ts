/**
 * Persistence. The whole state is one JSON file, replaced atomically: written
 * to a temporary file beside it, flushed to disk, renamed over the old one,
 * and the directory flushed, so a crash at any moment leaves either the old
 * state or the new one, never a torn file. Writes are grouped: every request
 * that changed something waits for a write that started after its change, and
 * requests arriving during a write share the next one.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { State } from './state.ts';

export interface Store {
  /** Where the state lives, for the banner; undefined in memory. */
  path?: string;
  load(): State | null;
  save(text: string): Promise<void>;
}

export const memoryStore = (): Store => ({ load: () => null, save: async () => {} });

const isState = (value: unknown): value is State =>
  typeof value === 'object' &&
  value !== null &&
  (value as { version?: unknown }).version === 2 &&
  typeof (value as State).pools === 'object';

/** The state holds the pool's signing key, verifiers, TOTP secrets and grants: its owner alone may read it. */
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

/**
 * Makes the state's directory the owner's alone when it holds nothing but
 * the state (as `.emulator/` does); a directory shared with other files
 * (`--state /tmp/pool.json`) is left as it is, with a word, since the file
 * itself is private anyway.
 */
function protectDirectory(dir: string, ours: (name: string) => boolean, warn: (line: string) => void): void {
  if ((statSync(dir).mode & 0o077) === 0) return;
  if (readdirSync(dir).every(ours)) chmodSync(dir, DIRECTORY_MODE);
  else warn(`${dir} can be listed by other users; the state file in it is readable by its owner only.`);
}

export function fileStore(path: string, warn: (line: string) => void = console.warn): Store {
  const dir = dirname(path);
  const name = basename(path);
  const temp = join(dir, `.${name}.${process.pid}.tmp`);
  const ours = (entry: string) => entry === name || entry.startsWith(`${name}.`) || entry.startsWith(`.${name}.`);
  return {
    path,
    load() {
      mkdirSync(dir, { recursive: true, mode: DIRECTORY_MODE });
      // Temporary files of writes a crash interrupted: the real file is intact without them.
      for (const entry of readdirSync(dir)) {
        if (entry.startsWith(`.${name}.`) && entry.endsWith('.tmp')) unlinkSync(join(dir, entry));
      }
      protectDirectory(dir, ours, warn);
      if (!existsSync(path)) return null;
      // A state written by an earlier version may be world-readable.
      chmodSync(path, FILE_MODE);
      try {
        const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
        if (isState(parsed)) return parsed;
        throw new Error('not a state file of this version');
      } catch (error) {
        // Keep the unreadable file for a person to look at, and start afresh.
        const aside = `${path}.unreadable-${Date.now()}`;
        renameSync(path, aside);
        warn(`Could not read ${path} (${(error as Error).message}); moved it to ${aside} and started with a fresh pool.`);
        return null;
      }
    },
    async save(text) {
      const file = await open(temp, 'w', FILE_MODE);
      try {
        await file.writeFile(text, 'utf8');
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, path);
      const directory = await open(dir, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    },
  };
}

/** Groups writes of `snapshot()` into `store`, as described above. */
export function createPersister(store: Store, snapshot: () => State) {
  let dirty = false;
  let current: Promise<void> = Promise.resolve();
  let next: Promise<void> | null = null;
  return {
    changed() {
      dirty = true;
    },
    /** Resolves once everything changed so far is on disk. */
    flush(): Promise<void> {
      if (!dirty) return current;
      next ??= current
        .catch(() => {})
        .then(() => {
          next = null;
          dirty = false;
          current = store.save(JSON.stringify(snapshot())).catch((error: unknown) => {
            dirty = true;
            throw error;
          });
          return current;
        });
      return next;
    },
  };
}
