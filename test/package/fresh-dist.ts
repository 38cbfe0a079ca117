// Builds `dist` when it is missing or older than its sources, once across test workers.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureFreshDist } from '../../bench/lib/dist.mjs';

/** The package root. */
export const root = join(import.meta.dirname, '..', '..');

const LOCK = join(root, 'node_modules', '.cache', 'svc-dist-build.lock');
// A lock older than this was left by a killed run: take it over.
const STALE_LOCK_MS = 10 * 60 * 1000;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function takeLock(): void {
  mkdirSync(join(LOCK, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else pause(250);
    }
  }
}

/**
 * Makes sure `dist` is the build of the current sources (`npm test` builds first, so this is
 * then a no-op); test files running in parallel wait for one build instead of racing.
 *
 * @example
 * beforeAll(() => freshDist(), 300_000);
 */
export function freshDist(): void {
  takeLock();
  try {
    ensureFreshDist(root);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
