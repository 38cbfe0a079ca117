/**
 * Where a pending task sits in `state.scheduled`, which is kept in `(at, seq)` order: found by
 * binary search, so running or canceling one task costs `log n`, not a scan of every pending task.
 *
 * @module
 */

import type { ScheduledTaskRecord } from './state';

/**
 * The index of the task with `seq` (due at `at`) in `(at, seq)`-ordered tasks, or `-1`.
 *
 * @example
 * ```ts
 * const index = scheduledIndex(state.scheduled, task.at, task.seq);
 * ```
 */
export function scheduledIndex(
  scheduled: readonly ScheduledTaskRecord[],
  at: number,
  seq: number,
): number {
  let low = 0;
  let high = scheduled.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const task = scheduled[middle] as ScheduledTaskRecord;
    if (task.at < at || (task.at === at && task.seq < seq)) low = middle + 1;
    else high = middle;
  }
  if (scheduled[low]?.seq === seq) return low;
  // A restored snapshot may hold tasks out of order: still found, by a scan.
  return scheduled.findIndex((task) => task.seq === seq);
}
