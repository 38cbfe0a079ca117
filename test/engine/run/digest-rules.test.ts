// Digest rules beyond test/engine/run/delay-digest.test.ts (mock-server/engine/run/digest.ts,
// docs/behaviour/runs.md#time-steps): the atTime forms a timed digest reads, the weekly, monthly
// and ordinal day rules, the timed units counted like a regular digest, cron expressions, the
// amount and unit a digest or a backoff window needs, and the digest key value and group.
import { describe, expect, it } from 'vitest';
import {
  DigestConfigurationError,
  type DigestSettings,
  type DigestTimedSettings,
  digestGroupKey,
  digestKeyValue,
  digestWindowEnd,
  isBackoffDigest,
  monthDayNumbers,
  NO_DIGEST_VALUE,
  passesBackoff,
} from '../../../mock-server/engine/run/digest';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const NEW_YEAR = at('2026-01-01T00:00:00.000Z'); // a Thursday

/** The name and message of the `DigestConfigurationError` `run` throws. */
function configurationErrorOf(run: () => unknown): { name: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DigestConfigurationError) {
      return { name: error.name, message: error.message };
    }
    throw error;
  }
  throw new Error('expected a DigestConfigurationError, and nothing was thrown');
}

const configurationError = (message: string) => ({ name: 'DigestConfigurationError', message });

/** When a timed digest opened at `from` closes, as an ISO date. */
const timedEnd = (unit: string, timed: DigestTimedSettings, from = NEW_YEAR, timezone?: string) =>
  iso(digestWindowEnd({ type: 'timed', unit, timed }, from, { timezone }));

describe('digest: the atTime of a timed digest', () => {
  const daily = (atTime: string | undefined) =>
    timedEnd('days', atTime === undefined ? {} : { atTime });

  it('reads hh:mm with one or two hour digits and optional seconds (ignored)', () => {
    expect(daily('09:05')).toBe('2026-01-01T09:05:00.000Z');
    expect(daily('9:05')).toBe('2026-01-01T09:05:00.000Z');
    expect(daily('09:05:30')).toBe('2026-01-01T09:05:00.000Z');
    expect(daily('23:59')).toBe('2026-01-01T23:59:00.000Z');
    expect(daily('  07:15  ')).toBe('2026-01-01T07:15:00.000Z');
  });

  it('reads am and pm in either case, with or without a space', () => {
    expect(daily('6:30 pm')).toBe('2026-01-01T18:30:00.000Z');
    expect(daily('6:30pm')).toBe('2026-01-01T18:30:00.000Z');
    expect(daily('6:30 PM')).toBe('2026-01-01T18:30:00.000Z');
    expect(daily('6:30 am')).toBe('2026-01-01T06:30:00.000Z');
    expect(daily('12:30 pm')).toBe('2026-01-01T12:30:00.000Z');
    expect(daily('12:15 AM')).toBe('2026-01-01T00:15:00.000Z');
    expect(daily('11:45 pm')).toBe('2026-01-01T23:45:00.000Z');
  });

  it('closes at midnight when atTime is missing or empty', () => {
    expect(daily(undefined)).toBe('2026-01-02T00:00:00.000Z');
    expect(daily('')).toBe('2026-01-02T00:00:00.000Z');
  });

  it('refuses an atTime in another form or out of range with Invalid digest atTime', () => {
    for (const atTime of [
      'noon',
      'at 09:00',
      '09:00 sharp',
      '09:5',
      '123:00',
      '09:00:5',
      '24:00',
      '12:60',
    ]) {
      expect(configurationErrorOf(() => daily(atTime))).toStrictEqual(
        configurationError(`Invalid digest atTime: ${atTime}`),
      );
    }
  });

  it('closes the next day when the window opens exactly at atTime', () => {
    expect(timedEnd('days', { atTime: '09:00' }, at('2026-01-01T09:00:00.000Z'))).toBe(
      '2026-01-02T09:00:00.000Z',
    );
  });

  it('reads atTime on the wall clock of the subscriber time zone', () => {
    // 23:00 UTC on Jan 1 is already Jan 2 in Tokyo: the next 08:00 there is Jan 2, 23:00 UTC.
    expect(
      timedEnd('days', { atTime: '08:00' }, at('2026-01-01T23:00:00.000Z'), 'Asia/Tokyo'),
    ).toBe('2026-01-02T23:00:00.000Z');
  });
});

