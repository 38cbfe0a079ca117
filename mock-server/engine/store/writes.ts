/**
 * The stream of writes (docs/decisions/0142-keeping-data.md#one-stream-of-writes): every change
 * the journal's write helpers and the tables make is one {@link Write} of the running
 * transaction, and everything that follows the state's changes reads that stream: the undo log
 * (a rollback undoes the writes newest first, {@link undoWrite}), a table's indexes (told of each
 * of its writes, and of the reverse on undo), a data directory's journal (the rows each write
 * changed, located when it is made: store/row-changes.ts) and the readers of committed writes
 * (the Inbox announcements, the bridge calls' pump: store/transaction.ts `readCommits`).
 *
 * @module
 */

import type { RowEvent } from './row-changes';

/**
 * How to undo a write the helpers do not describe (a timer of the clock, kept outside the state).
 */
export type Undo = () => void;

/**
 * A derived index of a table, kept outside the state: told of each write after it happened
 * (`written`, absent: nothing to do). When a write is undone, an index with `written` is told the
 * reverse write (the row back to what it was), so it stays built and a rollback costs what the
 * operation wrote; one without it is dropped (`forget`; it rebuilds on its next read).
 *
 * @example
 * ```ts
 * const index: TableIndex<EnvironmentData, WorkflowRecord> = { forget: (data) => workflowsChanged(data) };
 * ```
 */
export interface TableIndex<Owner, Row> {
  written?(owner: Owner, row: Row | undefined, previous: Row | undefined): void;
  forget(owner: Owner): void;
}

/**
 * The table a write was made through, as the readers of committed writes know it (`write.table ===
 * tables.messages.tap`), with its indexes.
 *
 * @example
 * ```ts
 * const tap: TableTap = { indexes: [] };
 * ```
 */
export interface TableTap {
  // biome-ignore lint/suspicious/noExplicitAny: a tap carries the indexes of any table's owner and row
  readonly indexes: readonly TableIndex<any, any>[];
}

/** A stored row that a write changes in place (a field of it, or a list inside it). */
export interface RowRef {
  /** The collection of the state it is stored in. */
  readonly container: object;
  readonly row: object;
  /** Its map key, when `container` is a map. */
  readonly key?: unknown;
}

interface WriteBase {
  /** The table it was made through, with the collection's owner (an environment's data, the state). */
  readonly table?: TableTap | undefined;
  readonly owner?: unknown;
  /** The stored row it changes in place, when it writes inside a row. */
  readonly within?: RowRef | undefined;
  /** The rows it changed, located when a data directory keeps them (store/row-changes.ts). */
  rows?: readonly RowEvent[] | undefined;
}

/** `container.set(key, row)` or `container.delete(key)` of a map, `container.add(key)` of a set. */
export interface EntryWrite extends WriteBase {
  readonly kind: 'entry';
  readonly container: Map<unknown, unknown> | Set<unknown>;
  readonly key: unknown;
  readonly had: boolean;
  readonly previous: unknown;
  /** The value set (`undefined` for a delete; the member for a set). */
  readonly row: unknown;
}

/** `row` put into (`present`) or taken out of the list `container` at `index`. */
export interface ListWrite extends WriteBase {
  readonly kind: 'list';
  readonly container: unknown[];
  readonly index: number;
  readonly row: unknown;
  readonly present: boolean;
}

/** `record[field] = value`. */
export interface FieldWrite extends WriteBase {
  readonly kind: 'field';
  readonly record: object;
  readonly field: PropertyKey;
  readonly had: boolean;
  readonly previous: unknown;
  readonly value: unknown;
}

/**
 * A stored row about to change in place, any field: `before` is its copy while a journal is open.
 * `reindex` says how its table's indexes follow: told after the change (`tell`, by the table) or
 * dropped (`forget`).
 */
export interface CopyWrite extends WriteBase {
  readonly kind: 'copy';
  readonly record: object;
  readonly before: Record<string, unknown> | undefined;
  readonly reindex: 'tell' | 'forget';
}

/** A change outside the state, with how to undo it. */
export interface UndoWrite extends WriteBase {
  readonly kind: 'undo';
  readonly undo: Undo;
}

/**
 * Something the readers of committed writes hear of that changed no row (`subject`: what it is
 * about): the service announces a subscriber's Inbox counts after a mark-all that changed none.
 */
export interface NoticeWrite extends WriteBase {
  readonly kind: 'notice';
  readonly subject: unknown;
}

/**
 * One write of the stream.
 *
 * @example
 * ```ts
 * const write: Write = { kind: 'entry', container: data.digests, key: group, had: false, previous: undefined };
 * ```
 */
export type Write = EntryWrite | ListWrite | FieldWrite | CopyWrite | UndoWrite | NoticeWrite;

/** The row a write put in place, as its table's indexes see it (no object per write: a hot path). */
function rowOf(write: Write): unknown {
  switch (write.kind) {
    case 'entry':
      return write.row;
    case 'list':
      return write.present ? write.row : undefined;
    case 'copy':
      return write.record;
    default:
      return undefined;
  }
}

/** The row a write replaced, as its table's indexes see it. */
function previousOf(write: Write): unknown {
  if (write.kind === 'entry') return write.previous;
  return write.kind === 'list' && !write.present ? write.row : undefined;
}

/**
 * Tells the indexes of the table `write` was made through that it happened (a row `edit`'s drop
 * them; an `update` tells them after its change, through this too).
 *
 * @example
 * ```ts
 * tellIndexes(write);
 * ```
 */
export function tellIndexes(write: Write): void {
  const { table } = write;
  if (table === undefined || table.indexes.length === 0) return;
  for (const index of table.indexes) {
    if (index.written && !(write.kind === 'copy' && write.reindex === 'forget')) {
      index.written(write.owner, rowOf(write), previousOf(write));
    } else index.forget(write.owner);
  }
}

function restore(write: Write): void {
  switch (write.kind) {
    case 'entry': {
      const { container, key, had, previous } = write;
      if (container instanceof Map) {
        if (had) container.set(key, previous);
        else container.delete(key);
      } else if (had) container.add(key);
      else container.delete(key);
      return;
    }
    case 'list':
      if (write.present) write.container.splice(write.index, 1);
      else write.container.splice(write.index, 0, write.row);
      return;
    case 'field': {
      const record = write.record as Record<PropertyKey, unknown>;
      if (write.had) record[write.field] = write.previous;
      else delete record[write.field];
      return;
    }
    case 'copy': {
      const { before } = write;
      if (before === undefined) return;
      const target = write.record as Record<string, unknown>;
      for (const key of Object.keys(target)) if (!Object.hasOwn(before, key)) delete target[key];
      Object.assign(target, before);
      return;
    }
    case 'undo':
      write.undo();
      return;
    case 'notice':
  }
}

/**
 * Undoes `write`, then tells its table's indexes the reverse (the row back to what it was).
 *
 * @example
 * ```ts
 * for (let at = writes.length - 1; at >= mark; at--) undoWrite(writes[at]);
 * ```
 */
export function undoWrite(write: Write): void {
  restore(write);
  const { table } = write;
  if (table === undefined || table.indexes.length === 0) return;
  for (const index of table.indexes) {
    if (!index.written || (write.kind === 'copy' && write.reindex === 'forget')) {
      index.forget(write.owner);
    } else if (write.kind === 'copy') index.written(write.owner, write.record, write.record);
    else index.written(write.owner, previousOf(write), rowOf(write));
  }
}
