/**
 * Real time for the HTTP server (`svc-mock --clock real`, docs/http-server.md#time): the engine's
 * clock stays the virtual, scheduling clock every engine has, and this driver moves it to the wall
 * clock's time before each request and whenever a delay or digest falls due, on a timer armed
 * for the next waiting task. The engine itself never reads the wall clock or uses timers.
 *
 * @module
 */
import type { SchedulingClock } from '../engine/store/scheduler';

/** setTimeout's longest delay (about 24.8 days); a later task re-arms when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A running {@link followWallClock} driver. */
export interface WallClockDriver {
  /** Moves the engine clock to the wall clock's time (plus any jump made through the clock), running due work. */
  sync(): void;
  /** Stops the timer; the clock stands still from then on. */
  stop(): void;
}

/** Options of {@link followWallClock}. */
export interface WallClockOptions {
  /** Where an error thrown by a due task goes (default `console.error`). */
  onError?: (error: unknown) => void;
}

/**
 * Makes an engine's clock follow the wall clock. Time flows at the wall clock's pace from where
 * the clock stands; moving the clock ahead (`advance`, `set`, `settle({ skipTime })`) is kept as
 * a lead over the wall clock, so time keeps flowing from the new time.
 */
export function followWallClock(
  clock: SchedulingClock,
  options: WallClockOptions = {},
): WallClockDriver {
  const onError =
    options.onError ?? ((error: unknown) => console.error('[svc-mock] a due task failed:', error));
  // engine time = wall time + lead; the lead only grows (a jump ahead through the clock).
  let lead = clock.now() - Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armPending = false;
  let stopped = false;

  // A clock ahead of wall + lead was moved ahead on purpose: keep that jump as the new lead.
  const wallTarget = () => {
    const wall = Date.now();
    lead = Math.max(lead, clock.now() - wall);
    return wall + lead;
  };

  const sync = () => {
    if (stopped) return;
    const target = wallTarget();
    try {
      if (target > clock.now()) clock.set(target);
      else clock.runDue();
    } catch (error) {
      onError(error);
    }
  };

  const arm = () => {
    armPending = false;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const next = clock.nextDueAt();
    if (stopped || next === undefined) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, next - wallTarget()));
    timer = setTimeout(() => {
      timer = undefined;
      sync();
      arm();
    }, delay);
    // The server's socket keeps the process alive; the timer alone must not.
    timer.unref?.();
  };

  // The clock moves and tasks are scheduled inside requests and tasks: re-arm once, after the
  // current work.
  const unwatch = clock.watch(() => {
    if (armPending || stopped) return;
    armPending = true;
    queueMicrotask(arm);
  });
  arm();

  return {
    sync,
    stop() {
      stopped = true;
      unwatch();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
