/**
 * `svc-mock --data <dir>`: keeps an engine's data in a directory across restarts and crashes
 * (docs/http-server.md#keeping-data, docs/decisions/0142-keeping-data.md).
 *
 * The directory holds `state.snap` (the whole engine at the start of a journal generation),
 * `journal-<generation>.log` (every change since, written before its answer leaves), the lock
 * `svc-mock.lock` and `snapshots/` (the control API's snapshots).
 *
 * @module
 */

import { join } from 'node:path';
import type { MockEngine } from '../engine/engine';
import type { CommitEntry, CommitLog } from '../engine/store/commit-log';
import { ServiceError } from '../engine/wire/service-error';
import { type DataFs, dataFs } from './data-fs';
import { DataFileError, FORMAT_VERSION, layoutOf } from './file-format';
import { type JournalContents, readJournal } from './journal-reader';
import { JournalWriteError, type JournalWriter, openJournalWriter } from './journal-writer';
import { SNAPSHOTS_FOLDER } from './kept-snapshots';
import { takeLock } from './lock-file';
import { ensurePrivateDirectory } from './private-directory';
import {
  EngineImageWriting,
  encodeEngineImage,
  readEngineImage,
  syncDirectory,
  syncDirectoryInBackground,
  TEMPORARY_FILE,
  writeFileAtomically,
} from './snapshot-file';

export const STATE_FILE = 'state.snap';
const JOURNAL_NAME = /^journal-(\d{1,9})\.log$/;
const journalName = (generation: number) => `journal-${generation}.log`;
const HEADER_BYTES_OF_ANY_VERSION = layoutOf(1).header;

/**
 * Whether `directory` holds a saved engine (what {@link openDataDirectory} would load).
 *
 * @example
 * ```ts
 * const seed = hasData('/data') ? {} : demoSeed; // the saved engine replaces any seed
 * ```
 */
export function hasData(directory: string, fs: DataFs = dataFs()): boolean {
  return fs.existsSync(join(directory, STATE_FILE));
}

/**
 * Compact the journal into a new snapshot once it holds this many bytes. Putting a journal's rows
 * back costs about 60 ms of CPU per MiB (docs/benchmarks.md): at 8 MiB it adds under half a
 * second to a start, less than the 2 MiB of requests format 4 played back.
 */
export const COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

/**
 * Options of {@link openDataDirectory}.
 *
 * @example
 * ```ts
 * const data = await openDataDirectory({ directory: './.svc-mock', engine });
 * ```
 */
export interface DataDirectoryOptions {
  /** The directory (created when missing). */
  directory: string;
  /** The engine to load into (when the directory holds data) and to keep. */
  engine: MockEngine;
  /**
   * Cut a damaged journal back to its last good record instead of refusing to start
   * (`--data-repair`); what follows the damage is lost.
   */
  repair?: boolean;
  /** Where notices go (a dropped torn record, a repair). Default `console.error`. */
  log?: (line: string) => void;
  /** The file system (a test makes writes fail with it). Default `node:fs`. */
  fs?: DataFs;
  /** Journal bytes after which it is compacted into a snapshot. Default 8 MiB. */
  compactAfterBytes?: number;
}

/** What {@link openDataDirectory} found on start. */
export interface DataDirectoryStart {
  /** Whether the directory held data (the engine now holds it), or was new. */
  loaded: boolean;
  /** Journal entries played back. */
  replayed: number;
}

/**
 * A data directory an engine is kept in.
 *
 * @example
 * ```ts
 * const data = await openDataDirectory({ directory: './.svc-mock', engine });
 * data.size(); // bytes in the directory
 * await data.close();
 * ```
 */
