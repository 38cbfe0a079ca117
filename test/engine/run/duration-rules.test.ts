// Duration rules beyond test/engine/run/durations.test.ts (mock-server/engine/store/durations.ts,
// docs/behaviour/runs.md#time-steps): the clock's short duration strings (spaces, zero, rounding,
// the error texts), the step units, calendar months (time of day, clamping, fractions), and the
// ISO timestamps the service's DurationUtils.isISO8601 accepts.
import { afterEach, describe, expect, it } from 'vitest';
import {
  addTime,
  durationMs,
  isIsoTimestamp,
  isoInstant,
  isTimeUnit,
  parseDuration,
} from '../../../mock-server/engine/store/durations';

const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString();

function rangeErrorOf(run: () => unknown): { name: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof RangeError) return { name: error.name, message: error.message };
    throw error;
  }
  throw new Error('expected a RangeError, and nothing was thrown');
}

describe('durations: the clock strings', () => {
  it('accepts zero milliseconds as a number and as a string', () => {
    expect(parseDuration(0)).toBe(0);
    expect(parseDuration('0s')).toBe(0);
  });

  it('allows spaces around the number and the unit', () => {
    expect(parseDuration('  30s  ')).toBe(30_000);
    expect(parseDuration('30 s')).toBe(30_000);
    expect(parseDuration('30   ms')).toBe(30);
    expect(parseDuration('\t2h\n')).toBe(7_200_000);
  });

  it('reads numbers of several digits, before and after the point', () => {
    expect(parseDuration('120s')).toBe(120_000);
    expect(parseDuration('1.25s')).toBe(1_250);
    expect(parseDuration('10.5m')).toBe(630_000);
  });

  it('rounds to whole milliseconds', () => {
    expect(parseDuration('0.0015s')).toBe(2);
    expect(parseDuration('1.4ms')).toBe(1);
  });

  it('rejects text before or after the duration', () => {
    for (const bad of ['x30s', '30sx', '30s 5m', '.5s', '5.s', '5ss', 'ms']) {
      expect(rangeErrorOf(() => parseDuration(bad))).toStrictEqual({
        name: 'RangeError',
        message: `Invalid duration: ${JSON.stringify(bad)} (expected a number of ms or e.g. '30s', '5m', '2h', '1d', '1w')`,
      });
    }
  });

  it('names the bad number and the expectation in the error', () => {
    expect(rangeErrorOf(() => parseDuration(-1))).toStrictEqual({
      name: 'RangeError',
      message: 'Invalid duration: -1 (expected a finite number of ms >= 0)',
    });
    expect(rangeErrorOf(() => parseDuration(Number.NaN))).toStrictEqual({
      name: 'RangeError',
      message: 'Invalid duration: NaN (expected a finite number of ms >= 0)',
    });
  });
});

describe('durations: the step units', () => {
  it('knows the six units seconds to months and nothing else', () => {
    for (const unit of ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months']) {
      expect(isTimeUnit(unit)).toBe(true);
    }
    for (const unit of ['second', 'Hours', 'ms', '', 42, null, undefined, ['days']]) {
      expect(isTimeUnit(unit)).toBe(false);
    }
  });

  it('gives each fixed unit its length', () => {
    expect(durationMs(3, 'seconds')).toBe(3_000);
    expect(durationMs(3, 'minutes')).toBe(180_000);
    expect(durationMs(3, 'hours')).toBe(10_800_000);
    expect(durationMs(3, 'days')).toBe(3 * DAY);
    expect(durationMs(1, 'weeks')).toBe(7 * DAY);
  });

  it('accepts an amount of zero', () => {
    expect(addTime(5_000, 0, 'days')).toBe(5_000);
    expect(addTime(5_000, 0, 'months')).toBe(5_000);
  });

  it('rounds fractional fixed amounts to whole milliseconds', () => {
    expect(durationMs(0.0015, 'seconds')).toBe(2);
    expect(durationMs(1.5, 'hours')).toBe(5_400_000);
  });

  it('names the bad amount or unit and the expectation in the error', () => {
    expect(rangeErrorOf(() => addTime(0, -1, 'days'))).toStrictEqual({
      name: 'RangeError',
      message: 'Invalid amount: -1 (expected a finite number >= 0)',
    });
    expect(rangeErrorOf(() => addTime(0, Number.POSITIVE_INFINITY, 'days'))).toStrictEqual({
      name: 'RangeError',
      message: 'Invalid amount: Infinity (expected a finite number >= 0)',
    });
    expect(rangeErrorOf(() => addTime(0, 1, 'ages'))).toStrictEqual({
      name: 'RangeError',
      message: 'Invalid unit: ages (expected one of seconds, minutes, hours, days, weeks, months)',
    });
  });
});

