/**
 * A scheduling clock: the engine's virtual clock plus a queue of tasks that run when the clock
 * reaches their time. Moving time runs every task that falls due, one at a time, in time order
 * (ties in the order they were scheduled), with the clock showing each task's own time while it
 * runs. It never reads the wall clock and never uses real timers.
 *
 * @module
 */

import {
  checkClockTime,
  DEFAULT_CLOCK_START,
  type EngineClock,
  formatClockTime,
  toClockTime,
} from './clock';
import { type DurationString, parseDuration } from './durations';
import { sortedPosition } from './sorted-position';

/**
 * A scheduled task, as returned by {@link SchedulingClock.schedule}.
 *
 * @example
 * ```ts
 * const handle: TaskHandle = engine.clock.schedule(engine.clock.now() + 1_000, () => {});
 * engine.clock.cancel(handle);
 * ```
 */
export interface TaskHandle {
  /** Unique per clock; later tasks have larger ids. */
  readonly id: number;
  /** When the task runs (epoch ms). */
  readonly at: number;
}

/**
 * A pending task as reported by {@link SchedulingClock.pending}.
 *
 * @example
 * ```ts
 * const next: PendingTask | undefined = engine.clock.pending()[0];
 * console.log(next?.label, next?.at);
 * ```
 */
export interface PendingTask extends TaskHandle {
  /** The label given when scheduling, for debugging and inspection. */
  readonly label: string | undefined;
}

/**
 * The engine clock with a task queue.
 *
 * @example
 * ```ts
 * const { clock } = createMockEngine({ clockStart: '2026-01-01T00:00:00.000Z' });
 * clock.schedule(clock.now() + 60_000, () => console.log(clock.iso()));
 * clock.advance('5m'); // logs 2026-01-01T00:01:00.000Z
 * ```
 */
export interface SchedulingClock extends EngineClock {
  /** Moves time forward by `by` (ms or `'30s'`, `'5m'`, `'2h'`, `'1d'`, `'1w'`), running due tasks. */
  advance(by: number | DurationString): void;
  /** Jumps forward to `date`, running every task due up to then. */
  set(date: Date | string | number): void;
  /** Runs `task` when the clock reaches `at` (a time already past runs at the next move or {@link runDue}). */
  schedule(at: number, task: () => void, label?: string): TaskHandle;
  /** Removes a task that has not run yet; `false` when it already ran or was canceled. */
  cancel(handle: TaskHandle): boolean;
  /**
   * @internal Puts back a task that was canceled or ran in an operation that was rolled back, with
   * its old handle, so it keeps its place among tasks due at the same time.
   */
  reinstate(handle: TaskHandle, task: () => void, label?: string): void;
  /** The tasks still waiting, in the order they will run. */
  pending(): PendingTask[];
  /** When the next task is due, or `undefined` when none is waiting. */
  nextDueAt(): number | undefined;
  /** Runs every task due at the current time (including ones they schedule for now); returns how many ran. */
  runDue(): number;
  /**
   * @internal Puts the clock back to `at` without running anything: what `engine.reset()` does
   * to return to the engine's baseline time (docs/decisions/0040-control-api.md). Throws inside
   * a task.
   */
  rewind(at: number): void;
  /**
   * @internal Calls `listener` after the clock moves or a task is scheduled or canceled (what a
   * driver that runs due work on a real timer re-arms on, docs/http-server.md#time); returns
   * the unsubscribe.
   */
  watch(listener: () => void): () => void;
}

interface QueuedTask extends PendingTask {
  readonly run: () => void;
}

/** Stops a run-away loop of tasks rescheduling themselves without time moving. */
const MAX_TASKS_PER_MOVE = 1_000_000;

/**
 * Creates a scheduling clock starting at `start` (default `2026-01-01T00:00:00.000Z`).
 *
 * A task that throws does not stop the others: the move finishes and then rethrows the first
 * error (an `AggregateError` when several failed). Moving the clock from inside a task throws.
 *
 * @example
 * ```ts
 * const clock = createSchedulingClock();
 * const handle = clock.schedule(clock.now() + 1_000, () => {});
 * clock.pending().length; // 1
 * clock.cancel(handle); // true
 * ```
 */
