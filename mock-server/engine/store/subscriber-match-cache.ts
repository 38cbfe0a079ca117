/**
 * Remembered matches of filtered subscriber searches: paging through one filter reads them
 * instead of verifying every candidate again for each page. Derived data outside the state
 * (decision 0100), kept per subscribers map, so a reset or restored state starts empty.
 *
 * A subscriber write updates `_id`-ordered match lists in place (the record joins, leaves or
 * stays, by binary search); lists sorted by another field are dropped, since the write may have
 * changed that field.
 *
 * @module
 */

import { lowerBound } from './sorted-by-id';
import type { EnvironmentData, SubscriberRecord } from './state';

/** Most filtered searches whose matches are remembered per environment. */
const MATCH_CACHE_SIZE = 32;

/** How a remembered search decides membership and orders its matches. */
export interface RememberedSearch {
  /** Whether a subscriber matches the search's filters (deleted ones never do). */
  matches(record: SubscriberRecord): boolean;
  /** Whether the matches are kept in ascending `_id` order (else: dropped on any write). */
  idOrdered: boolean;
}

interface Entry {
  search: RememberedSearch;
  records: SubscriberRecord[];
}

const caches = new WeakMap<Map<string, SubscriberRecord>, Map<string, Entry>>();

/**
 * The matches of one filtered search (`key` names its filters and sort field), remembered across
 * requests; `find` computes them on a miss. Do not mutate the answer.
 *
 * @example
 * ```ts
 * const found = rememberedMatches(data, key, { matches, idOrdered: true }, () => scan());
 * ```
 */
export function rememberedMatches(
  data: EnvironmentData,
  key: string,
  search: RememberedSearch,
  find: () => SubscriberRecord[],
): readonly SubscriberRecord[] {
  let cache = caches.get(data.subscribers);
  if (!cache) {
    cache = new Map();
    caches.set(data.subscribers, cache);
  }
  let entry = cache.get(key);
  if (!entry) {
    entry = { search, records: find() };
    if (cache.size >= MATCH_CACHE_SIZE) cache.clear();
    cache.set(key, entry);
  }
  return entry.records;
}

/**
 * Brings remembered matches up to date after `record` was stored or changed; `previous` is the
 * record it replaced, if any (a different `_id` for the same subscriber forgets everything).
 *
 * @example
 * ```ts
 * rememberedMatchesChanged(data, record, undefined);
 * ```
 */
export function rememberedMatchesChanged(
  data: EnvironmentData,
  record: SubscriberRecord,
  previous: SubscriberRecord | undefined,
): void {
  const cache = caches.get(data.subscribers);
  if (!cache) return;
  if (previous !== undefined && previous._id !== record._id) {
    cache.clear();
    return;
  }
  for (const [key, { search, records }] of cache) {
    if (!search.idOrdered) {
      cache.delete(key);
      continue;
    }
    const at = lowerBound(records, record._id);
    const present = records[at]?._id === record._id;
    const belongs = search.matches(record);
    if (present && !belongs) records.splice(at, 1);
    else if (!present && belongs) records.splice(at, 0, record);
    else if (present) records[at] = record;
  }
}

/**
 * Takes a removed subscriber out of the remembered matches (`_id`-ordered lists lose it by binary
 * search; others are dropped).
 *
 * @example
 * ```ts
 * rememberedMatchesRemoved(data, record);
 * ```
 */
export function rememberedMatchesRemoved(data: EnvironmentData, record: SubscriberRecord): void {
  const cache = caches.get(data.subscribers);
  if (!cache) return;
  for (const [key, { search, records }] of cache) {
    if (!search.idOrdered) {
      cache.delete(key);
      continue;
    }
    const at = lowerBound(records, record._id);
    if (records[at]?._id === record._id) records.splice(at, 1);
  }
}

/**
 * Forgets every remembered match of an environment.
 *
 * @example
 * ```ts
 * forgetRememberedMatches(data);
 * ```
 */
export function forgetRememberedMatches(data: EnvironmentData): void {
  caches.delete(data.subscribers);
}
