/**
 * Wall-clock time in an IANA time zone without a date library: the parts of an instant in a
 * zone, and the instant of a zoned wall-clock time (daylight-saving aware through `Intl`).
 *
 * @module
 */

/** A wall-clock date and time (month 1-12, weekday 0 = Sunday). */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of instant `at` in `timeZone` (UTC when omitted). */
export function wallTime(at: number, timeZone = 'UTC'): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const year = parts['year'] ?? 1970;
  const month = parts['month'] ?? 1;
  const day = parts['day'] ?? 1;
  return {
    year,
    month,
    day,
    hour: parts['hour'] ?? 0,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

/**
 * The instant at which the wall clock in `timeZone` shows the given date and time. A time
 * skipped by a spring-forward jump moves forward by the jump, east and west of UTC alike (02:30 on
 * a day whose clocks go from 02:00 to 03:00 is 03:30).
 */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone = 'UTC',
  second = 0,
): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetAt = (instant: number): number => {
    const wall = wallTime(instant, timeZone);
    return (
      Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) -
      Math.floor(instant / 1000) * 1000
    );
  };
  const firstPass = asUtc - offsetAt(asUtc);
  const secondPass = asUtc - offsetAt(firstPass);
  // Two passes land on the wall time unless it falls in a spring-forward gap; there the passes
  // straddle the jump (east of UTC the second lands after it, west of UTC before), and the later
  // one is the instant just after the jump.
  const wall = wallTime(secondPass, timeZone);
  return wall.hour === hour && wall.minute === minute
    ? secondPass
    : Math.max(firstPass, secondPass);
}
