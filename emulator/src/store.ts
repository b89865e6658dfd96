/**
 * Persistence. The whole state is one JSON file, replaced atomically: written
 * to a temporary file beside it, flushed to disk, renamed over the old one,
 * and the directory flushed, so a crash at any moment leaves either the old
 * state or the new one, never a torn file. Writes are grouped: every request
 * that changed something waits for a write that started after its change, and
 * requests arriving during a write share the next one.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
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

export function fileStore(path: string, warn: (line: string) => void = console.warn): Store {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.tmp`);
  return {
    path,
    load() {
      mkdirSync(dir, { recursive: true });
      // Temporary files of writes a crash interrupted: the real file is intact without them.
      for (const name of readdirSync(dir)) {
        if (name.startsWith(`.${basename(path)}.`) && name.endsWith('.tmp')) unlinkSync(join(dir, name));
      }
      if (!existsSync(path)) return null;
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
      const file = await open(temp, 'w');
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
