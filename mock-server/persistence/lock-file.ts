/**
 * One svc-mock per data directory: a lock file holding the holder's pid. It is taken atomically:
 * the pid is written to a file of a unique name, which is then hard-linked to the lock's name (a
 * link fails when the name exists), so a lock is never seen half-written. A lock whose process is
 * gone (a crash, SIGKILL) is taken over, and only after checking it is still that same file: a
 * live lock is never removed.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { DataFs } from './data-fs';

export const LOCK_FILE = 'svc-mock.lock';

/**
 * A lock without a readable pid (earlier svc-mocks wrote the pid after creating the file) is
 * taken for one being made until it is this old.
 */
const UNREADABLE_LOCK_GRACE_MS = 10_000;

// Directories this process holds: a lock with our own pid is ours only if listed here (in a
// container, a restarted svc-mock often gets the pid its dead predecessor had).
const heldHere = new Set<string>();

/** Whether a process with this pid runs (a signal-0 probe). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A lock file as found: which file it is (device and inode) and the pid it names. */
interface FoundLock {
  dev: number;
  ino: number;
  mtimeMs: number;
  holder: number | undefined;
}

function readLock(fs: DataFs, file: string): FoundLock | undefined {
  try {
    const stat = fs.lstatSync(file);
    const text = String(fs.readFileSync(file, 'utf8')).trim();
    const holder = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
    return { dev: stat.dev, ino: stat.ino, mtimeMs: stat.mtimeMs, holder };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

// An inode number is reused once its file is gone: the time it was written and its pid count too.
const sameFile = (a: FoundLock, b: FoundLock) =>
  a.dev === b.dev && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.holder === b.holder;

/**
 * Moves a stale lock out of the way, only if the lock is still `stale`: it is renamed to a unique
 * name (atomic), then checked; a lock another svc-mock took meanwhile is linked back in place.
 */
function removeStale(fs: DataFs, file: string, stale: FoundLock): void {
  const aside = `${file}.stale-${randomBytes(8).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if (isMissing(error)) return; // another starter moved it first
    throw error;
  }
  const moved = readLock(fs, aside);
  if (moved === undefined) return;
  if (!sameFile(moved, stale)) {
    // Not the stale lock any more: a live one, put back (unless yet another took the name).
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  fs.unlinkSync(aside);
}

/**
 * Takes the directory's lock; throws naming the holder when another running svc-mock has it.
 * Returns the release, which removes the lock only while it is still this one.
 *
 * @example
 * ```ts
 * const release = takeLock(fs, '/data');
 * release();
 * ```
 */
export function takeLock(fs: DataFs, directory: string): () => void {
  const file = join(directory, LOCK_FILE);
  const mine = `${file}.${process.pid}-${randomBytes(8).toString('hex')}`;
  const fd = fs.openSync(mine, 'wx', 0o600);
  try {
    const text = Buffer.from(`${process.pid}\n`);
    fs.writeSync(fd, text, 0, text.length, 0);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(mine, file);
        const held = readLock(fs, file);
        heldHere.add(file);
        return () => {
          heldHere.delete(file);
          const now = readLock(fs, file);
          if (now !== undefined && held !== undefined && sameFile(now, held)) fs.unlinkSync(file);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = readLock(fs, file);
      if (found === undefined) continue; // released meanwhile
      const { holder } = found;
      const live =
        holder === undefined
          ? Date.now() - found.mtimeMs < UNREADABLE_LOCK_GRACE_MS
          : holder === process.pid
            ? heldHere.has(file)
            : isRunning(holder);
      if (live) {
        throw new Error(
          `${directory} is in use by another svc-mock (${holder === undefined ? 'a lock being taken' : `pid ${holder}`}, see ${file}); stop it or use another --data directory`,
        );
      }
      removeStale(fs, file, found);
    }
    throw new Error(`cannot take the lock ${file}: other svc-mocks keep taking it`);
  } finally {
    fs.unlinkSync(mine);
  }
}
