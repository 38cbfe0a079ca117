// Wall-clock time in an IANA zone: the parts of an instant in a zone (24-hour clock, weekday),
// which zones are known, and the instant of a zoned wall-clock time across daylight-saving jumps.
import { describe, expect, it } from 'vitest';
import { isTimeZone, wallTime, zonedInstant } from '../../../mock-server/engine/run/zoned-time';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('wallTime', () => {
  it('reads every part of an instant in UTC when no zone is given', () => {
    expect(wallTime(at('2026-03-04T05:06:07.890Z'))).toStrictEqual({
      year: 2026,
      month: 3,
      day: 4,
      hour: 5,
      minute: 6,
      second: 7,
      weekday: 3,
    });
  });

  it('reads the hours on a 24-hour clock, midnight as 0', () => {
    expect(wallTime(at('2026-01-01T23:30:00Z'), 'UTC')).toMatchObject({ hour: 23, minute: 30 });
    expect(wallTime(at('2026-01-01T00:15:00Z'), 'UTC')).toMatchObject({ hour: 0, minute: 15 });
    expect(wallTime(at('2026-01-01T12:00:00Z'), 'UTC')).toMatchObject({ hour: 12 });
  });

  it("reads the zone's date, weekday and clock", () => {
    // 2026-01-03T20:00Z is Sunday 2026-01-04 05:00 in Tokyo.
    expect(wallTime(at('2026-01-03T20:00:00Z'), 'Asia/Tokyo')).toStrictEqual({
      year: 2026,
      month: 1,
      day: 4,
      hour: 5,
      minute: 0,
      second: 0,
      weekday: 0,
    });
    // 2026-01-01T02:00Z is Wednesday 2025-12-31 21:00 in New York.
    expect(wallTime(at('2026-01-01T02:00:00Z'), 'America/New_York')).toStrictEqual({
      year: 2025,
      month: 12,
      day: 31,
      hour: 21,
      minute: 0,
      second: 0,
      weekday: 3,
    });
  });

  it('answers the same parts when asked twice for one zone', () => {
    const first = wallTime(at('2026-06-01T12:00:00Z'), 'Europe/Paris');
    expect(wallTime(at('2026-06-01T12:00:00Z'), 'Europe/Paris')).toStrictEqual(first);
    expect(first).toMatchObject({ hour: 14 });
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and UTC, not made-up ones', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('zonedInstant', () => {
  it('is the UTC instant of the date and time in UTC when no zone is given', () => {
    expect(iso(zonedInstant(2026, 3, 4, 5, 6))).toBe('2026-03-04T05:06:00.000Z');
    expect(iso(zonedInstant(2026, 3, 4, 5, 6, 'UTC', 7))).toBe('2026-03-04T05:06:07.000Z');
  });

  it("takes the zone's offset, in winter and in summer", () => {
    expect(iso(zonedInstant(2026, 1, 1, 9, 0, 'Europe/Paris'))).toBe('2026-01-01T08:00:00.000Z');
    expect(iso(zonedInstant(2026, 7, 1, 9, 0, 'Europe/Paris'))).toBe('2026-07-01T07:00:00.000Z');
    expect(iso(zonedInstant(2026, 1, 1, 9, 0, 'Asia/Tokyo'))).toBe('2026-01-01T00:00:00.000Z');
    expect(iso(zonedInstant(2026, 1, 1, 20, 0, 'America/New_York'))).toBe(
      '2026-01-02T01:00:00.000Z',
    );
  });

  it('resolves a time skipped by a daylight-saving jump east of UTC to the instant an hour on', () => {
    // Paris skips 02:00-03:00 on 2026-03-29: 02:30 resolves to 03:30 CEST.
    expect(iso(zonedInstant(2026, 3, 29, 2, 30, 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('resolves a time skipped by a daylight-saving jump west of UTC to the instant an hour on', () => {
    // New York skips 02:00-03:00 on 2026-03-08: 02:30 resolves to 03:30 EDT, not 01:30 EST.
    expect(iso(zonedInstant(2026, 3, 8, 2, 30, 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(iso(zonedInstant(2026, 3, 8, 1, 30, 'America/New_York'))).toBe(
      '2026-03-08T06:30:00.000Z',
    );
    expect(iso(zonedInstant(2026, 3, 8, 3, 30, 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('moves a time inside a half-hour jump forward by the jump', () => {
    // Lord Howe goes from 02:00 (+10:30) to 02:30 (+11:00) on 2026-10-04: 02:15 is 02:45.
    expect(iso(zonedInstant(2026, 10, 4, 2, 15, 'Australia/Lord_Howe'))).toBe(
      '2026-10-03T15:45:00.000Z',
    );
  });

  it('reads the times just around a daylight-saving jump with their own offsets', () => {
    expect(iso(zonedInstant(2026, 3, 29, 1, 30, 'Europe/Paris'))).toBe('2026-03-29T00:30:00.000Z');
    expect(iso(zonedInstant(2026, 3, 29, 3, 30, 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedInstant(2026, 10, 25, 4, 0, 'Europe/Paris'))).toBe('2026-10-25T03:00:00.000Z');
    expect(iso(zonedInstant(2026, 10, 24, 23, 0, 'Europe/Paris'))).toBe('2026-10-24T21:00:00.000Z');
  });

  it('resolves a time the clock shows twice when it falls back to its second showing', () => {
    // Paris shows 02:00-03:00 twice on 2026-10-25 (CEST, then CET).
    expect(iso(zonedInstant(2026, 10, 25, 2, 30, 'Europe/Paris'))).toBe('2026-10-25T01:30:00.000Z');
  });
});
