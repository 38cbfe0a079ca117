/**
 * Where a pending task sits in `state.scheduled`, which is kept in `(at, seq)` order: found by
 * binary search, so running or canceling one task costs `log n`, not a scan of every pending task.
 *
 * @module
 */

import { sortedPosition } from './sorted-position';
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
  const low = sortedPosition(
    scheduled,
    (task) => task.at < at || (task.at === at && task.seq < seq),
  );
  if (scheduled[low]?.seq === seq) return low;
  // A restored snapshot may hold tasks out of order: still found, by a scan.
  return scheduled.findIndex((task) => task.seq === seq);
}

/**
 * Where a new task goes in `(at, seq)`-ordered tasks: after every task due at or before it (its
 * `seq` is the newest).
 *
 * @example
 * ```ts
 * tables.scheduled.insert(state, scheduledPosition(state.scheduled, record), record);
 * ```
 */
export function scheduledPosition(
  scheduled: readonly ScheduledTaskRecord[],
  task: ScheduledTaskRecord,
): number {
  const last = scheduled[scheduled.length - 1];
  if (last === undefined || last.at <= task.at) return scheduled.length;
  return sortedPosition(scheduled, (pending) => pending.at <= task.at);
}
