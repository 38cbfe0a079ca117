/**
 * Arrays kept in ascending `_id` order: binary-search lookups and inserts, so indexes stay
 * sorted without re-sorting (object ids are monotonic, so an insert is almost always an append).
 *
 * @module
 */

import { journalInsert, journalPush } from './journal';
import { sortedPosition } from './sorted-position';

/**
 * The first index whose `_id` is not below `id` (where an item with that `_id` is or would go).
 *
 * @example
 * ```ts
 * const at = lowerBound(data.subscriptions, id);
 * ```
 */
export function lowerBound(items: readonly { _id: string }[], id: string): number {
  return sortedPosition(items, (item) => item._id < id);
}

/**
 * Where `item` goes in `items` kept in ascending `_id` order (their length when it is the newest,
 * the usual case: object ids grow).
 *
 * @example
 * ```ts
 * tables.messages.insert(data, positionById(data.messages, message), message);
 * ```
 */
export function positionById<T extends { _id: string }>(items: readonly T[], item: T): number {
  const last = items[items.length - 1];
  return last === undefined || last._id < item._id ? items.length : lowerBound(items, item._id);
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
  const at = positionById(items, item);
  if (at === items.length) journalPush(items, item);
  else journalInsert(items, at, item);
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
