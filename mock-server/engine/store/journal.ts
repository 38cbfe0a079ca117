/**
 * The engine's write journal: an undo log that makes every engine operation all or nothing
 * (docs/http-server.md#a-failed-request-changes-no-state). The operation table opens a journal
 * per operation ({@link journaled}); while one is open, the write helpers below record how to
 * undo each write, and a throw anywhere in the operation undoes them newest first before it goes
 * on. Outside an operation (seeding, the clock run by the control API) they write without a log.
 *
 * Only writes that outlive a failed operation need the helpers: a write to a collection of the
 * state, or to a record that existed before the operation. Records the operation created itself
 * (a new notification and its jobs) are unreachable once the collections are undone, so they
 * are written directly.
 *
 * The log and the callbacks waiting for the commit belong to the running transaction
 * (store/transaction.ts): each engine's request has its own, and a journal opened with none
 * running runs in a transaction of its own.
 *
 * @module
 */

import { noteAssign, noteKey, noteListRow, type RowLog, touchRow } from './row-changes';
import {
  activeTransaction,
  createTransaction,
  runTransaction,
  type Transaction,
  type Undo,
} from './transaction';

/**
 * Told before an object of the state is changed in place (`assigned`: the object value a write
 * puts into it, if any). A data directory's compaction watches writes to keep the state as it was
 * when the compaction started (docs/decisions/0142-keeping-data.md#compaction-off-the-request-path).
 */
export type WriteWatcher = (target: object, assigned?: unknown) => void;

let watchers: WriteWatcher[] = [];

/** The undo log of the running transaction while its journal is open. */
const openLog = (): Undo[] | undefined => activeTransaction()?.undo;

/** The row log of the running transaction while it records for a data directory. */
const openRows = (): RowLog | undefined => activeTransaction()?.rows;

/**
 * Runs `operation` in a journal: when it throws, every journaled write it made is undone (newest
 * first), then `afterRollback` runs when given, and the error goes on. The undo is local: it costs
 * what the operation wrote, not what the engine holds (derived indexes and the clock's timers are
 * journaled by the writes that touch them). Nested calls roll back only their own writes; the outer call keeps the log, so
 * its own throw undoes the inner writes too.
 *
 * @example
 * ```ts
 * const notifications: string[] = [];
 * try {
 *   journaled(() => {
 *     journalPush(notifications, 'n-1');
 *     throw new Error('boom');
 *   });
 * } catch {}
 * notifications; // []
 * ```
 */
export function journaled<T>(operation: () => T, afterRollback?: () => void): T {
  const transaction = activeTransaction();
  if (transaction === undefined) {
    return runTransaction(createTransaction(), () => journaled(operation, afterRollback));
  }
  const outer = transaction.undo;
  const current = outer ?? [];
  const mark = current.length;
  const commitMark = transaction.committed.length;
  const rowsMark = transaction.rows?.events.length ?? 0;
  transaction.undo = current;
  let result: T;
  try {
    result = operation();
  } catch (error) {
    for (let index = current.length - 1; index >= mark; index--) (current[index] as Undo)();
    current.length = mark;
    transaction.committed.length = commitMark;
    const rows = transaction.rows;
    if (rows !== undefined && rows.events.length > rowsMark) rows.events.length = rowsMark;
    afterRollback?.();
    throw error;
  } finally {
    transaction.undo = outer;
  }
  if (outer === undefined) runCommitted(transaction);
  return result;
}

/**
 * Calls `watcher` before every write the helpers below (and the tables) make, with or without an
 * open journal, until the returned function is called.
 *
 * @example
 * ```ts
 * const stop = watchWrites((target) => keepAsItWas(target));
 * stop();
 * ```
 */
export function watchWrites(watcher: WriteWatcher): () => void {
  watchers = [...watchers, watcher];
  return () => {
    watchers = watchers.filter((other) => other !== watcher);
  };
}

/**
 * Tells the watchers ({@link watchWrites}) that `target` is about to change in place: every write
 * to an existing object of the state calls it first (the helpers below do).
 *
 * @example
 * ```ts
 * beforeWrite(list);
 * list.splice(at, 0, item);
 * ```
 */
export function beforeWrite(target: object, assigned?: unknown): void {
  if (watchers.length === 0) return;
  for (const watcher of watchers) watcher(target, assigned);
}

function runCommitted(transaction: Transaction): void {
  const callbacks = transaction.committed;
  transaction.committed = [];
  for (const callback of callbacks) callback();
}

/**
 * Runs `callback` once the operation's writes are kept: after the outermost journal returns, or
 * at once outside a journal. A rolled-back operation (or nested part) drops its callbacks, so
 * what they announce never happened is never announced.
 *
 * @example
 * ```ts
 * afterCommit(() => changes.announce({ kind: 'counts', subscriberId }));
 * ```
 */
export function afterCommit(callback: () => void): void {
  const transaction = activeTransaction();
  if (transaction?.undo === undefined) callback();
  else transaction.committed.push(callback);
}

/**
 * Records how to undo a write the caller is about to make (for writes the helpers below do not
 * cover). Does nothing outside a journal.
 *
 * @example
 * ```ts
 * journalUndo(() => state.outbox.splice(start));
 * ```
 */
export function journalUndo(undo: Undo): void {
  openLog()?.push(undo);
}

/**
 * `map.set(key, value)`, undone by putting the previous entry (or its absence) back.
 *
 * @example
 * ```ts
 * journalSet(data.digests, group, open);
 * ```
 */
