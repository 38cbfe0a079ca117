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
 * A virtual clock: it stands still until it is set or advanced.
 *
 * @example
 * ```ts
 * const clock = createClock('2026-01-01T00:00:00.000Z');
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

function toMs(date: Date | string | number): number {
  const ms =
    date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  if (!Number.isFinite(ms))
    throw new TypeError(`Invalid date for the engine clock: ${String(date)}`);
  return ms;
}

/**
 * Creates a virtual clock starting at `start`.
 *
 * @example
 * ```ts
 * const clock = createClock(new Date());
 * ```
 */
export function createClock(start: Date | string | number = DEFAULT_CLOCK_START): EngineClock {
  let current = toMs(start);
  return {
    now: () => current,
    iso: () => new Date(current).toISOString(),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError(`The engine clock only moves forward: cannot advance by ${ms} ms`);
      }
      current += ms;
    },
    set(date) {
      const next = toMs(date);
      if (next < current) {
        throw new RangeError(
          `The engine clock only moves forward: ${new Date(next).toISOString()} is before ${new Date(current).toISOString()}`,
        );
      }
      current = next;
    },
  };
}
