// `extendToSchedule` rules (docs/behaviour/runs.md#extending-to-the-schedule): the next time the
// schedule allows at the ends of ranges, to the millisecond, over days that are off or cannot be
// read; and the verdict on a delay or digest job, with its raw, its count and its cap.
import { describe, expect, it } from 'vitest';
import { DETAILS } from '../../../mock-server/engine/run/detail-texts';
import {
  formatZoned,
  judgeScheduleExtension,
  MAX_SCHEDULE_EXTENSIONS,
  nextAvailableTime,
} from '../../../mock-server/engine/run/schedule-extension';
import { type DelayedForAdaOptions, delayedForAda, officeHours, weekly } from './schedule-run';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('nextAvailableTime: the ends of a range', () => {
  const thursday = officeHours('thursday');
  const NEXT_WEEK = '2026-01-08T09:00:00.000Z';

  it('answers the instant itself at the very start and the very end of a range', () => {
    const start = at('2026-01-01T09:00:00.000Z');
    expect(nextAvailableTime(thursday, start)).toBe(start);
    const end = at('2026-01-01T17:00:00.000Z');
    expect(nextAvailableTime(thursday, end)).toBe(end);
  });

  it('counts the seconds and milliseconds past the end as outside', () => {
    expect(iso(nextAvailableTime(thursday, at('2026-01-01T17:00:00.500Z')))).toBe(NEXT_WEEK);
    expect(iso(nextAvailableTime(thursday, at('2026-01-01T17:00:01.000Z')))).toBe(NEXT_WEEK);
  });

  it('answers the start for an instant a millisecond before it', () => {
    expect(iso(nextAvailableTime(thursday, at('2026-01-01T08:59:59.999Z')))).toBe(
      '2026-01-01T09:00:00.000Z',
    );
  });

  it('never answers a range of today that has already ended', () => {
    const morning = weekly({ thursday: [{ start: '09:00 AM', end: '11:00 AM' }] });
    expect(iso(nextAvailableTime(morning, at('2026-01-01T12:00:00Z')))).toBe(NEXT_WEEK);
  });

  it("never answers yesterday's range that has ended", () => {
    const schedule = weekly({
      wednesday: [
        { start: '09:00 AM', end: '10:00 AM' },
        { start: '11:00 PM', end: '01:00 AM' },
      ],
    });
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T03:00:00Z')))).toBe(
      '2026-01-07T09:00:00.000Z',
    );
  });

  it("runs today's range over midnight into tomorrow", () => {
    const schedule = weekly({ thursday: [{ start: '10:00 PM', end: '02:00 AM' }] });
    const lateEvening = at('2026-01-01T23:00:00Z');
    expect(nextAvailableTime(schedule, lateEvening)).toBe(lateEvening);
  });

  it('never counts an instant as inside a range whose end cannot be read', () => {
    const schedule = weekly({
      thursday: [{ start: '09:00 AM', end: 'five' }],
      friday: [{ start: '09:00 AM', end: '05:00 PM' }],
    });
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T09:00:00Z')))).toBe(
      '2026-01-02T09:00:00.000Z',
    );
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T08:00:00Z')))).toBe(
      '2026-01-01T09:00:00.000Z',
    );
  });

  it('reads a range that starts and ends at the same time as that one minute only', () => {
    const schedule = weekly({ thursday: [{ start: '09:00 AM', end: '09:00 AM' }] });
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T10:00:00Z')))).toBe(NEXT_WEEK);
  });

  it('reads 12 AM as midnight and 12 PM as noon, a PM hour as twelve hours on', () => {
    const schedule = (start: string) => weekly({ friday: [{ start, end: '11:59 PM' }] });
    const thursdayNight = at('2026-01-01T20:00:00Z');
    expect(iso(nextAvailableTime(schedule('12:00 AM'), thursdayNight))).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(iso(nextAvailableTime(schedule('12:30 PM'), thursdayNight))).toBe(
      '2026-01-02T12:30:00.000Z',
    );
    expect(iso(nextAvailableTime(schedule('03:15 PM'), thursdayNight))).toBe(
      '2026-01-02T15:15:00.000Z',
    );
    expect(iso(nextAvailableTime(schedule('03:15 AM'), thursdayNight))).toBe(
      '2026-01-02T03:15:00.000Z',
    );
  });
});

