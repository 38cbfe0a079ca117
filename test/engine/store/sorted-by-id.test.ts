// `_id`-sorted arrays directly (mock-server/engine/store/sorted-by-id.ts): where lowerBound
// points, where insertById puts an item (journaled), and what findById answers for ids present,
// between items, before the first and past the last.
import { describe, expect, it } from 'vitest';
import { journaled } from '../../../mock-server/engine/store/journal';
import { findById, insertById, lowerBound } from '../../../mock-server/engine/store/sorted-by-id';

const items = (...ids: string[]) => ids.map((_id) => ({ _id }));
const ids = (list: readonly { _id: string }[]) => list.map((item) => item._id);

describe('lowerBound', () => {
  it('is the first index whose _id is not below the id', () => {
    const list = items('b', 'd', 'f');
    expect(lowerBound(list, 'a')).toBe(0);
    expect(lowerBound(list, 'b')).toBe(0);
    expect(lowerBound(list, 'c')).toBe(1);
    expect(lowerBound(list, 'd')).toBe(1);
    expect(lowerBound(list, 'e')).toBe(2);
    expect(lowerBound(list, 'f')).toBe(2);
    expect(lowerBound(list, 'g')).toBe(3);
    expect(lowerBound([], 'a')).toBe(0);
  });
});

describe('insertById', () => {
  it('appends to an empty array and after a smaller last _id', () => {
    const list: { _id: string }[] = [];
    insertById(list, { _id: 'b' });
    insertById(list, { _id: 'd' });
    expect(ids(list)).toEqual(['b', 'd']);
  });

  it('puts a smaller _id at its position: the middle or the front', () => {
    const list = items('b', 'd', 'f');
    insertById(list, { _id: 'e' });
    expect(ids(list)).toEqual(['b', 'd', 'e', 'f']);
    insertById(list, { _id: 'c' });
    expect(ids(list)).toEqual(['b', 'c', 'd', 'e', 'f']);
    insertById(list, { _id: 'a' });
    expect(ids(list)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('is undone, appends and inserts alike, when the operation fails', () => {
    const list = items('b', 'd');
    expect(() =>
      journaled(
        () => {
          insertById(list, { _id: 'e' });
          insertById(list, { _id: 'c' });
          insertById(list, { _id: 'a' });
          expect(ids(list)).toEqual(['a', 'b', 'c', 'd', 'e']);
          throw new Error('boom');
        },
        () => {},
      ),
    ).toThrow('boom');
    expect(ids(list)).toEqual(['b', 'd']);
  });
});

describe('findById', () => {
  it('answers the item with that _id', () => {
    const list = items('b', 'd', 'f');
    expect(findById(list, 'b')).toBe(list[0]);
    expect(findById(list, 'd')).toBe(list[1]);
    expect(findById(list, 'f')).toBe(list[2]);
  });

  it('answers undefined for an id before, between or past the items, or in an empty array', () => {
    const list = items('b', 'd', 'f');
    expect(findById(list, 'a')).toBeUndefined();
    expect(findById(list, 'c')).toBeUndefined();
    expect(findById(list, 'e')).toBeUndefined();
    expect(findById(list, 'g')).toBeUndefined();
    expect(findById([], 'a')).toBeUndefined();
  });
});
