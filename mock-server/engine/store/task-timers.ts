/**
 * The clock's timers of the state's pending tasks (`state.scheduled`), keyed by the task's `seq`.
 * Tasks are state data and the clock holds only lookups; every change of a timer inside an
 * operation is journaled (store/journal.ts), so a rollback puts back only the timers the operation
 * touched, each in its old place, instead of re-registering every pending task.
 *
 * @module
 */

import { journalUndo } from './journal';
import type { SchedulingClock, TaskHandle } from './scheduler';
import type { ScheduledTaskRecord } from './state';

/**
 * The engine's timers.
 *
 * @example
 * ```ts
 * const timers = createTaskTimers(clock, (task) => runTask(task));
 * timers.added(record); // after the record was stored
 * ```
 */
export interface TaskTimers {
  /** Arms the timer of a task just stored; a rollback disarms it. */
  added(task: ScheduledTaskRecord): void;
  /** Disarms the timers of tasks just removed from the state; a rollback re-arms them. */
  removed(tasks: readonly ScheduledTaskRecord[]): void;
  /** Disarms every timer and arms one per task (after a reset or restore replaced the state). */
  replaceAll(tasks: readonly ScheduledTaskRecord[]): void;
}

/**
 * Creates the timers; `run` is called with a task when the clock reaches it (a rollback of the
 * operation it ran in re-arms it).
 *
 * @example
 * ```ts
 * const timers = createTaskTimers(clock, (task) => console.log(task.kind));
 * ```
 */
export function createTaskTimers(
  clock: SchedulingClock,
  run: (task: ScheduledTaskRecord) => void,
): TaskTimers {
  const timers = new Map<number, TaskHandle>();
  const labelOf = (task: ScheduledTaskRecord) => `${task.kind} ${task.notificationId}`;

  function arm(task: ScheduledTaskRecord, handle?: TaskHandle): void {
    const fire = () => {
      const fired = timers.get(task.seq);
      timers.delete(task.seq);
      if (fired) journalUndo(() => arm(task, fired));
      run(task);
    };
    if (handle === undefined) {
      timers.set(task.seq, clock.schedule(task.at, fire, labelOf(task)));
    } else {
      clock.reinstate(handle, fire, labelOf(task));
      timers.set(task.seq, handle);
    }
  }

  function disarm(task: ScheduledTaskRecord): TaskHandle | undefined {
    const handle = timers.get(task.seq);
    if (handle === undefined) return undefined;
    timers.delete(task.seq);
    clock.cancel(handle);
    return handle;
  }

  return {
    added(task) {
      arm(task);
      journalUndo(() => disarm(task));
    },
    removed(tasks) {
      for (const task of tasks) {
        const handle = disarm(task);
        if (handle) journalUndo(() => arm(task, handle));
      }
    },
    replaceAll(tasks) {
      for (const handle of timers.values()) clock.cancel(handle);
      timers.clear();
      for (const task of tasks) arm(task);
    },
  };
}
