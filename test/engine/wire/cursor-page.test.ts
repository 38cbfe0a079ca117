// Cursor pages directly (mock-server/engine/wire/cursor-page.ts, docs/behaviour/subscribers.md
// "Search"): where `after` and `before` start and end a page, `includeCursor`, when `next` and
// `previous` are given, the 50 000 cap of `totalCount`, and the order of sort values.
import { describe, expect, it } from 'vitest';
import {
  arrayView,
  type CursorOptions,
  compareValues,
  cursorPage,
  emptyCursorPage,
  type SortedView,
  TOTAL_COUNT_CAP,
} from '../../../mock-server/engine/wire/cursor-page';

interface Item {
  _id: string;
  n: number;
}

/** Ten items, `i0`..`i9`, sorted by `n`. */
const ITEMS: Item[] = Array.from({ length: 10 }, (_, index) => ({
  _id: `i${index}`,
  n: index * 10,
}));
const VIEW = arrayView(ITEMS, 'ASC');
const idOf = (item: Item) => item._id;
// Reads the cursor's fields, as the engine's comparators do: it must only be called with a cursor.
const compare = (item: Item, cursor: Item) =>
  compareValues(item.n, cursor.n) || compareValues(item._id, cursor._id);
const item = (index: number) => ITEMS[index] as Item;

const page = (options: Partial<CursorOptions>, cursorItem: Item | undefined) =>
  cursorPage(VIEW, { limit: 3, includeCursor: false, ...options }, idOf, compare, cursorItem);
const ids = (found: { data: Item[] }) => found.data.map(idOf);

describe('emptyCursorPage', () => {
  it('is no data, no cursors, a count of 0, not capped', () => {
    expect(emptyCursorPage()).toStrictEqual({
      data: [],
      next: null,
      previous: null,
      totalCount: 0,
      totalCountCapped: false,
    });
  });
});

describe('cursorPage: without a cursor', () => {
  it('the first page: `limit` items, next is the last one, no previous', () => {
    expect(page({}, undefined)).toStrictEqual({
      data: [item(0), item(1), item(2)],
      next: 'i2',
      previous: null,
      totalCount: 10,
      totalCountCapped: false,
    });
  });

  it('a limit past the end gives every item and no next', () => {
    const all = page({ limit: 10 }, undefined);
    expect(ids(all)).toEqual(ITEMS.map(idOf));
    expect(all.next).toBeNull();
    expect(all.previous).toBeNull();
  });

  it('a cursor id with no cursor item (unknown cursor) gives the first page', () => {
    expect(ids(page({ after: 'zz' }, undefined))).toEqual(['i0', 'i1', 'i2']);
    expect(ids(page({ before: 'zz' }, undefined))).toEqual(['i0', 'i1', 'i2']);
  });

  it('a cursor item without after or before gives the first page', () => {
    expect(ids(page({}, item(5)))).toEqual(['i0', 'i1', 'i2']);
  });
});

describe('cursorPage: after', () => {
  it('starts after the cursor item; next and previous name the last and first items', () => {
    expect(page({ after: 'i3' }, item(3))).toStrictEqual({
      data: [item(4), item(5), item(6)],
      next: 'i6',
      previous: 'i4',
      totalCount: 10,
      totalCountCapped: false,
    });
  });

  it('includeCursor starts at the cursor item itself', () => {
    const found = page({ after: 'i3', includeCursor: true }, item(3));
    expect(ids(found)).toEqual(['i3', 'i4', 'i5']);
    expect(found.previous).toBe('i3');
    expect(found.next).toBe('i5');
  });

  it('the last page has no next', () => {
    const found = page({ after: 'i6' }, item(6));
    expect(ids(found)).toEqual(['i7', 'i8', 'i9']);
    expect(found.next).toBeNull();
    expect(found.previous).toBe('i7');
  });

  it('after the last item: an empty page with no next and no previous', () => {
    expect(page({ after: 'i9' }, item(9))).toStrictEqual({
      data: [],
      next: null,
      previous: null,
      totalCount: 10,
      totalCountCapped: false,
    });
  });

  it('a cursor item outside the view still marks its place in the order', () => {
    expect(ids(page({ after: 'gone' }, { _id: 'gone', n: 45 }))).toEqual(['i5', 'i6', 'i7']);
  });
});

