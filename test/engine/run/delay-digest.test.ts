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

  it('regular: bad settings give Invalid delay configuration', () => {
    for (const settings of [
      { type: 'regular', amount: 0, unit: 'minutes' },
      { type: 'regular', amount: 5, unit: 'ages' },
      { type: 'regular' },
    ]) {
      const outcome = delayUntil(settings, { now: NOW, payload: {} });
      expect(outcome.ok).toBe(false);
      expect(outcome.ok ? undefined : outcome.detail).toBe(DETAILS.delayMisconfiguration);
      expect(DETAILS.delayMisconfiguration.detail).toBe('Invalid delay configuration');
    }
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
    ).toMatchObject({
      ok: false,
      reason: 'payload is missing required key(s) and type(s): sendAt (ISO Date)',
    });
    expect(
      delayUntil(
        { type: 'scheduled', delayPath: 'sendAt' },
        { now: NOW, payload: { sendAt: '2025-01-01T00:00:00Z' } },
      ),
    ).toMatchObject({ ok: false, reason: 'Delay date at path sendAt must be a future date' });
  });

  it('cron: the next run after now', () => {
    expect(delayUntil({ cron: '0 9 * * *' }, { now: NOW, payload: {} })).toEqual({
      ok: true,
      resumeAt: at('2026-01-02T09:00:00.000Z'),
    });
    expect(delayUntil({ cron: 'not cron' }, { now: NOW, payload: {} }).ok).toBe(false);
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