export function journalSet<K, V>(map: Map<K, V>, key: K, value: V): void {
  beforeWrite(map, value);
  const log = openLog();
  if (log !== undefined) {
    const had = map.has(key);
    const previous = map.get(key) as V;
    log.push(had ? () => map.set(key, previous) : () => map.delete(key));
  }
  map.set(key, value);
  const rows = openRows();
  if (rows !== undefined) noteKey(rows, map as Map<unknown, unknown>, key);
}

/**
 * `map.delete(key)`, undone by putting the entry back.
 *
 * @example
 * ```ts
 * journalDelete(data.digests, group);
 * ```
 */
export function journalDelete<K, V>(map: Map<K, V>, key: K): void {
  beforeWrite(map);
  const log = openLog();
  if (log !== undefined && map.has(key)) {
    const previous = map.get(key) as V;
    log.push(() => map.set(key, previous));
  }
  map.delete(key);
  const rows = openRows();
  if (rows !== undefined) noteKey(rows, map as Map<unknown, unknown>, key);
}

/**
 * `set.add(value)`, undone by removing the value when it was not there before.
 *
 * @example
 * ```ts
 * journalAdd(data.transactionIds, transactionId);
 * ```
 */
export function journalAdd<V>(set: Set<V>, value: V): void {
  beforeWrite(set, value);
  const log = openLog();
  if (log !== undefined && !set.has(value)) log.push(() => set.delete(value));
  set.add(value);
  const rows = openRows();
  if (rows !== undefined) noteKey(rows, set as Set<unknown>, value);
}

/**
 * `array.push(item)`, undone by removing the last item (undos run newest first, so it is this one).
 *
 * @example
 * ```ts
 * journalPush(data.messages, message);
 * ```
 */
export function journalPush<T>(array: T[], item: T): void {
  beforeWrite(array, item);
  const log = openLog();
  if (log !== undefined) log.push(() => array.pop());
  array.push(item);
  const rows = openRows();
  if (rows !== undefined) noteListRow(rows, array, item, true);
}

/**
 * `array.splice(index, 0, item)`, undone by removing it again.
 *
 * @example
 * ```ts
 * journalInsert(data.subscriberOrder, position, record._id);
 * ```
 */
export function journalInsert<T>(array: T[], index: number, item: T): void {
  beforeWrite(array, item);
  const log = openLog();
  if (log !== undefined) log.push(() => array.splice(index, 1));
  array.splice(index, 0, item);
  const rows = openRows();
  if (rows !== undefined) noteListRow(rows, array, item, true);
}

/**
 * `array.splice(index, 1)`, undone by putting the item back where it was.
 *
 * @example
 * ```ts
 * journalRemove(state.scheduled, index);
 * ```
 */
export function journalRemove<T>(array: T[], index: number): void {
  beforeWrite(array);
  const log = openLog();
  const [removed] = array.splice(index, 1);
  if (log !== undefined && removed !== undefined) {
    log.push(() => array.splice(index, 0, removed));
  }
  const rows = openRows();
  if (rows !== undefined) noteListRow(rows, array, removed, false);
}

/**
 * `record[key] = value`, undone by putting the previous value (or its absence) back.
 *
 * @example
 * ```ts
 * journalAssign(workflow, 'lastTriggeredAt', at);
 * ```
 */
export function journalAssign<T extends object, K extends keyof T>(
  record: T,
  key: K,
  value: T[K],
): void {
  beforeWrite(record, value);
  const rows = openRows();
  if (rows !== undefined) noteAssign(rows, record, key, value);
  const log = openLog();
  if (log !== undefined) {
    const had = Object.hasOwn(record, key);
    const previous = record[key];
    log.push(
      had
        ? () => {
            record[key] = previous;
          }
        : () => {
            delete record[key];
          },
    );
  }
  record[key] = value;
}

/**
 * Keeps a copy of an existing record before the caller changes it in place (any field, nested
 * ones included); undone by putting the copy's fields back into the same object, so the indexes
 * and references that hold it stay valid. Meant for small records (a subscriber, a tenant).
 *
 * @example
 * ```ts
 * journalRecord(subscriber);
 * subscriber.channels.push(channel);
 * ```
 */
export function journalRecord(record: object): void {
  beforeWrite(record);
  const log = openLog();
  if (log === undefined) return;
  const before = structuredClone(record) as Record<string, unknown>;
  const target = record as Record<string, unknown>;
  log.push(() => {
    for (const key of Object.keys(target)) if (!Object.hasOwn(before, key)) delete target[key];
    Object.assign(target, before);
  });
}

/**
 * Tells the running commit's row log (store/row-changes.ts) that a stored row of `container`
 * changed in place (`key`: its map key when known). Every table change inside a row says so.
 *
 * @example
 * ```ts
 * journalTouch(data.digests, open, group);
 * ```
 */
export function journalTouch(container: object, row: object, key?: unknown): void {
  const rows = openRows();
  if (rows !== undefined) touchRow(rows, container, row, key);
}

/**
 * Tells the running commit's row log that `row` was put into (`present`) or taken out of the
 * list `container` by a write the helpers above did not make.
 *
 * @example
 * ```ts
 * journalListRow(array, row, true);
 * ```
 */
export function journalListRow(container: unknown[], row: unknown, present: boolean): void {
  const rows = openRows();
  if (rows !== undefined) noteListRow(rows, container, row, present);
}

/**
 * Tells the running commit's row log that `member` of the set `container` was added or removed
 * by a write the helpers above did not make.
 *
 * @example
 * ```ts
 * journalMember(set, value);
 * ```
 */
export function journalMember(container: Set<unknown>, member: unknown): void {
  const rows = openRows();
  if (rows !== undefined) noteKey(rows, container, member);
}
