import { describe, expect, it } from 'vitest';
import { delayUntil, scheduledDelayIssue } from '../../../mock-server/engine/run/delay';
import { DETAILS } from '../../../mock-server/engine/run/detail-texts';
import {
  DigestConfigurationError,
  digestGroupKey,
  digestKeyValue,
  digestWindowEnd,
  passesBackoff,
} from '../../../mock-server/engine/run/digest';
import type { FailureDetail } from '../../../mock-server/engine/run/time-step-failure';

/** The service's `handleStepValidationError`: `Invalid delay configuration` with `{ error }`. */
const misconfigured = (error: string, before: FailureDetail[] = []) => ({
  ok: false,
  failure: {
    details: [...before, { detail: DETAILS.delayMisconfiguration, raw: { error } }],
    error,
  },
});

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const NOW = at('2026-01-01T10:00:00.000Z'); // a Thursday

describe('runtime: delay', () => {
  it('regular: amount + unit after now', () => {
    expect(
      delayUntil({ type: 'regular', amount: 5, unit: 'minutes' }, { now: NOW, payload: {} }),
    ).toEqual({
      ok: true,
      resumeAt: NOW + 300_000,
    });
  });

  it('regular: no amount, 0 or less ends at once, an unknown unit counts as seconds', () => {
    const until = (settings: Record<string, unknown>) =>
      delayUntil(settings, { now: NOW, payload: {} });
    expect(until({ type: 'regular', amount: 0, unit: 'minutes' })).toEqual({
      ok: true,
      resumeAt: NOW,
    });
    expect(until({ type: 'regular' })).toEqual({ ok: true, resumeAt: NOW });
    expect(until({ type: 'regular', amount: 'soon', unit: 'hours' })).toEqual({
      ok: true,
      resumeAt: NOW,
    });
    expect(until({ type: 'regular', amount: -2, unit: 'minutes' })).toEqual({
      ok: true,
      resumeAt: NOW - 120_000,
    });
    expect(until({ type: 'regular', amount: 5, unit: 'ages' })).toEqual({
      ok: true,
      resumeAt: NOW + 5_000,
    });
  });

  it('scheduled: resumes at the payload date; a missing or bad date uses the service message', () => {
    const payload = { sendAt: '2026-01-02T08:00:00.000Z' };
    expect(delayUntil({ type: 'scheduled', delayPath: 'sendAt' }, { now: NOW, payload })).toEqual({
      ok: true,
      resumeAt: at('2026-01-02T08:00:00.000Z'),
    });
    expect(scheduledDelayIssue('sendAt', { sendAt: '20-09-2025' })).toBe(
      'payload is missing required key(s) and type(s): sendAt (ISO Date)',
    );
    expect(
      delayUntil({ type: 'scheduled', delayPath: 'sendAt' }, { now: NOW, payload: {} }),
    ).toEqual(misconfigured('payload is missing required key(s) and type(s): sendAt (ISO Date)'));
    expect(
      delayUntil(
        { type: 'scheduled', delayPath: 'sendAt' },
        { now: NOW, payload: { sendAt: '2025-01-01T00:00:00Z' } },
      ),
    ).toEqual(misconfigured('Delay date at path must be a future date'));
    expect(delayUntil({ type: 'scheduled' }, { now: NOW, payload })).toEqual(
      misconfigured('Delay path not found'),
    );
  });

  it('cron: the next run after now', () => {
    expect(delayUntil({ cron: '0 9 * * *' }, { now: NOW, payload: {} })).toEqual({
      ok: true,
      resumeAt: at('2026-01-02T09:00:00.000Z'),
    });
    // The service's add-job does not catch an unreadable cron: the job fails without a detail.
    const outcome = delayUntil({ cron: 'not cron' }, { now: NOW, payload: {} });
    expect(outcome.ok ? undefined : outcome.failure.details).toEqual([]);
    expect(outcome.ok ? undefined : outcome.failure.error).toMatch(/^Invalid cron expression/);
  });
});

