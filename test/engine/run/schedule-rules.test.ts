// The delivery schedule's window test and its verdict on a step (docs/behaviour/runs.md#delivery-schedule):
// the range ends to the minute, ranges over midnight, when the previous day counts, and which
// steps the schedule never holds back, with the service's detail and raw.
import { describe, expect, it } from 'vitest';
import { DETAILS } from '../../../mock-server/engine/run/detail-texts';
import { isWithinSchedule, judgeSchedule } from '../../../mock-server/engine/run/schedule';
import { delayedForAda, officeHours, weekly } from './schedule-run';

const at = (iso: string) => Date.parse(iso);

describe('isWithinSchedule: the ends of a range', () => {
  it('includes the first minute of a range and excludes the minute before', () => {
    const schedule = weekly({ thursday: [{ start: '09:00 AM', end: '05:00 PM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T09:00:00Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T08:59:59Z'))).toBe(false);
    expect(isWithinSchedule(schedule, at('2026-01-01T17:00:59Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T17:01:00Z'))).toBe(false);
  });

  it('reads 12 PM as noon and a PM hour as twelve hours on', () => {
    const noon = weekly({ thursday: [{ start: '12:00 PM', end: '12:59 PM' }] });
    expect(isWithinSchedule(noon, at('2026-01-01T12:30:00Z'))).toBe(true);
    expect(isWithinSchedule(noon, at('2026-01-01T00:30:00Z'))).toBe(false);
    const afternoon = weekly({ thursday: [{ start: '01:00 PM', end: '02:00 PM' }] });
    expect(isWithinSchedule(afternoon, at('2026-01-01T13:30:00Z'))).toBe(true);
    expect(isWithinSchedule(afternoon, at('2026-01-01T01:30:00Z'))).toBe(false);
  });

  it('reads 12 AM as midnight and an AM hour as it is', () => {
    const midnight = weekly({ thursday: [{ start: '12:00 AM', end: '12:59 AM' }] });
    expect(isWithinSchedule(midnight, at('2026-01-01T00:30:00Z'))).toBe(true);
    expect(isWithinSchedule(midnight, at('2026-01-01T12:30:00Z'))).toBe(false);
    const morning = weekly({ thursday: [{ start: '01:00 AM', end: '02:00 AM' }] });
    expect(isWithinSchedule(morning, at('2026-01-01T01:30:00Z'))).toBe(true);
    expect(isWithinSchedule(morning, at('2026-01-01T13:30:00Z'))).toBe(false);
  });

  it('reads a time without AM or PM as a 24-hour clock', () => {
    const schedule = weekly({ thursday: [{ start: '13:00', end: '14:00' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T13:30:00Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T01:30:00Z'))).toBe(false);
  });

  it('lets only its one minute through a range that starts and ends at the same time', () => {
    const schedule = weekly({ thursday: [{ start: '09:00 AM', end: '09:00 AM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T09:00:30Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T10:00:00Z'))).toBe(false);
    expect(isWithinSchedule(schedule, at('2026-01-01T08:00:00Z'))).toBe(false);
  });

  it('includes both ends of a range over midnight, and nothing between them', () => {
    const schedule = weekly({ thursday: [{ start: '10:00 PM', end: '02:00 AM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T22:00:00Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T21:59:00Z'))).toBe(false);
    expect(isWithinSchedule(schedule, at('2026-01-01T02:00:00Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T02:01:00Z'))).toBe(false);
    expect(isWithinSchedule(schedule, at('2026-01-01T12:00:00Z'))).toBe(false);
  });
});

describe('isWithinSchedule: the previous day', () => {
  it("does not try the previous day's ranges when none of them runs over midnight", () => {
    const schedule = weekly({ wednesday: [{ start: '09:00 AM', end: '10:00 AM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T09:30:00Z'))).toBe(false);
  });

  it('does not count a range that starts and ends at the same time as running over midnight', () => {
    const schedule = weekly({ wednesday: [{ start: '09:00 AM', end: '09:00 AM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-01T09:00:00Z'))).toBe(false);
  });

  it('lets a time through that only today allows, the previous day running over midnight', () => {
    const schedule = weekly({
      wednesday: [{ start: '11:00 PM', end: '01:00 AM' }],
      thursday: [{ start: '09:00 AM', end: '05:00 PM' }],
    });
    expect(isWithinSchedule(schedule, at('2026-01-01T10:00:00Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T00:30:00Z'))).toBe(true);
    expect(isWithinSchedule(schedule, at('2026-01-01T05:00:00Z'))).toBe(false);
  });

  it("looks at Saturday's overnight range on a Sunday morning", () => {
    const schedule = weekly({ saturday: [{ start: '10:00 PM', end: '02:00 AM' }] });
    expect(isWithinSchedule(schedule, at('2026-01-04T01:00:00Z'))).toBe(true);
  });

  it('passes over a previous day that is on but has no hours', () => {
    const schedule = {
      isEnabled: true,
      weeklySchedule: {
        wednesday: { isEnabled: true },
        thursday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
      },
    };
    expect(isWithinSchedule(schedule, at('2026-01-01T10:00:00Z'))).toBe(true);
  });

  it("does not use a disabled previous day's overnight range", () => {
    const schedule = {
      isEnabled: true,
      weeklySchedule: {
        wednesday: { isEnabled: false, hours: [{ start: '10:00 PM', end: '02:00 AM' }] },
      },
    };
    expect(isWithinSchedule(schedule, at('2026-01-01T01:00:00Z'))).toBe(false);
  });
});

describe('isWithinSchedule: time zones', () => {
  it('reads the weekday and the clock in the zone', () => {
    // 2026-01-01T20:00Z is Friday 05:00 in Tokyo.
    const friday = weekly({ friday: [{ start: '05:00 AM', end: '05:30 AM' }] });
    expect(isWithinSchedule(friday, at('2026-01-01T20:00:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(isWithinSchedule(friday, at('2026-01-01T20:00:00Z'))).toBe(false);
  });
});

const thursdayHours = officeHours('thursday');

const OUTSIDE = at('2026-01-01T18:00:00Z');
const INSIDE = at('2026-01-01T10:00:00Z');

describe('judgeSchedule', () => {
  it('skips a step outside the schedule with the detail and the schedule as raw', () => {
    const { data, subscriber, notification } = delayedForAda();
    expect(judgeSchedule(data, subscriber, notification, 'email', OUTSIDE)).toStrictEqual({
      send: false,
      detail: DETAILS.stepSkippedOutsideSchedule,
      raw: { schedule: thursdayHours },
    });
  });

  it('sends a step inside the schedule', () => {
    const { data, subscriber, notification } = delayedForAda();
    expect(judgeSchedule(data, subscriber, notification, 'email', INSIDE)).toStrictEqual({
      send: true,
    });
  });

  it('never holds back in-app, delay and digest steps', () => {
    const { data, subscriber, notification } = delayedForAda();
    for (const stepType of ['in_app', 'delay', 'digest']) {
      expect(judgeSchedule(data, subscriber, notification, stepType, OUTSIDE)).toStrictEqual({
        send: true,
      });
    }
    for (const stepType of ['sms', 'chat', 'push', 'throttle', 'custom']) {
      expect(judgeSchedule(data, subscriber, notification, stepType, OUTSIDE)).toMatchObject({
        send: false,
      });
    }
  });

  it('never holds back a critical notification', () => {
    const { data, subscriber, notification } = delayedForAda();
    expect(
      judgeSchedule(data, subscriber, { ...notification, critical: true }, 'email', OUTSIDE),
    ).toStrictEqual({ send: true });
  });

  it('sends everything for a subscriber without a schedule', () => {
    const { data, subscriber, notification } = delayedForAda({ schedule: null });
    expect(judgeSchedule(data, subscriber, notification, 'email', OUTSIDE)).toStrictEqual({
      send: true,
    });
  });

  it("judges in the subscriber's zone and names the zone in the raw", () => {
    const { data, subscriber, notification } = delayedForAda({ timezone: 'Asia/Tokyo' });
    // 00:30 UTC is 09:30 in Tokyo, 18:00 UTC is 03:00 Friday there.
    expect(
      judgeSchedule(data, subscriber, notification, 'email', at('2026-01-01T00:30:00Z')),
    ).toStrictEqual({ send: true });
    expect(judgeSchedule(data, subscriber, notification, 'email', OUTSIDE)).toStrictEqual({
      send: false,
      detail: DETAILS.stepSkippedOutsideSchedule,
      raw: { schedule: thursdayHours, timezone: 'Asia/Tokyo' },
    });
  });

  it('reads a null time zone as UTC and leaves it out of the raw', () => {
    const { data, subscriber, notification } = delayedForAda();
    const noZone = { ...subscriber, timezone: null };
    expect(judgeSchedule(data, noZone, notification, 'email', INSIDE)).toStrictEqual({
      send: true,
    });
    expect(judgeSchedule(data, noZone, notification, 'email', OUTSIDE)).toStrictEqual({
      send: false,
      detail: DETAILS.stepSkippedOutsideSchedule,
      raw: { schedule: thursdayHours },
    });
  });

  it('writes a copy of the schedule, not the stored one', () => {
    const { data, subscriber, notification } = delayedForAda();
    const verdict = judgeSchedule(data, subscriber, notification, 'email', OUTSIDE);
    const stored = data.preferences.get(subscriber._id)?.schedule;
    expect(verdict.send ? undefined : verdict.raw['schedule']).not.toBe(stored);
    expect(verdict.send ? undefined : verdict.raw['schedule']).toStrictEqual(stored);
  });
});