describe('digest: the days a timed digest closes on', () => {
  it('closes on the next day of the week listed in weekDays, for a weekly or a daily digest', () => {
    expect(timedEnd('weeks', { atTime: '08:00', weekDays: ['friday'] })).toBe(
      '2026-01-02T08:00:00.000Z',
    );
    expect(timedEnd('weeks', { atTime: '6:30 pm', weekDays: ['friday'] })).toBe(
      '2026-01-02T18:30:00.000Z',
    );
    expect(timedEnd('days', { atTime: '08:00', weekDays: ['sunday'] })).toBe(
      '2026-01-04T08:00:00.000Z',
    );
  });

  it('closes every day for a weekly digest without weekDays', () => {
    expect(timedEnd('weeks', { atTime: '08:00', weekDays: [] })).toBe('2026-01-01T08:00:00.000Z');
    expect(timedEnd('weeks', { atTime: '08:00' })).toBe('2026-01-01T08:00:00.000Z');
  });

  it('closes on the first of the month for a monthly digest without monthDays', () => {
    const from = at('2026-01-01T09:00:00.000Z');
    expect(timedEnd('months', { atTime: '08:00' }, from)).toBe('2026-02-01T08:00:00.000Z');
    expect(timedEnd('months', { atTime: '08:00', monthDays: [] }, from)).toBe(
      '2026-02-01T08:00:00.000Z',
    );
    expect(timedEnd('months', { atTime: '08:00', monthDays: ['x'] }, from)).toBe(
      '2026-02-01T08:00:00.000Z',
    );
  });

  it('closes on the listed month days, given as strings or numbers', () => {
    expect(timedEnd('months', { atTime: '08:00', monthDays: ['20', 10] })).toBe(
      '2026-01-10T08:00:00.000Z',
    );
  });

  it('lets month days and the first of the month alone for a daily digest', () => {
    expect(timedEnd('days', { atTime: '08:00', monthDays: ['20'] })).toBe(
      '2026-01-01T08:00:00.000Z',
    );
    expect(timedEnd('days', { atTime: '08:00' }, at('2026-01-01T09:00:00.000Z'))).toBe(
      '2026-01-02T08:00:00.000Z',
    );
  });

  it('defaults a timed digest without unit or schedule to midnight every day', () => {
    expect(iso(digestWindowEnd({ type: 'timed' }, at('2026-01-01T09:00:00.000Z')))).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(iso(digestWindowEnd({ type: 'timed', timed: { atTime: '10:00' } }, NEW_YEAR))).toBe(
      '2026-01-01T10:00:00.000Z',
    );
  });

  it('throws when no day in five years matches', () => {
    expect(
      configurationErrorOf(() => timedEnd('weeks', { atTime: '08:00', weekDays: ['someday'] })),
    ).toStrictEqual(configurationError('The timed digest schedule never matches a day'));
  });

  it('looks more than a season ahead for a rare day', () => {
    // The 23rd weekday of a month exists only in some 31-day months: after March 2027, December.
    const rare = { monthlyType: 'on', ordinal: '23', ordinalValue: 'weekday' };
    expect(timedEnd('months', rare, at('2027-03-31T00:00:00.000Z'))).toBe(
      '2027-12-31T00:00:00.000Z',
    );
  });
});

