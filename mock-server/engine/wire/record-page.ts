/**
 * One cursor page of a collection of records, as the service lists its newer resources
 * (contexts, domains and their routes, agents and their integrations, channel connections and
 * endpoints): newest first unless `orderDirection=ASC`, by `orderBy` then `_id`; a cursor is a
 * record's `_id`, found among every record it may name (filtered-out ones still mark a
 * position); an unknown cursor gives an empty page; both cursors at once is the service's 400.
 *
 * @module
 */

import { isObjectId } from '../store/ids';
import {
  arrayView,
  type CursorOptions,
  type CursorPage,
  compareValues,
  cursorPage,
  emptyCursorPage,
} from './cursor-page';
import { ServiceError } from './service-error';

/**
 * What a record listing reads of its query: the cursor options, the sort field (absent: `_id`
 * alone) and the direction.
 *
 * @example
 * ```ts
 * const search: RecordSearch = { limit: 10, includeCursor: false, orderBy: 'createdAt', orderDirection: 'DESC' };
 * ```
 */
export interface RecordSearch extends CursorOptions {
  orderBy?: string | undefined;
  orderDirection: 'ASC' | 'DESC';
}

const byId = (a: { _id: string }, b: { _id: string }) =>
  a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

function isSorted<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let index = 1; index < items.length; index++) {
    if (compare(items[index - 1] as T, items[index] as T) > 0) return false;
  }
  return true;
}

/**
 * The page of `records` that `search` asks for, keeping those `matches` accepts. `records` is
 * read after the query's own check, so a parent it looks up (a domain, an agent) answers its 404
 * only for a query that passed.
 *
 * @example
 * ```ts
 * const page = recordPage(() => scope.data.domains.values(), search, (domain) => domain.name.includes(needle));
 * ```
 */
export function recordPage<T extends { _id: string }>(
  records: () => Iterable<T>,
  search: RecordSearch,
  matches: (record: T) => boolean = () => true,
): CursorPage<T> {
  if (search.after !== undefined && search.before !== undefined) {
    throw ServiceError.http(
      400,
      'Cannot specify both "before" and "after" cursors at the same time.',
    );
  }
  const cursor = search.after ?? search.before;
  const cursorId = cursor !== undefined && isObjectId(cursor) ? cursor.toLowerCase() : undefined;
  let cursorRecord: T | undefined;
  const matching: T[] = [];
  for (const record of records()) {
    if (record._id === cursorId) cursorRecord = record;
    if (matches(record)) matching.push(record);
  }
  if (cursor !== undefined && cursorRecord === undefined) return emptyCursorPage();
  const field = search.orderBy;
  const ascending = (a: T, b: T) =>
    (field === undefined
      ? 0
      : compareValues(
          (a as unknown as Record<string, unknown>)[field],
          (b as unknown as Record<string, unknown>)[field],
        )) || byId(a, b);
  // Maps keep insertion order, often already the sort order (creation time): one pass checks it.
  if (!isSorted(matching, ascending)) matching.sort(ascending);
  const sign = search.orderDirection === 'ASC' ? 1 : -1;
  return cursorPage(
    arrayView(matching, search.orderDirection),
    search,
    (record) => record._id,
    (a, b) => sign * ascending(a, b),
    cursorRecord,
  );
}