describe('cursorPage: before', () => {
  it('ends just before the cursor item, `limit` items back', () => {
    expect(page({ before: 'i7' }, item(7))).toStrictEqual({
      data: [item(4), item(5), item(6)],
      next: 'i6',
      previous: 'i4',
      totalCount: 10,
      totalCountCapped: false,
    });
  });

  it('includeCursor ends at the cursor item itself', () => {
    const found = page({ before: 'i7', includeCursor: true }, item(7));
    expect(ids(found)).toEqual(['i5', 'i6', 'i7']);
    expect(found.next).toBe('i7');
    expect(found.previous).toBe('i5');
  });

  it('near the start the page is shorter and has no previous', () => {
    const found = page({ before: 'i2' }, item(2));
    expect(ids(found)).toEqual(['i0', 'i1']);
    expect(found.previous).toBeNull();
    expect(found.next).toBe('i1');
  });

  it('before the first item: an empty page with no next and no previous', () => {
    expect(page({ before: 'i0' }, item(0))).toStrictEqual({
      data: [],
      next: null,
      previous: null,
      totalCount: 10,
      totalCountCapped: false,
    });
  });

  it('a cursor item outside the view still marks its place in the order', () => {
    expect(ids(page({ before: 'gone' }, { _id: 'gone', n: 45 }))).toEqual(['i2', 'i3', 'i4']);
  });
});

describe('cursorPage: totalCount', () => {
  const counting = (length: number): SortedView<number> => ({ length, at: (index) => index });
  const count = (length: number) => {
    const found = cursorPage(
      counting(length),
      { limit: 2, includeCursor: false },
      String,
      (a, b) => a - b,
      undefined,
    );
    return { totalCount: found.totalCount, totalCountCapped: found.totalCountCapped };
  };

  it(`counts every match up to ${TOTAL_COUNT_CAP}, then stops and says it is capped`, () => {
    expect(TOTAL_COUNT_CAP).toBe(50_000);
    expect(count(49_999)).toEqual({ totalCount: 49_999, totalCountCapped: false });
    expect(count(50_000)).toEqual({ totalCount: 50_000, totalCountCapped: false });
    expect(count(50_001)).toEqual({ totalCount: 50_000, totalCountCapped: true });
  });
});

describe('arrayView', () => {
  it('reads an ascending array forwards for ASC and backwards for DESC', () => {
    const asc = arrayView([1, 2, 3], 'ASC');
    const desc = arrayView([1, 2, 3], 'DESC');
    expect(asc.length).toBe(3);
    expect(desc.length).toBe(3);
    expect([asc.at(0), asc.at(1), asc.at(2)]).toEqual([1, 2, 3]);
    expect([desc.at(0), desc.at(1), desc.at(2)]).toEqual([3, 2, 1]);
  });
});

describe('compareValues', () => {
  it('missing (undefined) and null come first and are equal to each other', () => {
    expect(compareValues(null, 'a')).toBe(-1);
    expect(compareValues(undefined, 'a')).toBe(-1);
    expect(compareValues('a', null)).toBe(1);
    expect(compareValues('a', undefined)).toBe(1);
    expect(compareValues(null, undefined)).toBe(0);
    expect(compareValues(undefined, null)).toBe(0);
    expect(compareValues(null, null)).toBe(0);
  });

  it('two numbers compare numerically (their difference)', () => {
    expect(compareValues(10, 9)).toBe(1);
    expect(compareValues(9, 10)).toBe(-1);
    expect(compareValues(2, 2)).toBe(0);
  });

  it('anything else, mixed types included, compares by its string form', () => {
    expect(compareValues('a', 'b')).toBe(-1);
    expect(compareValues('b', 'a')).toBe(1);
    expect(compareValues('a', 'a')).toBe(0);
    expect(compareValues(10, '9')).toBe(-1);
    expect(compareValues('10', 9)).toBe(-1);
    expect(compareValues(false, true)).toBe(-1);
  });
});