describe('digest: the ordinal day of the month (monthlyType on)', () => {
  const on = (ordinal: string | undefined, ordinalValue: string | undefined, from = NEW_YEAR) =>
    timedEnd(
      'months',
      {
        atTime: '12:00',
        monthlyType: 'on',
        ...(ordinal === undefined ? {} : { ordinal }),
        ...(ordinalValue === undefined ? {} : { ordinalValue }),
      },
      from,
    );

  it('counts days of the month, the first one when no ordinal is given', () => {
    expect(on('3', undefined)).toBe('2026-01-03T12:00:00.000Z');
    expect(on('3', 'day')).toBe('2026-01-03T12:00:00.000Z');
    expect(on(undefined, undefined, at('2026-01-02T00:00:00.000Z'))).toBe(
      '2026-02-01T12:00:00.000Z',
    );
    expect(on('last', 'day')).toBe('2026-01-31T12:00:00.000Z');
  });

  it('counts weekdays from Monday to Friday', () => {
    // June 2026 starts on a Monday, May 2026 on a Friday.
    expect(on('1', 'weekday', at('2026-06-01T00:00:00.000Z'))).toBe('2026-06-01T12:00:00.000Z');
    expect(on('1', 'weekday', at('2026-05-01T00:00:00.000Z'))).toBe('2026-05-01T12:00:00.000Z');
    // July 31, 2026 is a Friday.
    expect(on('last', 'weekday', at('2026-07-01T00:00:00.000Z'))).toBe('2026-07-31T12:00:00.000Z');
    // Jan 2026: Thu 1, Fri 2, then Mon 5.
    expect(on('3', 'weekday')).toBe('2026-01-05T12:00:00.000Z');
  });

  it('counts weekend days, Saturday and Sunday', () => {
    // August 2026 starts on a Saturday, February 2026 on a Sunday.
    expect(on('1', 'weekend', at('2026-08-01T00:00:00.000Z'))).toBe('2026-08-01T12:00:00.000Z');
    expect(on('1', 'weekend', at('2026-02-01T00:00:00.000Z'))).toBe('2026-02-01T12:00:00.000Z');
    expect(on('2', 'weekend')).toBe('2026-01-04T12:00:00.000Z');
  });

  it('counts one named day of the week', () => {
    expect(on('1', 'thursday')).toBe('2026-01-01T12:00:00.000Z');
    expect(on('2', 'thursday')).toBe('2026-01-08T12:00:00.000Z');
    // The last Saturday of January 2026 is its last day.
    expect(on('last', 'saturday')).toBe('2026-01-31T12:00:00.000Z');
  });

  it('skips months without the ordinal day', () => {
    // January 2026 has five Thursdays, February four, March four, April five.
    expect(on('5', 'thursday', at('2026-02-01T00:00:00.000Z'))).toBe('2026-04-30T12:00:00.000Z');
  });
});

describe('digest: a timed digest counted in seconds, minutes or hours', () => {
  it('closes amount units after the window opened', () => {
    const end = (unit: string, amount?: number) =>
      digestWindowEnd(
        {
          type: 'timed',
          unit,
          ...(amount === undefined ? {} : { amount }),
          timed: { atTime: '08:00' },
        },
        NEW_YEAR,
      ) - NEW_YEAR;
    expect(end('seconds', 30)).toBe(30_000);
    expect(end('minutes', 2)).toBe(120_000);
    expect(end('hours', 3)).toBe(10_800_000);
    expect(end('hours')).toBe(3_600_000);
  });
});

describe('digest: cron schedules', () => {
  it('reads the cron of the control values form, in the subscriber time zone', () => {
    expect(iso(digestWindowEnd({ cron: '0 9 * * *' }, NEW_YEAR))).toBe('2026-01-01T09:00:00.000Z');
    expect(iso(digestWindowEnd({ cron: '0 10 * * *' }, NEW_YEAR, { timezone: 'Asia/Tokyo' }))).toBe(
      '2026-01-01T01:00:00.000Z',
    );
  });

  it('prefers the timed cronExpression over the cron control', () => {
    expect(
      iso(
        digestWindowEnd(
          { type: 'timed', cron: '0 9 * * *', timed: { cronExpression: '0 7 * * *' } },
          NEW_YEAR,
        ),
      ),
    ).toBe('2026-01-01T07:00:00.000Z');
  });

  it('ignores an empty or blank cron', () => {
    expect(digestWindowEnd({ type: 'regular', amount: 1, unit: 'minutes', cron: '' }, 0)).toBe(
      60_000,
    );
    expect(digestWindowEnd({ type: 'regular', amount: 1, unit: 'minutes', cron: '   ' }, 0)).toBe(
      60_000,
    );
    expect(
      iso(digestWindowEnd({ type: 'timed', unit: 'days', timed: { cronExpression: ' ' } }, 0)),
    ).toBe('1970-01-02T00:00:00.000Z');
  });

  it('refuses an unreadable cron and one that never runs again', () => {
    expect(configurationErrorOf(() => digestWindowEnd({ cron: 'bad' }, NEW_YEAR))).toStrictEqual(
      configurationError(
        "Invalid digest cron expression bad: CronPattern: invalid configuration format ('bad'), exactly five or six space separated parts are required.",
      ),
    );
    expect(
      configurationErrorOf(() => digestWindowEnd({ cron: '0 0 30 2 *' }, NEW_YEAR)),
    ).toStrictEqual(configurationError('The digest cron 0 0 30 2 * never runs again'));
  });
});

