/**
 * The engine's one source of time. Every timestamp the engine writes comes from here, so tests
 * can move time on demand and get the same results on every run.
 *
 * @module
 */

/**
 * When a new engine's clock starts unless told otherwise.
 *
 * @example
 * ```ts
 * const engine = createMockEngine();
 * engine.clock.now(); // Date.parse(DEFAULT_CLOCK_START)
 * ```
 */
export const DEFAULT_CLOCK_START = '2026-01-01T00:00:00.000Z';

/**
 * A virtual clock: it stands still until it is set or advanced (the engine's, `engine.clock`,
 * also runs the work that falls due).
 *
 * @example
 * ```ts
 * const clock: EngineClock = engine.clock;
 * clock.advance(60_000);
 * clock.iso(); // '2026-01-01T00:01:00.000Z'
 * ```
 */
export interface EngineClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** The current time as an ISO 8601 string. */
  iso(): string;
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Jumps to a date (forward only). */
  set(date: Date | string | number): void;
}

/**
 * The earliest time the engine clock can show: `1970-01-01T00:00:00.000Z` (epoch ms 0).
 *
 * @example
 * ```ts
 * engine.clock.set(CLOCK_MIN_MS); // only from a clock that starts there
 * ```
 */
export const CLOCK_MIN_MS = 0;

/**
 * The latest time the engine clock can show: `9999-12-31T23:59:59.999Z`, the last instant with
 * a four-digit year in ISO 8601. Moving past it is a `RangeError` (a 400 through the control API),
 * so every timestamp the engine writes stays a valid ISO date (docs/virtual-clock.md).
 *
 * @example
 * ```ts
 * engine.clock.set(CLOCK_MAX_MS); // the clock's last instant
 * ```
 */
export const CLOCK_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The clock's range as text, for error messages.
 *
 * @example
 * ```ts
 * CLOCK_RANGE; // '1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z'
 * ```
 */
export const CLOCK_RANGE = '1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z';

/**
 * Whether `ms` is a time the engine clock can hold (a finite number within {@link CLOCK_RANGE}).
 *
 * @example
 * ```ts
 * isClockTime(Date.parse('2026-01-01T00:00:00Z')); // true
 * isClockTime(9e15); // false
 * ```
 */
export function isClockTime(ms: number): boolean {
  return Number.isFinite(ms) && ms >= CLOCK_MIN_MS && ms <= CLOCK_MAX_MS;
}

/**
 * Checks that `ms` is a time the engine clock can hold and returns it.
 *
 * @throws RangeError naming the allowed range, e.g. for `9e15`.
 * @example
 * ```ts
 * checkClockTime(Date.now(), 'clock.set'); // the same number
 * checkClockTime(9e15, 'clock.advance'); // RangeError: clock.advance: ... outside ...
 * ```
 */
export function checkClockTime(ms: number, what: string): number {
  if (!isClockTime(ms)) {
    throw new RangeError(
      `${what}: the time ${formatClockTime(ms)} is outside the engine clock's range ${CLOCK_RANGE}`,
    );
  }
  return ms;
}

/**
 * ISO 8601 text of epoch ms that never throws: an instant JavaScript dates cannot show is
 * described in words instead (error paths call this, so it must not fail).
 *
 * @example
 * ```ts
 * formatClockTime(0); // '1970-01-01T00:00:00.000Z'
 * formatClockTime(1e308); // 'epoch ms 1e+308 (not a valid date)'
 * ```
 */
export function formatClockTime(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime())
    ? `epoch ms ${String(ms)} (not a valid date)`
    : date.toISOString();
}

/**
 * Reads a date for the engine clock: a `Date`, epoch ms, or text `Date.parse` reads.
 *
 * @throws TypeError for unreadable input; RangeError outside {@link CLOCK_RANGE}.
 * @example
 * ```ts
 * toClockTime('2026-01-01T00:00:00Z', 'clock.set'); // 1767225600000
 * ```
 */
export function toClockTime(date: Date | string | number, what: string): number {
  const ms =
    date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  if (typeof ms !== 'number' || Number.isNaN(ms)) {
    throw new TypeError(
      `${what}: Invalid date ${JSON.stringify(String(date))} (expected an ISO 8601 date or epoch ms within ${CLOCK_RANGE})`,
    );
  }
  return checkClockTime(ms, what);
}
