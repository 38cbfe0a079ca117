// Sampling helpers shared by the benches: a smoke switch, medians and time-boxed sampling.
import { performance } from 'node:perf_hooks';

/** True when the benches run in their tiny mode (`BENCH_SMOKE=1`): tiny data, few samples. */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/**
 * The median of a list of numbers (the upper middle for an even count).
 *
 * @example
 * median([3, 1, 2]); // 2
 */
export function median(values) {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Times `call` (sync or async) one call per sample, after `warmup` calls (or `warmupMs`, whichever
 * ends first), until both `minSamples` samples and `budgetMs` have passed or `maxSamples` is
 * reached. Answers the per-call durations in µs. `call` gets the sample index (to vary input).
 *
 * @example
 * const samples = await sample((i) => engine.operations['subscribers.retrieve'](scope, { params: { subscriberId: `user-${i}` } }));
 * median(samples); // µs
 */
export async function sample(
  call,
  { warmup = 20, warmupMs = 200, minSamples = 30, maxSamples = 5_000, budgetMs = 400 } = {},
) {
  const warming = performance.now();
  for (let index = 0; index < warmup; index++) {
    await call(index);
    if (performance.now() - warming >= warmupMs) break;
  }
  const durations = [];
  const started = performance.now();
  for (let index = 0; index < maxSamples; index++) {
    const before = performance.now();
    await call(index);
    const after = performance.now();
    durations.push((after - before) * 1000);
    if (durations.length >= minSamples && after - started >= budgetMs) break;
  }
  return durations;
}

/**
 * Collects garbage as far as the runtime allows (needs `node --expose-gc`; a no-op otherwise).
 *
 * @example
 * settleHeap();
 * process.memoryUsage().heapUsed;
 */
export function settleHeap() {
  if (typeof globalThis.gc !== 'function') return false;
  globalThis.gc();
  globalThis.gc();
  return true;
}

/**
 * A count for humans: 1000 → `1k`, 100000 → `100k`.
 *
 * @example
 * countLabel(10_000); // '10k'
 */
export function countLabel(count) {
  return count >= 1000 && count % 1000 === 0 ? `${count / 1000}k` : String(count);
}