describe('runtime: dynamic delay', () => {
  const dynamic = (wakeAt: unknown, dynamicKey = 'payload.wakeAt') =>
    delayUntil(
      { type: 'dynamic', dynamicKey },
      { now: NOW, payload: wakeAt === undefined ? {} : ({ wakeAt } as never) },
    );

  it('waits until an ISO timestamp or for { amount, unit }', () => {
    expect(dynamic('2026-01-01T12:00:00.000Z')).toEqual({ ok: true, resumeAt: NOW + 7_200_000 });
    // Without Z the timestamp is read in UTC, as on the service's workers.
    expect(dynamic('2026-01-01T12:00:00')).toEqual({ ok: true, resumeAt: NOW + 7_200_000 });
    expect(dynamic({ amount: 30, unit: 'minutes' })).toEqual({
      ok: true,
      resumeAt: NOW + 1_800_000,
    });
  });

  it('fails a missing key or value with one Invalid delay configuration and { error }', () => {
    expect(dynamic('x', '')).toEqual(misconfigured('Dynamic delay key not found'));
    for (const value of [undefined, 0, false, '', null]) {
      expect(dynamic(value)).toEqual(
        misconfigured("Dynamic delay key 'payload.wakeAt' not found in payload"),
      );
    }
    // The key is a path from the trigger's root: without `payload.` it names nothing.
    expect(dynamic('2026-01-02T00:00:00Z', 'wakeAt')).toEqual(
      misconfigured("Dynamic delay key 'wakeAt' not found in payload"),
    );
  });

  it('fails a malformed value with the service texts', () => {
    const format = (json: string) =>
      misconfigured(
        `Dynamic delay value '${json}' is not a valid format. Expected ISO-8601 timestamp or duration object { amount: number, unit: string }`,
      );
    expect(dynamic('soon')).toEqual(format('"soon"'));
    // Only the service's ISO form: no bare dates, offsets or days the month lacks.
    expect(dynamic('2026-02-01')).toEqual(format('"2026-02-01"'));
    expect(dynamic('2026-02-01T10:00:00+02:00')).toEqual(format('"2026-02-01T10:00:00+02:00"'));
    expect(dynamic('2026-02-30T10:00:00Z')).toEqual(format('"2026-02-30T10:00:00Z"'));
    expect(dynamic(42)).toEqual(format('42'));
    expect(dynamic({ amount: 5 })).toEqual(format('{"amount":5}'));
    expect(dynamic({ amount: '5', unit: 'minutes' })).toEqual(
      misconfigured("Invalid amount '5' in dynamic delay"),
    );
    expect(dynamic({ amount: -1, unit: 'minutes' })).toEqual(
      misconfigured("Invalid amount '-1' in dynamic delay"),
    );
    expect(dynamic({ amount: 1, unit: 'fortnights' })).toEqual(
      misconfigured("Invalid time unit 'fortnights' in dynamic delay"),
    );
  });

  it('fails a past timestamp once, and a time already reached with the two details', () => {
    expect(dynamic('2026-01-01T09:59:00.000Z')).toEqual(
      misconfigured("Dynamic delay timestamp '2026-01-01T09:59:00.000Z' must be a future date"),
    );
    const reached = misconfigured('Dynamic delay must be in the future. durationMs: 0', [
      { detail: DETAILS.delayMisconfiguration, raw: { error: 'delay must be in the future' } },
    ]);
    expect(dynamic('2026-01-01T10:00:00.000Z')).toEqual(reached);
    expect(dynamic({ amount: 0, unit: 'hours' })).toEqual(reached);
  });
});