export interface DataDirectory {
  readonly directory: string;
  readonly start: DataDirectoryStart;
  /** Bytes the directory holds (snapshot, journals, saved snapshots). */
  size(): number;
  /**
   * Saves the whole engine now and starts a new journal: what the server does after a control
   * API change (reset, seed, restore, clock), which the journal does not record. When it cannot,
   * the change stays applied in memory only: a 503 `ServiceError` says so, API changes are
   * refused and the save is retried every second until it succeeds.
   */
  checkpoint(): Promise<void>;
  /**
   * Saves a control API change an earlier {@link DataDirectory.checkpoint} could not save; a 503
   * `ServiceError` when it still cannot. Resolves at once when nothing waits.
   */
  catchUp(): Promise<void>;
  /** Writes what waits, releases the lock; the engine keeps running without the directory. */
  close(): Promise<void>;
}

/** How often a control API change that could not be saved is tried again. */
const UNSAVED_RETRY_MS = 1000;

const codeOf = (error: unknown): string => {
  const reason = error instanceof JournalWriteError ? error.reason : error;
  const code = (reason as NodeJS.ErrnoException)?.code;
  return code ? ` (${code})` : '';
};

function unsavedControlChange(error: unknown): ServiceError {
  return ServiceError.http(
    503,
    `svc-mock could not save an earlier control API change to its data directory${codeOf(error)}; nothing was changed, retry later`,
  );
}

function storeError(error: unknown, stage: 'write' | 'sync' = 'write'): ServiceError {
  const why = codeOf(error);
  return ServiceError.http(
    503,
    stage === 'write'
      ? `svc-mock could not save this change to its data directory${why}; nothing was changed, retry later`
      : `svc-mock could not sync its data directory${why}: this change may not survive a restart, and svc-mock takes no more changes until it is restarted`,
  );
}

/**
 * Opens a data directory for `engine`: takes its lock, loads the saved engine and plays its
 * journal back (or saves the engine as it is into a new directory), then attaches the journal
 * so every later change is written before its answer leaves. Throws a `DataFileError` (file and
 * byte offset) for a file it cannot trust.
 *
 * @example
 * ```ts
 * const engine = createMockEngine({ clockStart: 'real' });
 * const data = await openDataDirectory({ directory: '/data', engine });
 * ```
 */
export async function openDataDirectory(options: DataDirectoryOptions): Promise<DataDirectory> {
  const fs = options.fs ?? dataFs();
  const { directory, engine } = options;
  const notice = options.log ?? ((line: string) => console.error(line));
  const compactAfter = options.compactAfterBytes ?? COMPACT_AFTER_BYTES;
  ensurePrivateDirectory(fs, directory);
  const release = takeLock(fs, directory);
  try {
    removeLeftovers(fs, directory, notice);
    removeLeftovers(fs, join(directory, SNAPSHOTS_FOLDER), notice);
    const statePath = join(directory, STATE_FILE);
    const journals = fs
      .readdirSync(directory)
      .map((name) => JOURNAL_NAME.exec(String(name)))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => Number(match[1]))
      .sort((a, b) => a - b);

    let writer: JournalWriter;
    let start: DataDirectoryStart;
    let compactNow = false;
    if (!fs.existsSync(statePath)) {
      if (journals.length > 0) {
        throw new DataFileError(
          join(directory, journalName(journals[0] as number)),
          0,
          `a journal without its ${STATE_FILE} (was the snapshot deleted?)`,
        );
      }
      // A new directory: the engine as it starts is generation 1.
      await writeFileAtomically(
        fs,
        statePath,
        encodeEngineImage(engine.durability.image(), 1),
        false,
      );
      writer = openJournalWriter(fs, join(directory, journalName(1)), 1);
      syncDirectory(fs, directory);
      start = { loaded: false, replayed: 0 };
    } else {
      const loaded = await load(
        fs,
        directory,
        statePath,
        journals,
        engine,
        options.repair ?? false,
        notice,
      );
      start = { loaded: true, replayed: loaded.replayed };
      if (loaded.replayed === 0 && loaded.journals <= 1 && loaded.current) {
        // Nothing to compact: keep appending to the journal that follows the snapshot.
        const generation = loaded.lastGeneration;
        const file = join(directory, journalName(generation));
        writer =
          loaded.lastEnd === undefined
            ? openJournalWriter(fs, file, generation)
            : openJournalWriter(fs, file, generation, { end: loaded.lastEnd, entries: 0 });
      } else {
        // New changes go to a new generation; the replayed ones (and files of an older format)
        // are compacted in the background.
        const generation = loaded.lastGeneration + 1;
        writer = openJournalWriter(fs, join(directory, journalName(generation)), generation);
        compactNow = true;
      }
      syncDirectory(fs, directory);
    }
    return keep({
      fs,
      directory,
      engine,
      release,
      writer,
      start,
      compactAfter,
      notice,
      compactNow,
    });
  } catch (error) {
    release();
    throw error;
  }
}

