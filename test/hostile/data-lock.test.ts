// Issue 38 item 3: two svc-mocks on one data directory. The lock was created empty and its pid
// written in a second step, and a lock without a readable pid (or of a dead process) was unlinked
// without checking it was still the same file: in a start race both servers ran.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataFs } from '../../mock-server/persistence/data-fs';
import { LOCK_FILE, takeLock } from '../../mock-server/persistence/lock-file';
import { temporaryDirectory } from '../persistence/helpers';

let dir: ReturnType<typeof temporaryDirectory>;
const releases: Array<() => void> = [];
beforeEach(() => {
  dir = temporaryDirectory();
});
afterEach(() => {
  for (const release of releases.splice(0)) release();
  dir.remove();
});

const lockPath = () => join(dir.path, LOCK_FILE);
const isLockFile = (path: unknown) => String(path).includes(LOCK_FILE);

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid as number;
}

describe('the data directory lock', () => {
  it('is never seen half-made: a second starter in the middle of the first refuses', () => {
    const real = dataFs();
    let second: (() => void) | Error | undefined;
    // The other svc-mock starts right after this one created its first lock file.
    const fs = dataFs({
      openSync: ((path: string, flags: string, mode?: number) => {
        const fd = real.openSync(path, flags, mode);
        if (second === undefined && flags === 'wx' && isLockFile(path)) {
          try {
            second = takeLock(real, dir.path);
            releases.push(second);
          } catch (error) {
            second = error as Error;
          }
        }
        return fd;
      }) as typeof real.openSync,
    });
    let first: (() => void) | Error;
    try {
      first = takeLock(fs, dir.path);
      releases.push(first);
    } catch (error) {
      first = error as Error;
    }
    const winners = [first, second].filter((taken) => typeof taken === 'function');
    expect(winners).toHaveLength(1);
    expect([first, second].find((taken) => taken instanceof Error)?.message).toMatch(
      /is in use by another svc-mock/,
    );
    expect(readFileSync(lockPath(), 'utf8')).toBe(`${process.pid}\n`);
  });

  it('re-checks a stale lock is the same file before removing it: a live one taken meanwhile stays', () => {
    writeFileSync(lockPath(), `${deadPid()}\n`);
    const real = dataFs();
    const live = `${process.ppid}\n`; // a process that runs, and is not this one
    let swapped = false;
    // Between reading the stale lock and removing it, another svc-mock replaced it with its own.
    const swap = (path: unknown) => {
      if (swapped || String(path) !== lockPath()) return;
      swapped = true;
      unlinkSync(lockPath());
      writeFileSync(lockPath(), live);
    };
    const fs = dataFs({
      unlinkSync: ((path: string) => {
        swap(path);
        real.unlinkSync(path);
      }) as typeof real.unlinkSync,
      renameSync: ((from: string, to: string) => {
        swap(from);
        real.renameSync(from, to);
      }) as typeof real.renameSync,
    });
    expect(() => releases.push(takeLock(fs, dir.path))).toThrow(
      new RegExp(`is in use by another svc-mock \\(pid ${process.ppid}`),
    );
    expect(swapped).toBe(true);
    expect(readFileSync(lockPath(), 'utf8')).toBe(live);
  });

  it('takes over the lock of a process that is gone, and leaves no other file behind', () => {
    writeFileSync(lockPath(), `${deadPid()}\n`);
    const release = takeLock(dataFs(), dir.path);
    expect(readFileSync(lockPath(), 'utf8')).toBe(`${process.pid}\n`);
    expect(readdirSync(dir.path)).toEqual([LOCK_FILE]);
    release();
    expect(readdirSync(dir.path)).toEqual([]);
  });

  it('does not remove a fresh lock without a pid (one being made by an older svc-mock)', () => {
    writeFileSync(lockPath(), '');
    expect(() => releases.push(takeLock(dataFs(), dir.path))).toThrow(
      /is in use by another svc-mock \(a lock being taken/,
    );
    expect(existsSync(lockPath())).toBe(true);
  });

  it('release leaves a lock that is no longer this one alone', () => {
    const release = takeLock(dataFs(), dir.path);
    unlinkSync(lockPath());
    writeFileSync(lockPath(), `${process.ppid}\n`);
    release();
    expect(readFileSync(lockPath(), 'utf8')).toBe(`${process.ppid}\n`);
  });
});
