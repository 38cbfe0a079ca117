/**
 * The service's cursor pagination (docs/behaviour/subscribers.md#search, shared by #subscriptions): cursors are raw `_id`s, the
 * sort key is tie-broken by `_id`, pages are found by binary search over a sorted view.
 *
 * @module
 */

import type { CursorPageResponse } from '../../../src/schemas/pagination';

/** A random-access view of the matching items, already in the requested order. */
export interface SortedView<T> {
  readonly length: number;
  at(index: number): T;
}

/** Cursor options of one page request. */
export interface CursorOptions {
  after?: string | undefined;
  before?: string | undefined;
  limit: number;
  includeCursor: boolean;
}

/** A cursor page in the service's wire shape, as the client's schemas declare it. */
export type CursorPage<T> = CursorPageResponse<T>;

/** Where `totalCount` stops counting. */
export const TOTAL_COUNT_CAP = 50_000;

/** An empty page (unknown cursor, or no match). */
export function emptyCursorPage<T>(): CursorPage<T> {
  return { data: [], next: null, previous: null, totalCount: 0, totalCountCapped: false };
}

/** First index whose item is not before `target` (strict: not at or before it). */
function bound<T>(view: SortedView<T>, isBefore: (item: T) => boolean): number {
  let low = 0;
  let high = view.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBefore(view.at(middle))) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One page of `view`. `compare(item, cursor)` orders an item against the cursor item in the
 * requested order (negative: item comes first); `cursorItem` is the item the cursor names
 * (it need not be in `view`: filtered-out cursors still mark a position).
 */
export function cursorPage<T>(
  view: SortedView<T>,
  options: CursorOptions,
  idOf: (item: T) => string,
  compare: (item: T, cursor: T) => number,
  cursorItem: T | undefined,
): CursorPage<T> {
  const total = view.length;
  let start = 0;
  let end = Math.min(total, options.limit);
  if (cursorItem !== undefined && options.after !== undefined) {
    start = options.includeCursor
      ? bound(view, (item) => compare(item, cursorItem) < 0)
      : bound(view, (item) => compare(item, cursorItem) <= 0);
    end = Math.min(total, start + options.limit);
  } else if (cursorItem !== undefined && options.before !== undefined) {
    end = options.includeCursor
      ? bound(view, (item) => compare(item, cursorItem) <= 0)
      : bound(view, (item) => compare(item, cursorItem) < 0);
    start = Math.max(0, end - options.limit);
  }
  const data: T[] = [];
  for (let index = start; index < end; index++) data.push(view.at(index));
  const first = data[0];
  const last = data[data.length - 1];
  return {
    data,
    next: last !== undefined && end < total ? idOf(last) : null,
    previous: first !== undefined && start > 0 ? idOf(first) : null,
    totalCount: Math.min(total, TOTAL_COUNT_CAP),
    totalCountCapped: total > TOTAL_COUNT_CAP,
  };
}

/** A view of an ascending array, read forwards or backwards. */
export function arrayView<T>(items: readonly T[], direction: 'ASC' | 'DESC'): SortedView<T> {
  const last = items.length - 1;
  return {
    length: items.length,
    at: (index) => items[direction === 'ASC' ? index : last - index] as T,
  };
}

/**
 * Compares two sort values the way MongoDB orders them for one type: missing and null first,
 * numbers numerically, everything else by its string form.
 */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
