/**
 * Tables that own their writes (docs/decisions/0140-one-declaration-per-operation.md#tables-that-own-their-writes):
 * a typed accessor over one collection of the plain-data state (a `Map`, an array or a `Set`)
 * whose every write is one write of the transaction's stream (store/writes.ts): journaled by
 * store/journal.ts, and read by the collection's derived indexes (on the write and on its undo),
 * a data directory and the readers of committed writes. The state stays plain data (snapshots, reset and
 * restore are a `structuredClone`); the tables are functions over it, declared once in
 * store/tables.ts, so a caller writes `tables.digests.set(data, group, open)` and cannot skip the
 * journal or an index. Reads go through the table too (`get`, `has`, `find`, `where`, `page`,
 * `size`, `values`): outside store/ no code reads a state collection itself
 * (test/architecture/table-reads.test.ts), so a collection can change its shape or gain an index
 * behind its table.
 *
 * @module
 */

import {
  journalAdd,
  journalDelete,
  journalInsert,
  journalRecord,
  journalRemove,
  journalSet,
} from './journal';
import { type TableIndex, type TableTap, tellIndexes } from './writes';

export type { TableIndex } from './writes';

/** A page of rows in the table's order. */
export interface RowPage<Row> {
  rows: Row[];
  /** Whether rows that match come after the page. */
  more: boolean;
}

/** The rows of an array from the last to the first. */
function* lastFirst<Row>(rows: readonly Row[]): Generator<Row> {
  for (let index = rows.length - 1; index >= 0; index--) yield rows[index] as Row;
}

/** The reads every table offers over its rows, in the collection's order. */
function rowReads<Owner, Row>(
  values: (owner: Owner) => Iterable<Row>,
  backwards: (owner: Owner) => Iterable<Row> = (owner) => lastFirst([...values(owner)]),
) {
  return {
    /** The first row `match` picks, or `undefined`. */
    find(owner: Owner, match: (row: Row) => boolean): Row | undefined {
      for (const row of values(owner)) if (match(row)) return row;
      return undefined;
    },
    /** Every row `match` picks (a new array, in the table's order). */
    where(owner: Owner, match: (row: Row) => boolean): Row[] {
      const found: Row[] = [];
      for (const row of values(owner)) if (match(row)) found.push(row);
      return found;
    },
    /** Whether any row matches. */
    some(owner: Owner, match: (row: Row) => boolean): boolean {
      for (const row of values(owner)) if (match(row)) return true;
      return false;
    },
    /**
     * Up to `limit` rows `match` picks (every row without it) after skipping `offset` of them,
     * and whether more follow; `lastFirst` walks from the table's end; the walk ends at the first
     * row `until` picks (no row after it can match: a time bound on a time-ordered table).
     * `fullPageMeansMore` stops at a full page and answers `more` as "the page is full" (the
     * service's `hasMore` of its page-numbered lists) instead of looking for one more row.
     */
    page(
      owner: Owner,
      options: {
        offset?: number;
        limit: number;
        match?: (row: Row) => boolean;
        lastFirst?: boolean;
        until?: ((row: Row) => boolean) | undefined;
        fullPageMeansMore?: boolean;
      },
    ): RowPage<Row> {
      const { offset = 0, limit, match, until } = options;
      const rows: Row[] = [];
      let skipped = 0;
      for (const row of options.lastFirst ? backwards(owner) : values(owner)) {
        if (until?.(row)) return { rows, more: false };
        if (match !== undefined && !match(row)) continue;
        if (skipped < offset) {
          skipped += 1;
          continue;
        }
        if (rows.length === limit) return { rows, more: true };
        rows.push(row);
        if (options.fullPageMeansMore && rows.length === limit) return { rows, more: true };
      }
      return { rows, more: false };
    },
  };
}

/**
 * The reads of a table over a `Map`: by key, and over the rows in insertion order.
 *
 * @example
 * ```ts
 * const subscribers = { ...mapReads((data: EnvironmentData) => data.subscribers), put };
 * ```
 */
