// sortedPosition (mock-server/engine/store/sorted-position.ts): the one binary search behind every
// sorted index (by `_id`, by due time, the scheduler's queue, the text index's slots).
import { describe, expect, it } from 'vitest';
import { scheduledPosition } from '../../../mock-server/engine/store/scheduled-order';
import { positionById } from '../../../mock-server/engine/store/sorted-by-id';
import { sortedPosition } from '../../../mock-server/engine/store/sorted-position';
import type { ScheduledTaskRecord } from '../../../mock-server/engine/store/state';

describe('sortedPosition', () => {
  it('answers the first position whose item does not come before', () => {
    const items = [1, 3, 3, 5];
    expect(sortedPosition(items, (item) => item < 0)).toBe(0);
    expect(sortedPosition(items, (item) => item < 3)).toBe(1);
    expect(sortedPosition(items, (item) => item <= 3)).toBe(3);
    expect(sortedPosition(items, (item) => item < 4)).toBe(3);
    expect(sortedPosition(items, (item) => item < 9)).toBe(4);
    expect(sortedPosition([], () => true)).toBe(0);
  });

  it('agrees with a scan on every position of a longer array', () => {
    const items = Array.from({ length: 101 }, (_, index) => index * 2);
    for (let sought = -1; sought <= 202; sought++) {
      const scanned = items.findIndex((item) => item >= sought);
      expect(sortedPosition(items, (item) => item < sought)).toBe(
        scanned === -1 ? items.length : scanned,
      );
    }
  });
});

describe('positionById', () => {
  const items = [{ _id: 'a1' }, { _id: 'a3' }, { _id: 'a5' }];

  it('appends the newest id and finds the place of an older one', () => {
    expect(positionById(items, { _id: 'a9' })).toBe(3);
    expect(positionById(items, { _id: 'a4' })).toBe(2);
    expect(positionById(items, { _id: 'a0' })).toBe(0);
    expect(positionById([], { _id: 'a0' })).toBe(0);
  });
});

describe('scheduledPosition', () => {
  const task = (at: number, seq: number) => ({ at, seq }) as ScheduledTaskRecord;
  const scheduled = [task(10, 1), task(20, 2), task(20, 3), task(30, 4)];

  it('puts a new task after every task due at or before it', () => {
    expect(scheduledPosition(scheduled, task(20, 5))).toBe(3);
    expect(scheduledPosition(scheduled, task(5, 5))).toBe(0);
    expect(scheduledPosition(scheduled, task(30, 5))).toBe(4);
    expect(scheduledPosition(scheduled, task(25, 5))).toBe(3);
    expect(scheduledPosition([], task(25, 5))).toBe(0);
  });
});
