/**
 * Persistence: a snapshot of the whole state (`state.json`) and a journal
 * beside it (`state.json.journal`) of the records changed since, one JSON
 * line each. A change costs a line appended and flushed (`fdatasync`), not a
 * rewrite of the pool. When the journal has grown past the snapshot (and at
 * least `compactAfterBytes`), the next write is a compaction instead: a new
 * snapshot and an empty journal.
 *
 * Crash safety: every answer that changed something leaves only after its
 * lines are on disk. A snapshot is written to a temporary file, flushed, and
 * renamed over the old one; then a new journal is started the same way. Each
 * journal opens with the generation of the snapshot it follows, so after a
 * crash between the two renames the old journal (whose changes the new
 * snapshot holds) is recognised and left out. A line torn by a crash in the
 * middle of an append is the last one and was never acknowledged; it is
 * dropped, and the compaction every start begins with leaves it behind.
 *
 * Writes are grouped: every request that changed something waits for a write
 * that started after its change, and requests arriving during a write share
 * the next one.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { type FileHandle, open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type Change, type Entry, applyEntry, changeKey, entryFor, isEntry } from './journal.ts';
import { MAX_CLOCK_OFFSET_MS, type State } from './state.ts';

export interface Store {
  /** Where the state lives, for the banner; undefined in memory. */
  path?: string;
  /** Whether anything is kept at all; in memory the persister has nothing to do. */
  persistent: boolean;
  /** The state as last written (snapshot and journal replayed), or null for a fresh pool. */
  load(): State | null;
  /** Appends journal lines (each ending in a newline) and flushes them to disk. */
  append(lines: string): Promise<void>;
  /** Replaces snapshot and journal with `state` and an empty journal; serializes `state` before it first yields. */
  snapshot(state: State): Promise<void>;
  /** Bytes in the journal and in the snapshot it follows. */
  sizes(): { journal: number; snapshot: number };
  close(): Promise<void>;
}

export const memoryStore = (): Store => ({
  persistent: false,
  load: () => null,
  append: async () => {},
  snapshot: async () => {},
  sizes: () => ({ journal: 0, snapshot: 0 }),
  close: async () => {},
});

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

async function syncDirectory(dir: string): Promise<void> {
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** Writes `text` to `path` so that a crash leaves the old file or the new one: temporary file, fsync, rename, fsync of the directory. */
async function replaceFile(path: string, temp: string, text: string): Promise<void> {
  const file = await open(temp, 'w', FILE_MODE);
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temp, path);
  await syncDirectory(dirname(path));
}

interface JournalHeader {
  generation: number;
}

const journalHeader = (generation: number) => `${JSON.stringify({ generation } satisfies JournalHeader)}\n`;

export function fileStore(path: string, warn: (line: string) => void = console.warn): Store {
  const dir = dirname(path);
  const name = basename(path);
  const journalPath = `${path}.journal`;
  const temp = (of: string) => join(dir, `.${basename(of)}.${process.pid}.tmp`);
  const ours = (entry: string) => entry === name || entry.startsWith(`${name}.`) || entry.startsWith(`.${name}.`);
  let generation = 0;
  let journal: FileHandle | null = null;
  let journalBytes = 0;
  let snapshotBytes = 0;

  /** Keeps an unreadable file for a person to look at. */
  function moveAside(file: string, why: string, consequence: string): void {
    const aside = `${file}.unreadable-${Date.now()}`;
    renameSync(file, aside);
    warn(`Could not read ${file} (${why}); moved it to ${aside} and ${consequence}.`);
  }

  /** Applies the journal that follows the snapshot of `generation`; a stale one (a crash during a compaction) is left out. */
  function replay(state: State): void {
    if (!existsSync(journalPath)) return;
    const lines = readFileSync(journalPath, 'utf8').split('\n');
    let header: unknown;
    try {
      header = JSON.parse(lines[0]!);
    } catch {
      header = null;
    }
    if ((header as JournalHeader | null)?.generation !== generation) return;
    // A complete journal ends with a newline, so the last piece is empty, or the line a crash tore.
    const complete = lines.slice(1, -1);
    for (const [index, line] of complete.entries()) {
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        entry = null;
      }
      if (!isEntry(entry)) {
        moveAside(journalPath, `line ${index + 2} is not a change`, `kept the ${index} changes before it`);
        return;
      }
      applyEntry(state, entry);
    }
  }

  return {
    path,
    persistent: true,
    load() {
      mkdirSync(dir, { recursive: true, mode: DIRECTORY_MODE });
      // Temporary files of writes a crash interrupted: the real files are intact without them.
      for (const entry of readdirSync(dir)) {
        if (entry.startsWith(`.${name}.`) && entry.endsWith('.tmp')) unlinkSync(join(dir, entry));
      }
      protectDirectory(dir, ours, warn);
      if (!existsSync(path)) return null;
      // A state written by an earlier version may be world-readable.
      chmodSync(path, FILE_MODE);
      if (existsSync(journalPath)) chmodSync(journalPath, FILE_MODE);
      let state: State;
      try {
        const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
        if (!isState(parsed)) throw new Error('not a state file of this version');
        const { journal: header, ...rest } = parsed as State & { journal?: JournalHeader };
        generation = typeof header?.generation === 'number' ? header.generation : 0;
        state = rest;
      } catch (error) {
        moveAside(path, (error as Error).message, 'started with a fresh pool');
        return null;
      }
      replay(state);
      if (!Number.isSafeInteger(state.clockOffsetMs) || Math.abs(state.clockOffsetMs) > MAX_CLOCK_OFFSET_MS) {
        warn(`The saved clock offset ${String(state.clockOffsetMs)} ms is beyond 100 years; the clock is back to the machine's.`);
        state.clockOffsetMs = 0;
      }
      return state;
    },
    async snapshot(state) {
      const next = generation + 1;
      const text = JSON.stringify({ ...state, journal: { generation: next } satisfies JournalHeader });
      await replaceFile(path, temp(path), text);
      // From here the new snapshot is the state: the old journal's generation marks it as already included.
      const header = journalHeader(next);
      await replaceFile(journalPath, temp(journalPath), header);
      const previous = journal;
      journal = null;
      await previous?.close();
      journal = await open(journalPath, 'a', FILE_MODE);
      generation = next;
      snapshotBytes = Buffer.byteLength(text);
      journalBytes = Buffer.byteLength(header);
    },
    async append(lines) {
      if (!journal) throw new Error('The journal is appended to only after a snapshot.');
      await journal.appendFile(lines, 'utf8');
      await journal.datasync();
      journalBytes += Buffer.byteLength(lines);
    },
    sizes: () => ({ journal: journalBytes, snapshot: snapshotBytes }),
    async close() {
      const handle = journal;
      journal = null;
      await handle?.close();
    },
  };
}

