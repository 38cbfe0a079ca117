// The schedule window test (docs/behaviour/runs.md#delivery-schedule), with the service's
// quirks: inclusive ends, overnight ranges, the previous day only when it runs over midnight.
import { describe, expect, it } from 'vitest';
import { isWithinSchedule } from '../../../mock-server/engine/run/schedule';

const at = (iso: string) => Date.parse(iso);
// 2026-01-01 is a Thursday.
const weekly = (days: Record<string, { start: string; end: string }[]>) => ({
  isEnabled: true,
  weeklySchedule: Object.fromEntries(
    Object.entries(days).map(([day, hours]) => [day, { isEnabled: true, hours }]),
  ),
});

describe('isWithinSchedule', () => {
  it('lets everything through without an enabled weekly schedule', () => {
    expect(isWithinSchedule(undefined, at('2026-01-01T03:00:00Z'))).toBe(true);
    expect(isWithinSchedule({ isEnabled: false }, at('2026-01-01T03:00:00Z'))).toBe(true);
    expect(isWithinSchedule({ isEnabled: true }, at('2026-01-01T03:00:00Z'))).toBe(true);
  });

  it('includes both ends, to the minute, with 12 AM and 12 PM read as the service does', () => {
    const schedule = weekly({ thursday: [{ start: '12:00 AM', end: '12:30 PM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T12:30:59Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T12:31:00Z'))).toBe(false);
  });

  it('a disabled day or a day without hours lets nothing through', () => {
    const schedule = {
      isEnabled: true,
      weeklySchedule: {
        thursday: { isEnabled: false, hours: [{ start: '12:00 AM', end: '11:59 PM' }] },
        friday: { isEnabled: true, hours: [] },
      },
    };
    expect(isWithinSchedule(schedule, at('2026-01-01T10:00:00Z'))).toBe(false);
    expect(isWithinSchedule(schedule, at('2026-01-02T10:00:00Z'))).toBe(false);
  });

  it("runs a range over midnight into the next day, through the previous day's schedule", () => {
    const schedule = weekly({ wednesday: [{ start: '10:00 PM', end: '02:00 AM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T01:30:00Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T02:01:00Z'))).toBe(false);
    expect(isWithinSchedule(schedule, at('2025-12-31T23:00:00Z'))).toBe(true);
  });

  it("tries all of the previous day's ranges once one of them runs over midnight", () => {
    const schedule = weekly({
      wednesday: [
        { start: '09:00 AM', end: '10:00 AM' },
        { start: '11:00 PM', end: '01:00 AM' },
      ],
    });
    expect(isWithinSchedule(schedule, at('2026-01-01T09:30:00Z'))).toBe(true);
  });

  it('reads the wall clock of the time zone; an unknown zone lets nothing through', () => {
    const schedule = weekly({ thursday: [{ start: '09:00 AM', end: '05:00 PM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T00:00:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T00:00:00Z'))).toBe(false);
    expect(isWithinSchedule(schedule, at('2026-01-01T10:00:00Z'), 'Mars/Olympus')).toBe(false);
  });

  it('never matches a time that is not hh:mm AM|PM', () => {
    const schedule = weekly({ thursday: [{ start: 'nine', end: '05:00 PM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T10:00:00Z'))).toBe(false);
  });
});
