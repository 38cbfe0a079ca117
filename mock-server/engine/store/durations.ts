/**
 * Durations: `'30s'`-style strings for the engine clock, and the `amount` + `unit` pairs of delay,
 * digest and throttle steps (with calendar-aware months).
 *
 * @module
 */

import { DIGEST_UNITS, type DigestUnit } from '../../../src/schemas/workflow';

/** A short duration string: a number followed by `ms`, `s`, `m`, `h`, `d` or `w`. */
export type DurationString = `${number}${'ms' | 's' | 'm' | 'h' | 'd' | 'w'}`;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const SHORT_UNITS: Record<string, number> = {
  ms: 1,
  s: SECOND,
  m: MINUTE,
  h: HOUR,
  d: DAY,
  w: WEEK,
};

const FIXED_UNITS: Record<Exclude<DigestUnit, 'months'>, number> = {
  seconds: SECOND,
  minutes: MINUTE,
  hours: HOUR,
  days: DAY,
  weeks: WEEK,
};

/**
 * Parses a duration for the engine clock: a number of milliseconds or a string such as `'30s'`,
 * `'5m'`, `'2h'`, `'1d'`, `'1w'` (also `'250ms'`, `'1.5h'`).
 *
 * @throws RangeError for negative, non-finite or unreadable values.
 */
export function parseDuration(value: number | string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`Invalid duration: ${value} (expected a finite number of ms >= 0)`);
    }
    return value;
  }
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)\s*$/.exec(String(value));
  const unit = match?.[2];
  if (match === null || unit === undefined) {
    throw new RangeError(
      `Invalid duration: ${JSON.stringify(value)} (expected a number of ms or e.g. '30s', '5m', '2h', '1d', '1w')`,
    );
  }
  return Math.round(Number(match[1]) * (SHORT_UNITS[unit] ?? 0));
}

/** Whether `unit` is one of the step units (`seconds` .. `months`). */
export function isTimeUnit(unit: unknown): unit is DigestUnit {
  return typeof unit === 'string' && (DIGEST_UNITS as readonly string[]).includes(unit);
}

/**
 * The time `amount` `unit`s after `from` (epoch ms). Months are calendar months in UTC: the same
 * day and time of day, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29).
 *
 * @throws RangeError when `amount` is not a finite number >= 0 or `unit` is unknown.
 */
export function addTime(from: number, amount: number, unit: string): number {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`Invalid amount: ${String(amount)} (expected a finite number >= 0)`);
  }
  if (!isTimeUnit(unit)) {
    throw new RangeError(
      `Invalid unit: ${String(unit)} (expected one of ${DIGEST_UNITS.join(', ')})`,
    );
  }
  if (unit !== 'months') return from + Math.round(amount * FIXED_UNITS[unit]);
  const whole = Math.floor(amount);
  const start = new Date(from);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + whole;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const target = Date.UTC(
    year,
    month,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
    start.getUTCMilliseconds(),
  );
  // A fractional month counts as 30 days per month, as the service's own approximation does.
  return target + Math.round((amount - whole) * 30 * DAY);
}

/**
 * The length in ms of `amount` `unit`s starting at `from` (months depend on `from`).
 *
 * @throws RangeError as {@link addTime}.
 */
export function durationMs(amount: number, unit: string, from = 0): number {
  return addTime(from, amount, unit) - from;
}

// The service's `DurationUtils.isISO8601`: a full date and time, optional milliseconds and `Z`.
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?Z?$/;

/**
 * The instant an ISO timestamp names. A timestamp without `Z` is read in UTC, the zone the
 * service's workers run in (docs/behaviour/runs.md#time-steps).
 */
export function isoInstant(value: string): number {
  return Date.parse(value.endsWith('Z') ? value : `${value}Z`);
}

/**
 * Whether `value` is an ISO 8601 timestamp as the service reads the dynamic windows of delays and
 * throttles (its `DurationUtils.isISO8601`): `YYYY-MM-DDTHH:mm:ss`, optional `.sss` and `Z`, a
 * real calendar day (`24:00:00` is the next day's midnight). A bare date or an offset such as
 * `+02:00` is not one. Like the service's check, a `24:00:00` value is compared with
 * `Date.UTC(year, month, day + 1)`, so a day the month lacks passes there (it rolls over on both
 * sides) and a year below 100 fails (read as 19xx).
 */
export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_TIMESTAMP.exec(value);
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour === 24 && (minute !== 0 || second !== 0)) return false;
  const at = isoInstant(value);
  if (!Number.isFinite(at)) return false;
  const date = new Date(at);
  // A day the month does not have rolls over when parsed: compare the calendar day back.
  const expected = hour === 24 ? new Date(Date.UTC(year, month - 1, day + 1)) : undefined;
  return (
    date.getUTCFullYear() === (expected?.getUTCFullYear() ?? year) &&
    date.getUTCMonth() === (expected?.getUTCMonth() ?? month - 1) &&
    date.getUTCDate() === (expected?.getUTCDate() ?? day)
  );
}
