import { describe, expect, it } from 'vitest';
import { monthDayNumbers } from '../../../mock-server/engine/run/digest';
import { recordedDigest } from '../../../mock-server/engine/run/digest-record';
import { DigestMetadata } from '../../../src/schemas/notification';

describe('recordedDigest', () => {
  it('records a timed schedule with its month days as numbers', () => {
    const recorded = recordedDigest({
      type: 'timed',
      unit: 'months',
      timed: { atTime: '09:00', monthlyType: 'each', monthDays: ['1', '15'], weekDays: [] },
    });
    expect(recorded).toEqual({
      type: 'timed',
      unit: 'months',
      timed: { atTime: '09:00', monthlyType: 'each', monthDays: [1, 15], weekDays: [] },
    });
    expect(DigestMetadata.safeParse(recorded).success).toBe(true);
  });

  it('defaults the type to regular and keeps the other settings as given', () => {
    expect(
      recordedDigest({ amount: 5, unit: 'minutes', digestKey: 'postId', extendToSchedule: true }),
    ).toEqual({
      type: 'regular',
      amount: 5,
      unit: 'minutes',
      digestKey: 'postId',
      extendToSchedule: true,
    });
  });
});

describe('monthDayNumbers', () => {
  it('converts strings and leaves out what is no whole number', () => {
    expect(monthDayNumbers(['1', 15, ' 28 ', '1.5', 'last'])).toEqual([1, 15, 28]);
  });
});