async function load(
  fs: DataFs,
  directory: string,
  statePath: string,
  journals: number[],
  engine: MockEngine,
  repair: boolean,
  notice: (line: string) => void,
): Promise<{
  lastGeneration: number;
  replayed: number;
  journals: number;
  lastEnd?: number;
  /** Whether every file read is in the format this svc-mock writes (else it is rewritten). */
  current: boolean;
}> {
  const snapshot = readEngineImage(fs.readFileSync(statePath), statePath);
  try {
    engine.durability.load(snapshot.image);
  } catch (error) {
    throw new DataFileError(statePath, snapshot.imageOffset, (error as Error).message);
  }
  const newest = journals.at(-1);
  if (newest !== undefined && newest < snapshot.generation) {
    // A compaction creates the snapshot's journal before the snapshot: it cannot be missing.
    throw new DataFileError(
      statePath,
      12,
      `the snapshot claims generation ${snapshot.generation}, above every journal present (the newest is journal-${newest}.log): a damaged or foreign ${STATE_FILE}? svc-mock refuses to start rather than remove the journals`,
    );
  }
  // Journals older than the snapshot were compacted into it (their removal was cut short).
  for (const generation of journals.filter((generation) => generation < snapshot.generation)) {
    const file = join(directory, journalName(generation));
    fs.unlinkSync(file);
    notice(
      `svc-mock: removed ${file}: ${STATE_FILE} (generation ${snapshot.generation}) already holds its changes (a compaction was cut short before removing it)`,
    );
  }
  const current = journals.filter((generation) => generation >= snapshot.generation);
  let replayed = 0;
  let lastGeneration = snapshot.generation;
  let upToDate = snapshot.version === FORMAT_VERSION;
  let lastEnd: number | undefined;
  for (const [index, generation] of current.entries()) {
    const file = join(directory, journalName(generation));
    const last = index === current.length - 1;
    if (generation !== snapshot.generation + index) {
      throw new DataFileError(
        file,
        0,
        `journal generation ${snapshot.generation + index} is missing`,
      );
    }
    lastGeneration = generation;
    let contents: JournalContents;
    let damage: DataFileError | undefined;
    try {
      contents = readJournal(fs.readFileSync(file), file, last);
    } catch (error) {
      // Damage in a header is not repaired: only records are cut.
      if (!(error instanceof DataFileError) || error.offset < HEADER_BYTES_OF_ANY_VERSION) {
        throw error;
      }
      if (!repair) throw withRepairHint(error);
      damage = error;
      // Read again up to the damage: the records before it are good.
      const bytes = fs.readFileSync(file).subarray(0, error.offset);
      contents = readJournal(bytes, file, true);
    }
    lastEnd = contents.end;
    upToDate &&= contents.version === FORMAT_VERSION;
    if (contents.generation !== generation) {
      throw new DataFileError(file, 12, `the header names generation ${contents.generation}`);
    }
    if (contents.tornAt !== undefined && damage === undefined) {
      // Cut now: once a newer journal follows it, a torn end would read as damage.
      cutBack(fs, file, contents.end, [], directory);
      notice(
        `svc-mock: dropped a torn last record of ${file} at byte ${contents.tornAt} (a write cut short by a crash or power loss; it was never acknowledged)`,
      );
    }
    for (const { offset, entry } of contents.records) {
      try {
        engine.durability.playBack(entry);
      } catch (error) {
        const problem = new DataFileError(
          file,
          offset,
          `the record cannot be played back: ${(error as Error).message}`,
        );
        if (!repair) throw withRepairHint(problem);
        damage = problem;
        contents = { ...contents, end: offset };
        break;
      }
      replayed += 1;
    }
    if (damage !== undefined) {
      cutBack(fs, file, contents.end, current.slice(index + 1), directory);
      notice(
        `svc-mock: --data-repair cut ${file} back to byte ${contents.end} (its last good record) and removed ${current.length - index - 1} later journal(s): ${damage.problem}`,
      );
      return {
        lastGeneration: generation,
        replayed,
        journals: index + 1,
        lastEnd: contents.end,
        current: upToDate,
      };
    }
  }
  return {
    lastGeneration,
    replayed,
    journals: current.length,
    ...(lastEnd === undefined ? {} : { lastEnd }),
    current: upToDate,
  };
}