describe('runtime: digest windows', () => {
  it('regular: amount + unit after the first event', () => {
    expect(digestWindowEnd({ type: 'regular', amount: 10, unit: 'minutes' }, NOW)).toBe(
      NOW + 600_000,
    );
    expect(() => digestWindowEnd({ type: 'regular', amount: 0, unit: 'minutes' }, NOW)).toThrow(
      DigestConfigurationError,
    );
  });

  it("regular: a missing amount or unit throws the service's validateDigest text", () => {
    const reason = (settings: Record<string, unknown>) => {
      try {
        digestWindowEnd(settings, NOW);
      } catch (error) {
        return error instanceof DigestConfigurationError ? error.message : 'other';
      }
      return 'none';
    };
    expect(reason({ type: 'regular' })).toBe('Invalid digest amount');
    expect(reason({ type: 'regular', unit: 'minutes' })).toBe('Invalid digest amount');
    expect(reason({ type: 'regular', amount: 5 })).toBe('Invalid digest unit');
    expect(reason({ type: 'regular', amount: 5, unit: 'ages' })).toBe('Invalid digest unit');
  });

  it('timed: atTime every day, today when still ahead, else tomorrow', () => {
    const daily = { type: 'timed', unit: 'days', timed: { atTime: '09:00' } };
    expect(iso(digestWindowEnd(daily, NOW))).toBe('2026-01-02T09:00:00.000Z');
    const evening = { type: 'timed', unit: 'days', timed: { atTime: '6:30 pm' } };
    expect(iso(digestWindowEnd(evening, NOW))).toBe('2026-01-01T18:30:00.000Z');
  });

  it('timed: weekDays', () => {
    const settings = {
      type: 'timed',
      unit: 'weeks',
      timed: { atTime: '08:00', weekDays: ['monday', 'wednesday'] },
    };
    expect(iso(digestWindowEnd(settings, NOW))).toBe('2026-01-05T08:00:00.000Z');
  });

  it('timed: monthDays (skipping months without that day)', () => {
    const settings = {
      type: 'timed',
      unit: 'months',
      timed: { atTime: '00:00', monthlyType: 'each', monthDays: ['31'] },
    };
    expect(iso(digestWindowEnd(settings, at('2026-02-01T00:00:00Z')))).toBe(
      '2026-03-31T00:00:00.000Z',
    );
  });

  it('timed: ordinal + ordinalValue', () => {
    const lastFriday = {
      type: 'timed',
      unit: 'months',
      timed: { atTime: '12:00', monthlyType: 'on', ordinal: 'last', ordinalValue: 'friday' },
    };
    expect(iso(digestWindowEnd(lastFriday, NOW))).toBe('2026-01-30T12:00:00.000Z');
    const secondWeekday = {
      type: 'timed',
      unit: 'months',
      timed: { atTime: '12:00', monthlyType: 'on', ordinal: '2', ordinalValue: 'weekday' },
    };
    expect(iso(digestWindowEnd(secondWeekday, NOW))).toBe('2026-01-02T12:00:00.000Z');
  });

  it('timed: cron expression, in the subscriber timezone when given', () => {
    const settings = { type: 'timed', timed: { cronExpression: '0 9 * * *' } };
    expect(iso(digestWindowEnd(settings, NOW))).toBe('2026-01-02T09:00:00.000Z');
    expect(iso(digestWindowEnd(settings, NOW, { timezone: 'America/New_York' }))).toBe(
      '2026-01-01T14:00:00.000Z',
    );
    const daily = { type: 'timed', unit: 'days', timed: { atTime: '09:00' } };
    expect(iso(digestWindowEnd(daily, NOW, { timezone: 'Asia/Tokyo' }))).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(() => digestWindowEnd({ type: 'timed', timed: { cronExpression: 'bad' } }, NOW)).toThrow(
      DigestConfigurationError,
    );
  });
});

describe('runtime: digest backoff and keys', () => {
  const backoff = {
    type: 'backoff',
    amount: 5,
    unit: 'minutes',
    backoffAmount: 1,
    backoffUnit: 'minutes',
  };

  it('lets the first event through alone when no recent event exists', () => {
    expect(passesBackoff(backoff, NOW, undefined)).toBe(true);
    expect(passesBackoff(backoff, NOW, NOW - 120_000)).toBe(true);
    expect(passesBackoff(backoff, NOW, NOW - 30_000)).toBe(false);
    expect(passesBackoff({ type: 'regular', amount: 5, unit: 'minutes' }, NOW, undefined)).toBe(
      false,
    );
    expect(DETAILS.digestSkippedFirstBackoffEvent.detail).toBe(
      'Digest was skipped, first backoff event',
    );
  });

  it('reads the digest key from the payload (with or without payload.)', () => {
    expect(digestKeyValue({ digestKey: 'post.id' }, { payload: { post: { id: 7 } } })).toBe('7');
    expect(digestKeyValue({ digestKey: 'payload.post.id' }, { payload: { post: { id: 7 } } })).toBe(
      '7',
    );
    expect(
      digestKeyValue(
        { digestKey: 'subscriber.data.team' },
        { payload: {}, subscriber: { data: { team: 'x' } } },
      ),
    ).toBe('x');
    expect(digestKeyValue({}, { payload: { post: 1 } })).toBeUndefined();
    expect(digestKeyValue({ digestKey: 'post.id' }, { payload: {} })).toBe('No-Value-Provided');
    // Falsy values are no value to the service: they share the missing value's digest.
    for (const id of [0, false, '', null]) {
      expect(digestKeyValue({ digestKey: 'post.id' }, { payload: { post: { id } } })).toBe(
        'No-Value-Provided',
      );
    }
  });

  it('groups by subscriber, workflow, step and key value', () => {
    const base = { subscriberId: 's1', workflowId: 'w', stepId: 'd' };
    expect(digestGroupKey({ ...base, keyValue: '1' })).not.toBe(
      digestGroupKey({ ...base, keyValue: '2' }),
    );
    expect(digestGroupKey({ ...base, keyValue: undefined })).toBe(
      digestGroupKey({ ...base, keyValue: undefined }),
    );
  });
});