export function createSchedulingClock(
  start: Date | string | number = DEFAULT_CLOCK_START,
): SchedulingClock {
  let current = toClockTime(start, 'clock start');
  let sequence = 0;
  let running = false;
  // Sorted by (at, id): insertion keeps the order, so running is always a shift from the front.
  const queue: QueuedTask[] = [];
  const watchers = new Set<() => void>();
  const notify = () => {
    for (const watcher of watchers) watcher();
  };

  /** The first position whose task comes at or after `(at, id)`. */
  const lowerBound = (at: number, id: number): number =>
    sortedPosition(queue, (task) => task.at < at || (task.at === at && task.id < id));

  const insert = (task: QueuedTask): void => {
    queue.splice(lowerBound(task.at, task.id), 0, task);
  };

  /** Runs every task due at or before `target`, then leaves the clock at `target`. */
  const moveTo = (target: number): number => {
    if (running) {
      throw new Error('The engine clock cannot be moved from inside a scheduled task');
    }
    running = true;
    const errors: unknown[] = [];
    let ran = 0;
    try {
      for (let next = queue[0]; next !== undefined && next.at <= target; next = queue[0]) {
        queue.shift();
        current = Math.max(current, next.at);
        ran += 1;
        if (ran > MAX_TASKS_PER_MOVE) {
          throw new Error(
            `More than ${MAX_TASKS_PER_MOVE} tasks ran in one clock move: a task keeps rescheduling itself`,
          );
        }
        try {
          next.run();
        } catch (error) {
          errors.push(error);
        }
      }
      current = Math.max(current, target);
    } finally {
      running = false;
      if (watchers.size > 0) notify();
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1)
      throw new AggregateError(errors, `${errors.length} scheduled tasks failed`);
    return ran;
  };

  // A run writes many timestamps at the same instant: format each instant once.
  let isoMs = Number.NaN;
  let isoText = '';
  return {
    now: () => current,
    iso() {
      if (isoMs !== current) {
        isoMs = current;
        isoText = formatClockTime(current);
      }
      return isoText;
    },
    advance(by) {
      let ms: number;
      try {
        ms = parseDuration(by);
      } catch (error) {
        throw new RangeError(
          `The engine clock only moves forward by a valid duration: ${(error as Error).message}`,
        );
      }
      moveTo(checkClockTime(current + ms, `clock.advance(${JSON.stringify(by)})`));
    },
    set(date) {
      const next = toClockTime(date, 'clock.set');
      if (next < current) {
        throw new RangeError(
          `The engine clock only moves forward: ${formatClockTime(next)} is before ${formatClockTime(current)}`,
        );
      }
      moveTo(next);
    },
    schedule(at, task, label) {
      if (typeof at !== 'number' || !Number.isFinite(at)) {
        throw new TypeError(`Cannot schedule a task at ${String(at)}: expected epoch milliseconds`);
      }
      checkClockTime(at, 'clock.schedule');
      if (typeof task !== 'function') {
        throw new TypeError('Cannot schedule a task that is not a function');
      }
      sequence += 1;
      const queued: QueuedTask = { id: sequence, at, label, run: task };
      insert(queued);
      if (watchers.size > 0) notify();
      return { id: queued.id, at: queued.at };
    },
    cancel(handle) {
      // The queue is in (at, id) order: a binary search finds the task.
      const index = lowerBound(handle.at, handle.id);
      if ((queue[index] as QueuedTask | undefined)?.id !== handle.id) return false;
      queue.splice(index, 1);
      if (watchers.size > 0) notify();
      return true;
    },
    reinstate(handle, task, label) {
      const at = lowerBound(handle.at, handle.id);
      if ((queue[at] as QueuedTask | undefined)?.id === handle.id) return;
      queue.splice(at, 0, { id: handle.id, at: handle.at, label, run: task });
      if (watchers.size > 0) notify();
    },
    pending: () => queue.map(({ id, at, label }) => ({ id, at, label })),
    nextDueAt: () => queue[0]?.at,
    runDue: () => moveTo(current),
    rewind(at) {
      if (running) {
        throw new Error('The engine clock cannot be moved from inside a scheduled task');
      }
      current = toClockTime(at, 'clock.rewind');
      if (watchers.size > 0) notify();
    },
    watch(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
  };
}