/** Removes the temporary files a save cut short by a crash left (never a file still in use). */
function removeLeftovers(fs: DataFs, folder: string, notice: (line: string) => void): void {
  if (!fs.existsSync(folder)) return;
  for (const name of fs.readdirSync(folder).map(String)) {
    if (!TEMPORARY_FILE.test(name)) continue;
    fs.unlinkSync(join(folder, name));
    notice(`svc-mock: removed ${join(folder, name)} (a temporary file a crash left behind)`);
  }
}

function withRepairHint(error: DataFileError): DataFileError {
  return new DataFileError(
    error.file,
    error.offset,
    `${error.problem}; svc-mock refuses to start on it (--data-repair cuts the journal back to its last good record, losing what follows)`,
  );
}

function cutBack(fs: DataFs, file: string, end: number, later: number[], directory: string) {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.ftruncateSync(fd, end);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  for (const generation of later) fs.unlinkSync(join(directory, journalName(generation)));
  syncDirectory(fs, directory);
}

function keep(context: {
  fs: DataFs;
  directory: string;
  engine: MockEngine;
  release: () => void;
  writer: JournalWriter;
  start: DataDirectoryStart;
  compactAfter: number;
  notice: (line: string) => void;
  compactNow: boolean;
}): DataDirectory {
  const { fs, directory, engine, release, start, compactAfter, notice } = context;
  let writer = context.writer;
  // The journal being retired by a compaction: its last entries must reach the disk too.
  let retiring: Promise<void> = Promise.resolve();
  let compacting: Promise<void> | undefined;
  let compactPlanned = false;
  let closed = false;
  let failing = false;
  // Why a control API change applied in memory is not saved yet (undefined when all is saved).
  let unsaved: unknown;

  /** Starts a new journal generation and saves the engine as it is as its snapshot. */
  const compact = async (background: boolean): Promise<void> => {
    const old = writer;
    const generation = old.generation + 1;
    writer = openJournalWriter(fs, join(directory, journalName(generation)), generation);
    syncDirectory(fs, directory);
    // Started in the same step as the new journal: the snapshot is the state that journal
    // follows, even when (in the background) requests change it between the slices.
    const writing = new EngineImageWriting(engine.durability.image(), (watcher) =>
      engine.durability.watchWrites(watcher),
    );
    retiring = retiring.then(() => old.durable()).then(() => old.close());
    let parts: Buffer[];
    try {
      parts = await writing.parts(generation, background);
    } finally {
      writing.stop();
    }
    await retiring;
    await writeFileAtomically(fs, join(directory, STATE_FILE), parts, background);
    for (const name of fs.readdirSync(directory)) {
      const match = JOURNAL_NAME.exec(String(name));
      if (match && Number(match[1]) < generation) fs.unlinkSync(join(directory, String(name)));
    }
    if (background) await syncDirectoryInBackground(fs, directory);
    else syncDirectory(fs, directory);
  };

  const runCompaction = (background: boolean): Promise<void> => {
    const previous = compacting ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(() => compact(background))
      .finally(() => {
        if (compacting === next) compacting = undefined;
      });
    compacting = next;
    return next;
  };

  const planCompaction = () => {
    if (compactPlanned || compacting !== undefined || closed) return;
    compactPlanned = true;
    // After the operation that crossed the threshold: a snapshot is never taken mid-operation.
    setImmediate(() => {
      compactPlanned = false;
      if (closed) return;
      runCompaction(true).catch((error: unknown) => {
        notice(
          `svc-mock: could not compact the data directory (it keeps the journal): ${String(error)}`,
        );
      });
    });
  };

  const saved = () => {
    if (unsaved === undefined) return;
    unsaved = undefined;
    notice(`svc-mock: saved ${directory} again; it takes changes again`);
  };
  const retryUnsaved = () => {
    const timer = setTimeout(() => {
      if (closed || unsaved === undefined) return;
      runCompaction(true).then(saved, retryUnsaved);
    }, UNSAVED_RETRY_MS);
    timer.unref();
  };

  const log: CommitLog = {
    write(entry: CommitEntry) {
      if (unsaved !== undefined) {
        // The journal follows the saved snapshot, which lacks the unsaved control change: an
        // entry after it would play back on the wrong state. An operation is refused; a task's
        // change is in memory and goes to disk with the snapshot that saves the control change.
        if (entry.kind === 'operation') throw unsavedControlChange(unsaved);
        return;
      }
      try {
        writer.write(entry);
      } catch (error) {
        if (!failing) {
          failing = true;
          notice(
            `svc-mock: cannot write to ${directory}; changes are refused until it can: ${String(error)}`,
          );
        }
        throw storeError(error);
      }
      if (failing) {
        failing = false;
        notice(`svc-mock: ${directory} takes writes again`);
      }
      if (writer.bytes > compactAfter) planCompaction();
    },
    async durable() {
      try {
        await retiring;
        await writer.durable();
      } catch (error) {
        throw storeError(error, 'sync');
      }
    },
  };
  engine.durability.attach(log);
  if (context.compactNow) planCompaction();

  const sizeOf = (path: string): number => {
    try {
      const stat = fs.statSync(path);
      if (!stat.isDirectory()) return stat.size;
      return fs
        .readdirSync(path)
        .reduce((total, name) => total + sizeOf(join(path, String(name))), 0);
    } catch {
      return 0;
    }
  };

  return {
    directory,
    start,
    size: () => sizeOf(directory),
    async checkpoint() {
      try {
        await runCompaction(false);
      } catch (error) {
        if (unsaved === undefined) {
          notice(
            `svc-mock: could not save a control API change to ${directory} (${String(error)}); it is applied in memory only, and changes are refused until it is saved (retried every second)`,
          );
          retryUnsaved();
        }
        unsaved = error;
        throw ServiceError.http(
          503,
          `The change was applied, but svc-mock could not save it to its data directory${codeOf(error)}: do not repeat it. It is lost if svc-mock stops before it is saved; svc-mock retries every second and refuses other changes until then`,
        );
      }
      saved();
    },
    async catchUp() {
      if (unsaved === undefined) return;
      try {
        await runCompaction(false);
      } catch (error) {
        unsaved = error;
        throw unsavedControlChange(error);
      }
      saved();
    },
    async close() {
      if (closed) return;
      closed = true;
      engine.durability.attach(undefined);
      try {
        await compacting?.catch(() => {});
        await retiring.catch(() => {});
        writer.close();
      } finally {
        release();
      }
    },
  };
}
