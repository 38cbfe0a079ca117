// Digest record rules beyond test/engine/run/digest-record.test.ts
// (mock-server/engine/run/digest-record.ts, docs/behaviour/runs.md#time-steps): which keys the
// recorded digest and its timed schedule carry, and how week days are kept.
import { describe, expect, it } from 'vitest';
import { recordedDigest } from '../../../mock-server/engine/run/digest-record';

describe('recordedDigest: the keys it records', () => {
  it('records a digest without type as regular', () => {
    expect(recordedDigest({ amount: 5, unit: 'minutes' })).toStrictEqual({
      amount: 5,
      unit: 'minutes',
      type: 'regular',
    });
  });

  it('adds no timed schedule to a digest that has none', () => {
    expect(recordedDigest({ type: 'backoff', amount: 5, unit: 'minutes' })).toStrictEqual({
      type: 'backoff',
      amount: 5,
      unit: 'minutes',
    });
  });

  it('adds no weekDays or monthDays to a timed schedule without them', () => {
    expect(
      recordedDigest({ type: 'timed', unit: 'days', timed: { atTime: '09:00' } }),
    ).toStrictEqual({ type: 'timed', unit: 'days', timed: { atTime: '09:00' } });
  });

  it('keeps the week days of a timed schedule as a copy of the given list', () => {
    const weekDays = ['monday', 'friday'];
    const recorded = recordedDigest({
      type: 'timed',
      unit: 'weeks',
      timed: { atTime: '08:00', weekDays, cronExpression: '0 8 * * 1,5' },
    });
    expect(recorded).toStrictEqual({
      type: 'timed',
      unit: 'weeks',
      timed: { atTime: '08:00', weekDays: ['monday', 'friday'], cronExpression: '0 8 * * 1,5' },
    });
    expect(recorded.timed?.weekDays).not.toBe(weekDays);
  });

  it('records month days as whole numbers only', () => {
    expect(
      recordedDigest({ type: 'timed', unit: 'months', timed: { monthDays: ['5', 'x', 12] } }),
    ).toStrictEqual({ type: 'timed', unit: 'months', timed: { monthDays: [5, 12] } });
  });
});
