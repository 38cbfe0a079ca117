/**
 * Appends commit entries to a journal file: each entry is written (to the OS) before the change
 * it records is kept, and made durable with one `fdatasync` shared by every request waiting at
 * that moment (group commit).
 *
 * @module
 */

import { serialize } from 'node:v8';
import type { CommitEntry } from '../engine/store/commit-log';
import type { DataFs } from './data-fs';
import { frameRecord, HEADER_BYTES, header, JOURNAL_MAGIC } from './file-format';

/** Raised when an entry cannot be written (a full disk): the change it records is refused. */
export class JournalWriteError extends Error {
  constructor(readonly reason: unknown) {
    super(`cannot write the journal: ${(reason as Error)?.message ?? String(reason)}`);
    this.name = 'JournalWriteError';
  }
}

/** An open journal file being appended to. */
export interface JournalWriter {
  readonly file: string;
  readonly generation: number;
  /** Bytes in the file. */
  readonly bytes: number;
  /** Entries written to the file. */
  readonly entries: number;
  /**
   * Writes an entry (after any task or fan-out entries still waiting for room). Throws a
   * {@link JournalWriteError} when it cannot; a task or fan-out chunk entry is then kept to be
   * written first next time, an operation's is dropped (its change is undone by the caller).
   */
  write(entry: CommitEntry): void;
  /** Resolves once everything written so far is on disk. */
  durable(): Promise<void>;
  /** Writes what waits, syncs and closes the file. */
  close(): void;
}

/**
 * Creates `file` (which must not exist) or opens it for appending at `end` (after the records a reader
 * found whole).
 *
 * @example
 * ```ts
 * const writer = openJournalWriter(fs, '/data/journal-2.log', 2);
 * writer.write(entry);
 * await writer.durable();
 * ```
 */
export function openJournalWriter(
  fs: DataFs,
  file: string,
  generation: number,
  append?: { end: number; entries: number },
): JournalWriter {
  let fd: number;
  let position: number;
  if (append === undefined) {
    // A new journal never exists yet: a file or symlink planted under its name is refused.
    fd = fs.openSync(file, 'wx', 0o600);
    try {
      const head = header(JOURNAL_MAGIC, generation);
      fs.writeSync(fd, head, 0, head.length, 0);
      fs.fsyncSync(fd);
    } catch (error) {
      // A journal that could not be started (a full disk) is removed: the next try makes it anew.
      fs.closeSync(fd);
      fs.unlinkSync(file);
      throw error;
    }
    position = HEADER_BYTES;
  } else {
    fd = fs.openSync(file, 'r+');
    // Whatever follows the last whole record (a torn one) goes before anything new is added.
    fs.ftruncateSync(fd, append.end);
    fs.fsyncSync(fd);
    position = append.end;
  }
  let entries = append?.entries ?? 0;
  let written = 0;
  let synced = 0;
  let syncing: Promise<void> | undefined;
  let broken: unknown;
  const waiting: Buffer[] = [];

  const writeAll = (record: Buffer) => {
    let done = 0;
    try {
      while (done < record.length) {
        done += fs.writeSync(fd, record, done, record.length - done, position + done);
      }
    } catch (error) {
      // No part of a record may stay: a later record would follow half of this one.
      try {
        fs.ftruncateSync(fd, position);
      } catch {
        // the next positional write overwrites it anyway
      }
      throw error;
    }
    position += record.length;
    entries += 1;
    written += 1;
  };

  const syncOnce = async () => {
    const upTo = written;
    await new Promise<void>((resolve, reject) =>
      fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    );
    synced = Math.max(synced, upTo);
  };

  return {
    file,
    generation,
    get bytes() {
      return position;
    },
    get entries() {
      return entries;
    },
    write(entry) {
      if (broken !== undefined) throw new JournalWriteError(broken);
      const record = frameRecord(serialize(entry));
      try {
        while (waiting.length > 0) {
          writeAll(waiting[0] as Buffer);
          waiting.shift();
        }
        writeAll(record);
      } catch (error) {
        if (entry.kind !== 'operation') waiting.push(record);
        throw new JournalWriteError(error);
      }
    },
    async durable() {
      const target = written;
      while (synced < target) {
        if (broken !== undefined) throw new JournalWriteError(broken);
        syncing ??= syncOnce()
          .catch((error: unknown) => {
            // The kernel may have dropped the pages it failed to write: nothing after can be
            // trusted to reach the disk, so the journal takes no more entries.
            broken = error;
          })
          .finally(() => {
            syncing = undefined;
          });
        await syncing;
      }
    },
    close() {
      for (const record of waiting.splice(0)) {
        try {
          writeAll(record);
        } catch {
          break;
        }
      }
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    },
  };
}
