/**
 * Arrays kept in ascending `_id` order: binary-search lookups and inserts, so indexes stay
 * sorted without re-sorting (object ids are monotonic, so an insert is almost always an append).
 *
 * @module
 */

import { journalInsert, journalPush } from './journal';

/**
 * The first index whose `_id` is not below `id` (where an item with that `_id` is or would go).
 *
 * @example
 * ```ts
 * const at = lowerBound(data.subscriptions, id);
 * ```
 */
export function lowerBound(items: readonly { _id: string }[], id: string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((items[middle] as { _id: string })._id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Inserts `item` at its `_id` position (appends when it is the largest); journaled
 * (store/journal.ts).
 *
 * @example
 * ```ts
 * insertById(data.subscriptions, record);
 * ```
 */
export function insertById<T extends { _id: string }>(items: T[], item: T): void {
  const last = items[items.length - 1];
  if (last === undefined || last._id < item._id) journalPush(items, item);
  else journalInsert(items, lowerBound(items, item._id), item);
}

/**
 * The item with this `_id`, by binary search, or `undefined`.
 *
 * @example
 * ```ts
 * findById(data.subscriptions, cursor);
 * ```
 */
export function findById<T extends { _id: string }>(
  items: readonly T[],
  id: string,
): T | undefined {
  const item = items[lowerBound(items, id)];
  return item !== undefined && item._id === id ? item : undefined;
}
