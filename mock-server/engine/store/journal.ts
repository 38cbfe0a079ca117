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

import { locateRows } from './row-changes';
import {
  activeTransaction,
  createTransaction,
  readCommitted,
  runTransaction,
  type Transaction,
} from './transaction';
import {
  type RowRef,
  type TableTap,
  tellIndexes,
  type Undo,
  undoWrite,
  type Write,
} from './writes';

/**
 * Told before an object of the state is changed in place (`assigned`: the object value a write
 * puts into it, if any). A data directory's compaction watches writes to keep the state as it was
 * when the compaction started (docs/decisions/0142-keeping-data.md#compaction-off-the-request-path).
 */
export type WriteWatcher = (target: object, assigned?: unknown) => void;

/**
 * What a write was made through: a table (`table`, over the collection of `owner`), or inside a
 * stored row (`within`).
 *
 * @example
 * ```ts
 * journalPush(open.notificationIds, id, { within: { container: data.digests, row: open, key: group } });
 * ```
 */
export interface WriteVia {
  readonly table?: TableTap;
  readonly owner?: unknown;
  readonly within?: RowRef;
}

let watchers: WriteWatcher[] = [];

/**
 * Puts `write` on the running transaction's stream, when it keeps one (a journal is open or it
 * records rows), locating the rows it changed when it records; then tells its table's indexes.
 */
function emit(write: Write): void {
  const transaction = activeTransaction();
  const writes = transaction?.writes;
  if (writes !== undefined) {
    const paths = (transaction as Transaction).rows;
    if (paths !== undefined) write.rows = locateRows(paths, write);
    writes.push(write);
  }
  if (write.table !== undefined && !(write.kind === 'copy' && write.reindex === 'tell')) {
    tellIndexes(write);
  }
}

/** Drops the writes nobody reads any more: outside a journal, once its rows are taken. */
function settle(transaction: Transaction): void {
  if (transaction.journals > 0 || transaction.writes === undefined) return;
  if (transaction.rows === undefined) transaction.writes = undefined;
  else if (transaction.rowsFrom < transaction.writes.length) return;
  else transaction.writes.length = 0;
  transaction.readFrom = 0;
  transaction.rowsFrom = 0;
}

/**
 * The writes of `transaction` not yet in a commit entry, from the first; marks them taken (what
 * a data directory's entry is made of: store/row-changes.ts `rowChangesOf`).
 *
 * @example
 * ```ts
 * const changes = rowChangesOf(paths.state(), takeWrites(transaction));
 * ```
 */
export function takeWrites(transaction: Transaction): readonly Write[] {
  const writes = transaction.writes ?? [];
  const taken = writes.slice(transaction.rowsFrom);
  transaction.rowsFrom = writes.length;
  settle(transaction);
  return taken;
}

/**
 * Starts keeping `transaction`'s writes for a data directory: each write locates the rows it
 * changed in `paths` (store/row-changes.ts) until {@link stopRecording}.
 *
 * @example
 * ```ts
 * startRecording(transaction, paths);
 * ```
 */
export function startRecording(transaction: Transaction, paths: Transaction['rows']): void {
  transaction.rows = paths;
  transaction.writes ??= [];
}

/**
 * Stops keeping `transaction`'s writes for a data directory (what is not taken is dropped).
 *
 * @example
 * ```ts
 * stopRecording(transaction);
 * ```
 */
export function stopRecording(transaction: Transaction): void {
  transaction.rows = undefined;
  settle(transaction);
}