export interface PersisterOptions {
  /** A compaction waits until the journal is at least this long (and longer than the snapshot). */
  compactAfterBytes: number;
  /**
   * For tests: after every write, replay what was written over a copy of the
   * last snapshot and fail the write unless it equals the live state, so a
   * change a handler forgot to report is found by the test that made it.
   */
  verify?: boolean;
}

export const DEFAULT_COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

/** Turns reported changes into journal lines and compactions, grouped as described above. */
export function createPersister(store: Store, snapshot: () => State, options: PersisterOptions) {
  const tracking = store.persistent || options.verify === true;
  const records = new Map<string, Exclude<Change, { kind: 'mail' | 'mailDrop' | 'everything' }>>();
  const outbox: Extract<Change, { kind: 'mail' | 'mailDrop' }>[] = [];
  let everything = false;
  let dirty = false;
  let current: Promise<void> = Promise.resolve();
  let next: Promise<void> | null = null;
  /** verify: the state as the disk has it, replayed from what was written */
  let shadow: State | null = null;
  const plain = (state: State) => JSON.parse(JSON.stringify(state)) as State;

  function write(): Promise<void> {
    const state = snapshot();
    const compact =
      everything ||
      (() => {
        const { journal, snapshot: base } = store.sizes();
        return journal > Math.max(options.compactAfterBytes, base);
      })();
    if (compact) {
      records.clear();
      outbox.length = 0;
      everything = false;
      if (options.verify) shadow = plain(state);
      // store.snapshot serializes before it first yields, so the snapshot is of this moment.
      return store.snapshot(state).catch((error: unknown) => {
        everything = true;
        throw error;
      });
    }
    const entries: Entry[] = [...[...records.values()].map((change) => entryFor(state, change)), ...outbox];
    const lines = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    const written = [...records.values()];
    records.clear();
    outbox.length = 0;
    if (options.verify) {
      // Each line must be one replay accepts (journal.ts, isEntry), or a restart would set it aside.
      const refused = lines.split('\n').find((line) => line !== '' && !isEntry(JSON.parse(line)));
      if (refused !== undefined) return Promise.reject(new Error(`The journal wrote a line replay would refuse: ${refused.slice(0, 300)}`));
    }
    if (options.verify && shadow) {
      for (const line of lines.split('\n').slice(0, -1)) applyEntry(shadow, JSON.parse(line) as Entry);
      if (!isDeepStrictEqual(shadow, plain(state))) {
        shadow = plain(state);
        return Promise.reject(new Error(`The journal lost a change: replaying ${lines.length} bytes does not give the live state.`));
      }
    }
    return store.append(lines).catch((error: unknown) => {
      // The journal may end in a torn line now: start afresh with a snapshot, which holds these changes too.
      everything = true;
      for (const change of written) records.set(changeKey(change), change);
      throw error;
    });
  }

  return {
    changed(change: Change): void {
      if (!tracking) return;
      dirty = true;
      if (change.kind === 'everything') everything = true;
      else if (change.kind === 'mail' || change.kind === 'mailDrop') outbox.push(change);
      else records.set(changeKey(change), change);
    },
    /** Resolves once everything changed so far is on disk. */
    flush(): Promise<void> {
      if (!dirty) return current;
      next ??= current
        .catch(() => {})
        .then(() => {
          next = null;
          dirty = false;
          current = write().catch((error: unknown) => {
            dirty = true;
            throw error;
          });
          return current;
        });
      return next;
    },
  };
}