describe('digest: the amount and unit of a regular digest', () => {
  const failure = (settings: DigestSettings) =>
    configurationErrorOf(() => digestWindowEnd(settings, NEW_YEAR));

  it('refuses an amount that is zero or not a finite number', () => {
    for (const amount of [0, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(failure({ type: 'regular', amount, unit: 'minutes' })).toStrictEqual(
        configurationError('Invalid digest amount'),
      );
    }
    expect(
      failure({ type: 'regular', amount: '5', unit: 'minutes' } as unknown as DigestSettings),
    ).toStrictEqual(configurationError('Invalid digest amount'));
  });

  it('ends the window of a negative amount at once, as a queue runs a negative delay', () => {
    expect(digestWindowEnd({ type: 'regular', amount: -5, unit: 'minutes' }, NEW_YEAR)).toBe(
      NEW_YEAR,
    );
    expect(failure({ type: 'regular', amount: -5, unit: 'fortnights' })).toStrictEqual(
      configurationError('Invalid digest unit'),
    );
  });

  it('refuses a missing or unknown unit once the amount is valid', () => {
    expect(failure({ type: 'regular', amount: 5 })).toStrictEqual(
      configurationError('Invalid digest unit'),
    );
    expect(failure({ type: 'regular', amount: 5, unit: 'fortnights' })).toStrictEqual(
      configurationError('Invalid digest unit'),
    );
    expect(failure({ type: 'regular', amount: 0, unit: 'fortnights' })).toStrictEqual(
      configurationError('Invalid digest amount'),
    );
  });

  it('counts a fractional amount and calendar months', () => {
    expect(digestWindowEnd({ type: 'regular', amount: 0.5, unit: 'minutes' }, 0)).toBe(30_000);
    expect(
      iso(digestWindowEnd({ amount: 1, unit: 'months' }, at('2026-01-31T10:00:00.000Z'))),
    ).toBe('2026-02-28T10:00:00.000Z');
  });
});

describe('digest: backoff', () => {
  it('is a backoff digest by type backoff or by backoff true', () => {
    expect(isBackoffDigest({ type: 'backoff' })).toBe(true);
    expect(isBackoffDigest({ type: 'regular', backoff: true })).toBe(true);
    expect(isBackoffDigest({ type: 'regular', backoff: false })).toBe(false);
    expect(isBackoffDigest({})).toBe(false);
  });

  it('lets an event through only when the last one is older than the backoff window', () => {
    const settings = { backoff: true, amount: 5, unit: 'minutes', backoffAmount: 1 };
    const now = 600_000;
    expect(passesBackoff({ ...settings, backoffUnit: 'minutes' }, now, now - 60_000)).toBe(false);
    expect(passesBackoff({ ...settings, backoffUnit: 'minutes' }, now, now - 60_001)).toBe(true);
    expect(passesBackoff({ ...settings, backoffUnit: 'seconds' }, now, now - 2_000)).toBe(true);
  });

  it("defaults the backoff window to the digest's amount and unit", () => {
    const settings = { type: 'backoff', amount: 2, unit: 'minutes' };
    const now = 600_000;
    expect(passesBackoff(settings, now, now - 119_000)).toBe(false);
    expect(passesBackoff(settings, now, now - 121_000)).toBe(true);
    expect(passesBackoff({ ...settings, backoffUnit: 'seconds' }, now, now - 3_000)).toBe(true);
    expect(passesBackoff({ ...settings, backoffAmount: 10 }, now, now - 300_000)).toBe(false);
  });

  it('does not judge the window of the first event or of a digest without backoff', () => {
    expect(passesBackoff({ type: 'backoff' }, 0, undefined)).toBe(true);
    expect(passesBackoff({ type: 'regular' }, 600_000, 0)).toBe(false);
  });

  it('refuses a backoff window without a positive amount or a known unit', () => {
    const now = 600_000;
    const failure = (settings: DigestSettings) =>
      configurationErrorOf(() => passesBackoff(settings, now, now - 1_000));
    const text = (window: string) =>
      configurationError(
        `A backoff digest needs a positive backoffAmount and a backoffUnit, got ${window}`,
      );
    expect(failure({ type: 'backoff', backoffAmount: 0, backoffUnit: 'minutes' })).toStrictEqual(
      text('{"amount":0,"unit":"minutes"}'),
    );
    expect(failure({ type: 'backoff', amount: -1, unit: 'minutes' })).toStrictEqual(
      text('{"amount":-1,"unit":"minutes"}'),
    );
    expect(
      failure({ type: 'backoff', backoffAmount: Number.POSITIVE_INFINITY, unit: 'minutes' }),
    ).toStrictEqual(text('{"amount":null,"unit":"minutes"}'));
    expect(failure({ type: 'backoff', amount: 1, unit: 'ages' })).toStrictEqual(
      text('{"amount":1,"unit":"ages"}'),
    );
    expect(failure({ type: 'backoff', amount: 1 })).toStrictEqual(text('{"amount":1}'));
    expect(
      failure({ type: 'backoff', amount: '1', unit: 'minutes' } as unknown as DigestSettings),
    ).toStrictEqual(text('{"amount":"1","unit":"minutes"}'));
  });
});

describe('digest: the digest key value', () => {
  it('is undefined for a missing, empty or blank key', () => {
    expect(digestKeyValue({}, { payload: { a: 1 } })).toBeUndefined();
    expect(digestKeyValue({ digestKey: '' }, { payload: { a: 1 } })).toBeUndefined();
    expect(digestKeyValue({ digestKey: '   ' }, { payload: { a: 1 } })).toBeUndefined();
  });

  it('trims the key before reading it', () => {
    expect(digestKeyValue({ digestKey: ' postId ' }, { payload: { postId: 'p1' } })).toBe('p1');
  });

  it('drops only a leading payload. from the key', () => {
    expect(digestKeyValue({ digestKey: 'payload.postId' }, { payload: { postId: 'p1' } })).toBe(
      'p1',
    );
    expect(
      digestKeyValue(
        { digestKey: 'meta.payload.id' },
        { payload: { meta: { payload: { id: 5 } } } },
      ),
    ).toBe('5');
    expect(digestKeyValue({ digestKey: 'payloads.id' }, { payload: { payloads: { id: 3 } } })).toBe(
      '3',
    );
  });

  it('reads subscriber. keys from the subscriber only, and the payload otherwise', () => {
    expect(
      digestKeyValue(
        { digestKey: 'subscriber.id' },
        { payload: { subscriber: { id: 'p' } }, subscriber: { id: 's' } },
      ),
    ).toBe('s');
    expect(
      digestKeyValue({ digestKey: 'subscriber.id' }, { payload: { subscriber: { id: 'p' } } }),
    ).toBe(NO_DIGEST_VALUE);
    expect(
      digestKeyValue(
        { digestKey: 'team.subscriber.id' },
        { payload: { team: { subscriber: { id: 't' } } }, subscriber: { id: 's' } },
      ),
    ).toBe('t');
  });

  it('writes strings as they are, numbers and booleans as text, objects and arrays as JSON', () => {
    const value = (postId: unknown) =>
      digestKeyValue({ digestKey: 'postId' }, { payload: { postId } as never });
    expect(value('abc')).toBe('abc');
    expect(value(42)).toBe('42');
    expect(value(true)).toBe('true');
    expect(value({ a: 1 })).toBe('{"a":1}');
    expect(value([1, 2])).toBe('[1,2]');
    expect(NO_DIGEST_VALUE).toBe('No-Value-Provided');
  });
});

describe('digest: the digest group', () => {
  it('is the JSON list of subscriber, workflow, step and key value (null without a key)', () => {
    const base = { subscriberId: 's1', workflowId: 'w', stepId: 'd' };
    expect(digestGroupKey({ ...base, keyValue: '42' })).toBe('["s1","w","d","42"]');
    expect(digestGroupKey({ ...base, keyValue: undefined })).toBe('["s1","w","d",null]');
  });
});

describe('digest: month days as numbers', () => {
  it('keeps whole numbers only', () => {
    expect(monthDayNumbers(['3', 4, '2.5', 'x'])).toStrictEqual([3, 4]);
  });
});