export function mapReads<Owner, K, Row>(rows: (owner: Owner) => Map<K, Row>) {
  return {
    get: (owner: Owner, key: K): Row | undefined => rows(owner).get(key),
    has: (owner: Owner, key: K): boolean => rows(owner).has(key),
    size: (owner: Owner): number => rows(owner).size,
    /** The rows in insertion order, to read (writes go through the table). */
    values: (owner: Owner): MapIterator<Row> => rows(owner).values(),
    /** The keys in insertion order. */
    keys: (owner: Owner): MapIterator<K> => rows(owner).keys(),
    /** The `[key, row]` pairs in insertion order. */
    entries: (owner: Owner): MapIterator<[K, Row]> => rows(owner).entries(),
    ...rowReads((owner: Owner) => rows(owner).values()),
  };
}

/**
 * The reads of a table over an array: by position, and over the rows in the array's order.
 *
 * @example
 * ```ts
 * const messages = { ...listReads((data: EnvironmentData) => data.messages), insert };
 * ```
 */
export function listReads<Owner, Row>(rows: (owner: Owner) => Row[]) {
  return {
    /** The rows in the table's order, read-only (writes go through the table). */
    values: (owner: Owner): readonly Row[] => rows(owner),
    size: (owner: Owner): number => rows(owner).length,
    at: (owner: Owner, index: number): Row | undefined => rows(owner)[index],
    ...rowReads(rows, (owner: Owner) => lastFirst(rows(owner))),
  };
}

/** The in-place changes every table offers over its stored rows. */
function rowEdits<Owner, Row>(
  collection: (owner: Owner) => object,
  tap: TableTap,
  keyOf?: (row: Row) => unknown,
) {
  const via = (owner: Owner, row: Row & object) => ({
    table: tap,
    owner,
    within: { container: collection(owner), row, key: keyOf?.(row) },
  });
  return {
    /**
     * Keeps a copy of a stored row before the caller changes it in place (any field, nested ones
     * too); indexes are dropped. For tables whose indexes rebuild on read; otherwise `update`.
     */
    edit(owner: Owner, row: Row & object): void {
      journalRecord(row, via(owner, row));
    },
    /** Changes a stored row in place: a copy is journaled first, indexes are told after. */
    update<T>(owner: Owner, row: Row & object, change: (row: Row) => T): T {
      const write = journalRecord(row, via(owner, row), 'tell');
      const answer = change(row);
      tellIndexes(write);
      return answer;
    },
  };
}

/**
 * A table over a `Map` of the state: rows by key (`keyOf`: a row's key, which an in-place change
 * names; without it the change finds its key in the map).
 *
 * @example
 * ```ts
 * const digests = mapTable((data: EnvironmentData) => data.digests);
 * digests.set(data, group, open);
 * ```
 */
export function mapTable<Owner, K, Row>(
  rows: (owner: Owner) => Map<K, Row>,
  indexes: readonly TableIndex<Owner, Row>[] = [],
  keyOf?: (row: Row) => K,
) {
  const tap: TableTap = { indexes };
  return {
    ...mapReads(rows),
    /** What its writes carry on the stream (store/writes.ts), for the readers of commits. */
    tap,
    /** `map.set(key, row)`, journaled; indexes told. */
    set(owner: Owner, key: K, row: Row): void {
      journalSet(rows(owner), key, row, { table: tap, owner });
    },
    /** `map.delete(key)`, journaled; indexes told. */
    delete(owner: Owner, key: K): void {
      journalDelete(rows(owner), key, { table: tap, owner });
    },
    ...rowEdits<Owner, Row>(rows, tap, keyOf),
  };
}

/**
 * A table over an array of the state: rows in the array's order (insertion or `_id`).
 *
 * @example
 * ```ts
 * const messages = listTable((data: EnvironmentData) => data.messages);
 * messages.push(data, message);
 * ```
 */
export function listTable<Owner, Row>(
  rows: (owner: Owner) => Row[],
  indexes: readonly TableIndex<Owner, Row>[] = [],
) {
  const tap: TableTap = { indexes };
  return {
    ...listReads(rows),
    /** What its writes carry on the stream (store/writes.ts), for the readers of commits. */
    tap,
    /** Appends a row, journaled; indexes told. */
    push(owner: Owner, row: Row): void {
      const array = rows(owner);
      journalInsert(array, array.length, row, { table: tap, owner });
    },
    /** Inserts a row at `at`, journaled; indexes told. */
    insert(owner: Owner, at: number, row: Row): void {
      journalInsert(rows(owner), at, row, { table: tap, owner });
    },
    /** Removes the row at `at` (nothing when out of range), journaled; indexes told. */
    removeAt(owner: Owner, at: number): void {
      journalRemove(rows(owner), at, { table: tap, owner });
    },
    ...rowEdits<Owner, Row>(rows, tap),
  };
}