/**
 * Runs `operation` in a journal: when it throws, every write it made is undone (newest first,
 * store/writes.ts `undoWrite`), then `afterRollback` runs when given, and the error goes on. The
 * undo is local: it costs what the operation wrote, not what the engine holds (derived indexes
 * and the clock's timers are told by the writes that touch them). Nested calls roll back only
 * their own writes; the outer call keeps them, so its own throw undoes the inner writes too. When
 * the outermost journal returns, the readers of committed writes read what it wrote
 * (store/transaction.ts `readCommits`).
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
  transaction.writes ??= [];
  const writes = transaction.writes;
  const mark = writes.length;
  transaction.journals += 1;
  let result: T;
  try {
    result = operation();
  } catch (error) {
    for (let index = writes.length - 1; index >= mark; index--) undoWrite(writes[index] as Write);
    writes.length = mark;
    if (transaction.rowsFrom > mark) transaction.rowsFrom = mark;
    if (transaction.readFrom > mark) transaction.readFrom = mark;
    afterRollback?.();
    throw error;
  } finally {
    transaction.journals -= 1;
    if (transaction.journals === 0) settleAfterJournal(transaction, writes.length > mark);
  }
  return result;
}

/** The outermost journal returned (or threw): its committed writes are read, then let go. */
function settleAfterJournal(transaction: Transaction, committed: boolean): void {
  if (committed) readCommitted(transaction);
  else if (transaction.writes !== undefined) transaction.readFrom = transaction.writes.length;
  settle(transaction);
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

/**
 * Records how to undo a change the caller makes outside the state (a timer of the clock). Does
 * nothing outside a journal.
 *
 * @example
 * ```ts
 * journalUndo(() => clock.cancel(handle));
 * ```
 */
export function journalUndo(undo: Undo): void {
  if ((activeTransaction()?.journals ?? 0) === 0) return;
  emit({ kind: 'undo', undo });
}

/**
 * Marks every write of the running transaction so far as read: the readers of committed writes
 * never get them (a seed sets data up; it delivers nothing, as a reset does not). Undone with a
 * rollback of the journal it runs in.
 *
 * @example
 * ```ts
 * journaled(() => {
 *   applySeed(scope, parsed);
 *   markWritesRead();
 * });
 * ```
 */
export function markWritesRead(): void {
  const transaction = activeTransaction();
  if (transaction?.writes !== undefined) transaction.readFrom = transaction.writes.length;
}

/**
 * Tells the readers of committed writes about `subject` although no row changed (a rollback
 * drops it as it drops a write). Does nothing outside a journal.
 *
 * @example
 * ```ts
 * journalNotice(subscriber._id, { table: messageRows.tap, owner: data });
 * ```
 */
export function journalNotice(subject: unknown, via: WriteVia): void {
  if ((activeTransaction()?.journals ?? 0) === 0) return;
  emit({ kind: 'notice', subject, table: via.table, owner: via.owner });
}

/**
 * `map.set(key, value)`, undone by putting the previous entry (or its absence) back.
 *
 * @example
 * ```ts
 * journalSet(data.digests, group, open);
 * ```
 */
export function journalSet<K, V>(map: Map<K, V>, key: K, value: V, via?: WriteVia): void {
  beforeWrite(map, value);
  const had = map.has(key);
  const previous = map.get(key);
  map.set(key, value);
  emit({
    kind: 'entry',
    container: map as Map<unknown, unknown>,
    key,
    had,
    previous,
    row: value,
    table: via?.table,
    owner: via?.owner,
    within: via?.within,
  });
}

/**
 * `map.delete(key)`, undone by putting the entry back.
 *
 * @example
 * ```ts
 * journalDelete(data.digests, group);
 * ```
 */
export function journalDelete<K, V>(map: Map<K, V>, key: K, via?: WriteVia): void {
  if (!map.has(key)) return;
  beforeWrite(map);
  const previous = map.get(key);
  map.delete(key);
  emit({
    kind: 'entry',
    container: map as Map<unknown, unknown>,
    key,
    had: true,
    previous,
    row: undefined,
    table: via?.table,
    owner: via?.owner,
    within: via?.within,
  });
}

/**
 * `set.add(value)`, undone by removing the value (nothing when it was there already).
 *
 * @example
 * ```ts
 * journalAdd(data.transactionIds, transactionId);
 * ```
 */
export function journalAdd<V>(set: Set<V>, value: V, via?: WriteVia): void {
  if (set.has(value)) return;
  beforeWrite(set, value);
  set.add(value);
  emit({
    kind: 'entry',
    container: set as Set<unknown>,
    key: value,
    had: false,
    previous: undefined,
    row: value,
    table: via?.table,
    owner: via?.owner,
    within: via?.within,
  });
}

/**
 * `array.push(item)`, undone by removing it.
 *
 * @example
 * ```ts
 * journalPush(data.messages, message);
 * ```
 */
export function journalPush<T>(array: T[], item: T, via?: WriteVia): void {
  journalInsert(array, array.length, item, via);
}

/**
 * `array.splice(index, 0, item)`, undone by removing it again.
 *
 * @example
 * ```ts
 * journalInsert(data.subscriberOrder, position, record._id);
 * ```
 */
export function journalInsert<T>(array: T[], index: number, item: T, via?: WriteVia): void {
  beforeWrite(array, item);
  if (index === array.length) array.push(item);
  else array.splice(index, 0, item);
  emit({
    kind: 'list',
    container: array,
    index,
    row: item,
    present: true,
    table: via?.table,
    owner: via?.owner,
    within: via?.within,
  });
}

/**
 * `array.splice(index, 1)`, undone by putting the item back where it was.
 *
 * @example
 * ```ts
 * journalRemove(state.scheduled, index);
 * ```
 */
export function journalRemove<T>(array: T[], index: number, via?: WriteVia): void {
  if (index < 0 || index >= array.length) return;
  beforeWrite(array);
  const [removed] = array.splice(index, 1);
  emit({
    kind: 'list',
    container: array,
    index,
    row: removed,
    present: false,
    table: via?.table,
    owner: via?.owner,
    within: via?.within,
  });
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
  via?: WriteVia,
): void {
  beforeWrite(record, value);
  const had = Object.hasOwn(record, key);
  const previous = record[key];
  record[key] = value;
  emit({
    kind: 'field',
    record,
    field: key,
    had,
    previous,
    value,
    table: via?.table,
    owner: via?.owner,
    within: via?.within,
  });
}

/**
 * Keeps a copy of an existing record before the caller changes it in place (any field, nested
 * ones included); undone by putting the copy's fields back into the same object, so the indexes
 * and references that hold it stay valid. Meant for small records (a subscriber, a tenant).
 * `reindex`: whether its table's indexes are told after the change by the caller (`tell`) or
 * dropped now (`forget`, the default).
 *
 * @example
 * ```ts
 * journalRecord(subscriber);
 * subscriber.channels.push(channel);
 * ```
 */
export function journalRecord(
  record: object,
  via?: WriteVia,
  reindex: 'tell' | 'forget' = 'forget',
): Write {
  beforeWrite(record);
  const transaction = activeTransaction();
  const before =
    transaction !== undefined && transaction.journals > 0
      ? (structuredClone(record) as Record<string, unknown>)
      : undefined;
  const write: Write = {
    kind: 'copy',
    record,
    before,
    reindex,
    table: via?.table,
    owner: via?.owner,
    within: via?.within,
  };
  emit(write);
  return write;
}