describe('durations: calendar months', () => {
  it('keeps the day and the time of day to the millisecond', () => {
    const from = Date.parse('2026-03-15T13:45:27.321Z');
    expect(iso(addTime(from, 2, 'months'))).toBe('2026-05-15T13:45:27.321Z');
  });

  it('clamps to the last day of the target month only when the month is shorter', () => {
    const may31 = Date.parse('2026-05-31T08:00:00.000Z');
    expect(iso(addTime(may31, 1, 'months'))).toBe('2026-06-30T08:00:00.000Z');
    expect(iso(addTime(may31, 2, 'months'))).toBe('2026-07-31T08:00:00.000Z');
    const jan30 = Date.parse('2027-01-30T00:00:00.000Z');
    expect(iso(addTime(jan30, 1, 'months'))).toBe('2027-02-28T00:00:00.000Z');
    expect(iso(addTime(Date.parse('2026-02-10T00:00:00.000Z'), 1, 'months'))).toBe(
      '2026-03-10T00:00:00.000Z',
    );
  });

  it('crosses the year end', () => {
    const nov30 = Date.parse('2026-11-30T12:00:00.000Z');
    expect(iso(addTime(nov30, 3, 'months'))).toBe('2027-02-28T12:00:00.000Z');
  });

  it('counts a fraction of a month as 30 days per month after the whole months', () => {
    const jan31 = Date.parse('2026-01-31T00:00:00.000Z');
    expect(iso(addTime(jan31, 1.5, 'months'))).toBe('2026-03-15T00:00:00.000Z');
    expect(iso(addTime(jan31, 0.1, 'months'))).toBe('2026-02-03T00:00:00.000Z');
    expect(addTime(0, 1e-9, 'months')).toBe(3);
  });

  it('measures months from the given start, from the epoch when none is given', () => {
    expect(durationMs(1, 'months')).toBe(31 * DAY);
    expect(durationMs(1, 'months', Date.parse('2026-04-01T00:00:00.000Z'))).toBe(30 * DAY);
    expect(durationMs(2, 'hours', 5_000)).toBe(7_200_000);
  });
});

describe('durations: ISO timestamps', () => {
  const zone = process.env['TZ'];
  afterEach(() => {
    if (zone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = zone;
  });

  it('reads a timestamp with or without Z in UTC, whatever the host zone', () => {
    process.env['TZ'] = 'America/New_York';
    expect(isoInstant('2026-02-01T10:00:00')).toBe(Date.UTC(2026, 1, 1, 10));
    expect(isoInstant('2026-02-01T10:00:00Z')).toBe(Date.UTC(2026, 1, 1, 10));
    expect(isoInstant('2026-02-01T10:00:00.250')).toBe(Date.UTC(2026, 1, 1, 10, 0, 0, 250));
  });

  it('accepts one to three digits of milliseconds', () => {
    expect(isIsoTimestamp('2026-02-01T10:00:00.1Z')).toBe(true);
    expect(isIsoTimestamp('2026-02-01T10:00:00.12')).toBe(true);
    expect(isIsoTimestamp('2026-02-01T10:00:00.Z')).toBe(false);
  });

  it('rejects text before or after the timestamp and short fields', () => {
    for (const value of [
      'x2026-02-01T10:00:00Z',
      '2026-02-01T10:00:00Zx',
      '2026-02-01T10:00:00ZZ',
      ' 2026-02-01T10:00:00Z',
      '226-02-01T10:00:00Z',
      '2026-2-01T10:00:00Z',
      '2026-02-1T10:00:00Z',
      '2026-02-01T1:00:00Z',
      '2026-02-01T10:0:00Z',
      '2026-02-01T10:00:0Z',
      '2026-02-01 10:00:00Z',
      '+002026-02-01T10:00:00Z',
      '2026-02-01T10:00:00.1234Z',
      '2026-02-01T10:00:00.1234',
    ]) {
      expect(isIsoTimestamp(value)).toBe(false);
    }
  });

  it('takes only strings: an array holding a timestamp is not one', () => {
    expect(isIsoTimestamp(['2026-02-01T10:00:00Z'])).toBe(false);
    expect(isIsoTimestamp({ toString: () => '2026-02-01T10:00:00Z' })).toBe(false);
  });

  it('accepts 24:00:00 as the next midnight, across a month and a year end', () => {
    expect(isIsoTimestamp('2026-01-31T24:00:00Z')).toBe(true);
    expect(isIsoTimestamp('2026-12-31T24:00:00')).toBe(true);
    expect(isIsoTimestamp('2026-02-01T24:01:00Z')).toBe(false);
    expect(isIsoTimestamp('2026-02-01T24:00:00.000Z')).toBe(true);
  });

  it('rejects days and months the calendar does not have', () => {
    for (const value of [
      '2026-02-29T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-00-10T10:00:00Z',
      '2026-01-00T10:00:00Z',
      '2026-01-01T10:60:00Z',
    ]) {
      expect(isIsoTimestamp(value)).toBe(false);
    }
    expect(isIsoTimestamp('2026-12-31T23:59:59.999Z')).toBe(true);
    expect(isIsoTimestamp('2026-01-01T00:00:00Z')).toBe(true);
  });

  // The service's DurationUtils.isISO8601 compares a 24:00:00 value with Date.UTC(year, month,
  // day + 1), which rolls a missing day over as the parser does and reads years 0-99 as 19xx.
  it('keeps the service quirks of 24:00:00: a rolled-over day passes and a year below 100 fails', () => {
    expect(isIsoTimestamp('2026-02-29T24:00:00Z')).toBe(true);
    expect(isIsoTimestamp('2026-02-31T24:00:00Z')).toBe(true);
    expect(isIsoTimestamp('0050-01-01T24:00:00Z')).toBe(false);
    expect(isIsoTimestamp('0050-01-01T10:00:00Z')).toBe(true);
  });
});