describe('nextAvailableTime: days it passes over', () => {
  const thursdayNight = at('2026-01-01T20:00:00Z');

  it('passes over a day that is off or has no hours', () => {
    const schedule = {
      isEnabled: true,
      weeklySchedule: {
        friday: { isEnabled: false, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
        saturday: { isEnabled: true },
        sunday: { isEnabled: true, hours: [{ start: '10:00 AM', end: '11:00 AM' }] },
      },
    };
    expect(iso(nextAvailableTime(schedule, thursdayNight))).toBe('2026-01-04T10:00:00.000Z');
  });

  it('passes over a range whose start cannot be read', () => {
    const schedule = weekly({
      friday: [{ start: 'nine', end: '05:00 PM' }],
      saturday: [{ start: '10:00 AM', end: '11:00 AM' }],
    });
    expect(iso(nextAvailableTime(schedule, thursdayNight))).toBe('2026-01-03T10:00:00.000Z');
  });

  it('answers the instant itself when no day has a range', () => {
    expect(nextAvailableTime({ isEnabled: true }, thursdayNight)).toBe(thursdayNight);
  });

  it("answers a zoned start as that zone's instant", () => {
    // Thursday 20:00 UTC is Thursday 15:00 in New York: Friday 09:00 there is 14:00 UTC.
    expect(iso(nextAvailableTime(officeHours('friday'), thursdayNight, 'America/New_York'))).toBe(
      '2026-01-02T14:00:00.000Z',
    );
    // At the end of a month: Saturday 2026-01-31 09:00 in New York.
    expect(
      iso(
        nextAvailableTime(officeHours('saturday'), at('2026-01-30T20:00:00Z'), 'America/New_York'),
      ),
    ).toBe('2026-01-31T14:00:00.000Z');
  });
});

describe('formatZoned', () => {
  it('pads each part to two digits', () => {
    expect(formatZoned(at('2026-03-04T05:06:07Z'), 'UTC')).toBe('2026-03-04 05:06:07 UTC');
    expect(formatZoned(at('2026-11-14T15:16:17Z'), 'Asia/Tokyo')).toBe('2026-11-15 00:16:17 GMT+9');
  });
});

const thursdayHours = officeHours('thursday');
const heldForAda = (options: DelayedForAdaOptions = {}) =>
  delayedForAda({ ...options, extendToSchedule: true });

/** Thursday 03:00 UTC: before the office hours of that day. */
const EARLY = at('2026-01-01T03:00:00Z');
const NINE = at('2026-01-01T09:00:00Z');

describe('judgeScheduleExtension', () => {
  it('extends a delay outside the schedule to the next start, with the raw the service writes', () => {
    const { data, subscriber, notification, job } = heldForAda();
    expect(judgeScheduleExtension(data, subscriber, notification, job(), EARLY)).toStrictEqual({
      kind: 'extend',
      resumeAt: NINE,
      count: 1,
      detail: DETAILS.stepExtendedToSchedule,
      raw: {
        delayMs: NINE - EARLY,
        nextAvailableTime: '2026-01-01T09:00:00.000Z',
        schedule: thursdayHours,
        scheduleExtensionsCount: 1,
        maxScheduleExtensions: MAX_SCHEDULE_EXTENSIONS,
      },
    });
  });

  it('extends a digest job as a delay job', () => {
    const { data, subscriber, notification, job } = heldForAda();
    expect(
      judgeScheduleExtension(data, subscriber, notification, job({ type: 'digest' }), EARLY),
    ).toMatchObject({ kind: 'extend', resumeAt: NINE });
  });

  it('finishes any other job at once', () => {
    const { data, subscriber, notification, job } = heldForAda();
    for (const type of ['email', 'in_app', 'throttle'] as const) {
      expect(
        judgeScheduleExtension(data, subscriber, notification, job({ type }), EARLY),
      ).toStrictEqual({ kind: 'finish' });
    }
  });

  it('finishes a critical notification, and a step whose control is not exactly true', () => {
    const { data, subscriber, notification, job } = heldForAda();
    expect(
      judgeScheduleExtension(data, subscriber, { ...notification, critical: true }, job(), EARLY),
    ).toStrictEqual({ kind: 'finish' });
    const base = job();
    for (const extendToSchedule of ['true', 1, false]) {
      const step = {
        ...base.step,
        controlValues: { ...base.step.controlValues, extendToSchedule },
      };
      expect(
        judgeScheduleExtension(data, subscriber, notification, job({ step }), EARLY),
      ).toStrictEqual({ kind: 'finish' });
    }
  });

  it('finishes inside the schedule, or without a schedule', () => {
    const inside = heldForAda();
    expect(
      judgeScheduleExtension(
        inside.data,
        inside.subscriber,
        inside.notification,
        inside.job(),
        at('2026-01-01T10:00:00Z'),
      ),
    ).toStrictEqual({ kind: 'finish' });
    const none = heldForAda({ schedule: null });
    expect(
      judgeScheduleExtension(none.data, none.subscriber, none.notification, none.job(), EARLY),
    ).toStrictEqual({ kind: 'finish' });
  });

  it('finishes inside the schedule even once the cap is reached', () => {
    const { data, subscriber, notification, job } = heldForAda();
    expect(
      judgeScheduleExtension(
        data,
        subscriber,
        notification,
        job({ scheduleExtensionsCount: MAX_SCHEDULE_EXTENSIONS }),
        at('2026-01-01T10:00:00Z'),
      ),
    ).toStrictEqual({ kind: 'finish' });
  });

  it('finishes when the schedule has no later time to offer', () => {
    const { data, subscriber, notification, job } = heldForAda({
      schedule: { isEnabled: true, weeklySchedule: {} },
    });
    expect(judgeScheduleExtension(data, subscriber, notification, job(), EARLY)).toStrictEqual({
      kind: 'finish',
    });
  });

  it('finishes for a subscriber in a zone the runtime does not know', () => {
    const { data, subscriber, notification, job } = heldForAda({ timezone: 'Mars/Olympus' });
    expect(judgeScheduleExtension(data, subscriber, notification, job(), EARLY)).toStrictEqual({
      kind: 'finish',
    });
  });

  it('counts on from the extensions already made, up to the cap', () => {
    const { data, subscriber, notification, job } = heldForAda();
    const verdict = (count: number) =>
      judgeScheduleExtension(
        data,
        subscriber,
        notification,
        job({ scheduleExtensionsCount: count }),
        EARLY,
      );
    expect(verdict(2)).toMatchObject({
      kind: 'extend',
      count: 3,
      raw: { scheduleExtensionsCount: 3 },
    });
    expect(verdict(MAX_SCHEDULE_EXTENSIONS)).toStrictEqual({
      kind: 'capped',
      detail: DETAILS.stepMaxScheduleExtensionsReached,
    });
    expect(verdict(MAX_SCHEDULE_EXTENSIONS + 1)).toStrictEqual({
      kind: 'capped',
      detail: DETAILS.stepMaxScheduleExtensionsReached,
    });
  });

  it("writes the next time in the subscriber's zone and names the zone", () => {
    const { data, subscriber, notification, job } = heldForAda({ timezone: 'Asia/Tokyo' });
    // Thursday 18:00 UTC is Friday 03:00 in Tokyo: the next Thursday 09:00 there is 00:00 UTC.
    const evening = at('2026-01-01T18:00:00Z');
    const resumeAt = at('2026-01-08T00:00:00Z');
    expect(judgeScheduleExtension(data, subscriber, notification, job(), evening)).toStrictEqual({
      kind: 'extend',
      resumeAt,
      count: 1,
      detail: DETAILS.stepExtendedToSchedule,
      raw: {
        delayMs: resumeAt - evening,
        nextAvailableTime: '2026-01-08 09:00:00 GMT+9',
        timezone: 'Asia/Tokyo',
        schedule: thursdayHours,
        scheduleExtensionsCount: 1,
        maxScheduleExtensions: MAX_SCHEDULE_EXTENSIONS,
      },
    });
  });

  it('reads a null time zone as UTC and leaves it out of the raw', () => {
    const { data, subscriber, notification, job } = heldForAda();
    const verdict = judgeScheduleExtension(
      data,
      { ...subscriber, timezone: null },
      notification,
      job(),
      EARLY,
    );
    expect(verdict).toMatchObject({ kind: 'extend', resumeAt: NINE });
    expect(verdict.kind === 'extend' ? Object.keys(verdict.raw) : []).toStrictEqual([
      'delayMs',
      'nextAvailableTime',
      'schedule',
      'scheduleExtensionsCount',
      'maxScheduleExtensions',
    ]);
  });

  it('writes a copy of the schedule, not the stored one', () => {
    const { data, subscriber, notification, job } = heldForAda();
    const verdict = judgeScheduleExtension(data, subscriber, notification, job(), EARLY);
    const stored = data.preferences.get(subscriber._id)?.schedule;
    const written = verdict.kind === 'extend' ? verdict.raw['schedule'] : undefined;
    expect(written).not.toBe(stored);
    expect(written).toStrictEqual(stored);
  });
});
