import { describe, expect, it } from 'vitest';
import {
  addTime,
  durationMs,
  isIsoTimestamp,
  isoInstant,
  parseDuration,
} from '../../../mock-server/engine/store/durations';

describe('runtime: durations', () => {
  it('parses short duration strings and numbers', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('1w')).toBe(604_800_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration(42)).toBe(42);
  });

  it('rejects bad durations with a clear error', () => {
    for (const bad of ['', '5', '5 minutes', '-1s', 'abc']) {
      expect(() => parseDuration(bad)).toThrow(/Invalid duration/);
    }
    expect(() => parseDuration(-1)).toThrow(RangeError);
    expect(() => parseDuration(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('converts amount + unit, with calendar months clamped to the month end', () => {
    expect(durationMs(5, 'seconds')).toBe(5_000);
    expect(durationMs(2, 'weeks')).toBe(14 * 86_400_000);
    const jan31 = Date.parse('2026-01-31T10:00:00.000Z');
    expect(new Date(addTime(jan31, 1, 'months')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(addTime(jan31, 13, 'months')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    const feb1 = Date.parse('2028-02-01T00:00:00.000Z');
    expect(durationMs(1, 'months', feb1)).toBe(29 * 86_400_000);
  });

  it('rejects unknown units and bad amounts', () => {
    expect(() => addTime(0, 1, 'fortnights')).toThrow(/Invalid unit/);
    expect(() => addTime(0, Number.NaN, 'days')).toThrow(/Invalid amount/);
    expect(() => addTime(0, -2, 'days')).toThrow(/Invalid amount/);
  });

  it("reads ISO timestamps as the service's DurationUtils.isISO8601 does", () => {
    for (const value of [
      '2026-02-01T10:00:00Z',
      '2026-02-01T10:00:00.123Z',
      '2026-02-01T10:00:00',
      '2028-02-29T00:00:00Z',
      '2026-02-01T24:00:00Z',
    ]) {
      expect(isIsoTimestamp(value)).toBe(true);
    }
    for (const value of [
      '2026-02-01',
      '2026-02-01T10:00Z',
      '2026-02-01T10:00:00+02:00',
      '2026-02-01T10:00:00.1234Z',
      '2026-02-30T10:00:00Z',
      '2026-02-01T24:00:01Z',
      '2026-02-01T25:00:00Z',
      'soon',
      42,
    ]) {
      expect(isIsoTimestamp(value)).toBe(false);
    }
    expect(isoInstant('2026-02-01T10:00:00')).toBe(Date.parse('2026-02-01T10:00:00Z'));
    expect(isoInstant('2026-02-01T24:00:00Z')).toBe(Date.parse('2026-02-02T00:00:00Z'));
  });
});