/**
 * A table over a `Set` of the state (members without rows).
 *
 * @example
 * ```ts
 * const transactionIds = setTable((data: EnvironmentData) => data.transactionIds);
 * transactionIds.add(data, transactionId);
 * ```
 */
export function setTable<Owner, V>(members: (owner: Owner) => Set<V>) {
  return {
    has: (owner: Owner, value: V): boolean => members(owner).has(value),
    size: (owner: Owner): number => members(owner).size,
    /** `set.add(value)`, journaled. */
    add(owner: Owner, value: V): void {
      journalAdd(members(owner), value);
    },
  };
}

/** One built key index: each key's rows in the order they were listed, and each row's key. */
interface BuiltKeyIndex<K, Row> {
  byKey: Map<K, Row[]>;
  keyOf: Map<Row, K>;
}

/**
 * A declared lookup of a table: its rows by a key (`keyOf`; `undefined` lists a row nowhere),
 * kept by the table's writes and their undos (a `TableIndex` to declare with the table), dropped
 * by an `edit` and built again on its next read. A key's rows come in table order (a row that joins
 * a key's rows anywhere but last drops the index, built again in order on its next read); the
 * index hangs off the array, so a reset or a restored state, which holds new arrays, starts anew.
 *
 * @example
 * ```ts
 * const byIdentifier = keyIndex((data: EnvironmentData) => data.integrations, (row) => row.identifier);
 * const integrations = listTable((data: EnvironmentData) => data.integrations, [byIdentifier]);
 * byIdentifier.lookup(data, 'sendgrid'); // the rows with that identifier, in table order
 * ```
 */
export function keyIndex<Owner, Row extends object, K>(
  rows: (owner: Owner) => Row[],
  keyOf: (row: Row) => K | undefined,
): TableIndex<Owner, Row> & { lookup(owner: Owner, key: K): readonly Row[] } {
  const built = new WeakMap<object, BuiltKeyIndex<K, Row>>();
  const unlist = (index: BuiltKeyIndex<K, Row>, row: Row): void => {
    if (!index.keyOf.has(row)) return;
    const key = index.keyOf.get(row) as K;
    index.keyOf.delete(row);
    const bucket = index.byKey.get(key);
    if (bucket === undefined) return;
    const at = bucket.lastIndexOf(row);
    if (at !== -1) bucket.splice(at, 1);
    if (bucket.length === 0) index.byKey.delete(key);
  };
  /** Lists `row` last among its key's rows; `false` when it is not last in `collection`. */
  const list = (index: BuiltKeyIndex<K, Row>, row: Row, collection?: readonly Row[]): boolean => {
    const key = keyOf(row);
    if (key === undefined) return true;
    const bucket = index.byKey.get(key);
    if (bucket !== undefined && collection !== undefined && collection.at(-1) !== row) {
      return false;
    }
    index.keyOf.set(row, key);
    if (bucket === undefined) index.byKey.set(key, [row]);
    else bucket.push(row);
    return true;
  };
  return {
    written(owner, row, previous) {
      const collection = rows(owner);
      const index = built.get(collection);
      if (index === undefined) return;
      // A row changed in place under the same key keeps its place among that key's rows.
      const inPlace = row !== undefined && (previous === undefined || previous === row);
      if (inPlace && index.keyOf.has(row) && index.keyOf.get(row) === keyOf(row)) return;
      if (previous !== undefined) unlist(index, previous);
      if (row === undefined) return;
      unlist(index, row);
      if (!list(index, row, collection)) built.delete(collection);
    },
    forget(owner) {
      built.delete(rows(owner));
    },
    lookup(owner, key) {
      const collection = rows(owner);
      let index = built.get(collection);
      if (index === undefined) {
        index = { byKey: new Map(), keyOf: new Map() };
        for (const row of collection) list(index, row);
        built.set(collection, index);
      }
      return index.byKey.get(key) ?? [];
    },
  };
}
