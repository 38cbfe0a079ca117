/**
 * One svc-mock per data directory: a lock file holding the holder's pid, made with an exclusive
 * create. A lock whose process is gone (a crash, SIGKILL) is taken over.
 *
 * @module
 */

import { join } from 'node:path';
import type { DataFs } from './data-fs';

export const LOCK_FILE = 'svc-mock.lock';

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

/**
 * Takes the directory's lock; throws naming the holder when another running svc-mock has it.
 * Returns the release.
 *
 * @example
 * ```ts
 * const release = takeLock(fs, '/data');
 * release();
 * ```
 */
export function takeLock(fs: DataFs, directory: string): () => void {
  const file = join(directory, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      const text = Buffer.from(`${process.pid}\n`);
      fs.writeSync(fd, text, 0, text.length, 0);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try {
          fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(String(fs.readFileSync(file, 'utf8')).trim(), 10);
    const ours = holder === process.pid;
    if (ours ? heldHere.has(file) : Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new Error(
        `${directory} is in use by another svc-mock (pid ${holder}, see ${file}); stop it or use another --data directory`,
      );
    }
    // The holder is gone (or the file is empty): its lock is stale.
    fs.unlinkSync(file);
  }
  throw new Error(`cannot take the lock ${file}`);
}
