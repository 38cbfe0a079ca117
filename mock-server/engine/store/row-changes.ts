/**
 * The row changes of one commit (docs/decisions/0142-keeping-data.md#rows-not-requests): while a
 * transaction records for a data directory (store/transaction.ts `rows`), every write to the state
 * says which row of which table it touched, and at the commit the rows are read as they are then
 * (later in-place changes of the same request included). A data directory writes them down and
 * puts them back after a restart (store/row-apply.ts) without running any rule.
 *
 * A table is a collection of the engine state (`scheduled`, `idempotency` ...) or of an
 * environment's data (`subscribers`, `notifications` ...), named by its field; a row is a map's
 * entry, a set's member or a list's record (keyed by `_id`, `seq` or `messageId`, see
 * {@link listRowKey}). Scalar fields of the state (`taskSequence`, `retentionPass`) are changes
 * too. The write helpers (store/journal.ts) report the collections they write; a change inside a
 * stored row (a nested list, one field) is reported by its table with {@link touchRow}.
 * Collections derived from a table (`subscriberKeys`, `notificationsById` ...) are not recorded:
 * they are rebuilt from their table's changes.
 *
 * @module
 */

import type { EngineState, EnvironmentData } from './state';

/**
 * One changed row: `table` (a collection's field, `throttle.<field>` for the throttle store)
 * of the environment `environment` (absent: the engine state); `key` the map key, set member or
 * list row key; `row` the row (absent and `removed` set when it is gone). A `field` change sets a
 * scalar field of the state or environment to `row`.
 *
 * @example
 * ```ts
 * const change: RowChange = { table: 'subscribers', environment: envId, key: 'sub-1', row };
 * ```
 */
export interface RowChange {
  table: string;
  environment?: string;
  key?: unknown;
  row?: unknown;
  removed?: true;
  field?: true;
}

/** Collections derived from another table: rebuilt when its rows are applied, never recorded. */
const DERIVED_TABLES: ReadonlySet<string> = new Set([
  'subscriberKeys',
  'subscriberOrder',
  'subscriptionsBySubscriber',
  'notificationsById',
]);

type Fields = Record<string, unknown>;

const bySeq = (row: Fields): unknown => row['seq'];

/**
 * The key of the lists not keyed by `_id`. A chat message sent to several channel endpoints has
 * one outbox entry per endpoint: its key names the endpoint too (a full copy holds it at its top,
 * an entry in `recipient`).
 */
const LIST_KEYS: Readonly<Record<string, (row: Fields) => unknown>> = {
  scheduled: bySeq,
  fanOuts: bySeq,
  bridgeCalls: bySeq,
  outbox(row) {
    const endpoint = (row['channelEndpoint'] ??
      (row['recipient'] as Fields | undefined)?.['channelEndpoint']) as Fields | undefined;
    const identifier = endpoint?.['identifier'];
    return typeof identifier === 'string' ? `${row['messageId']}:${identifier}` : row['messageId'];
  },
};

/**
 * The key of a list's row: its `_id`, or what the table keys it by.
 *
 * @example
 * ```ts
 * listRowKey('scheduled', task); // task.seq
 * ```
 */
export function listRowKey(table: string, row: unknown): unknown {
  if (row === null || typeof row !== 'object') return undefined;
  const key = LIST_KEYS[table];
  return key === undefined ? (row as Fields)['_id'] : key(row as Fields);
}

interface CollectionPath {
  readonly environment: string | undefined;
  readonly table: string;
}

interface OwnerPath {
  readonly environment: string | undefined;
  /** `''` for the state or an environment's data, `throttle.` for a throttle store. */
  readonly prefix: string;
}

type RowEvent =
  | { readonly path: CollectionPath; readonly key: unknown; readonly row?: object }
  | {
      readonly path: CollectionPath;
      readonly listRow: object;
      readonly present: boolean;
    }
  | { readonly owner: OwnerPath; readonly ownerObject: object; readonly field: string };

const isCollection = (value: unknown): value is Map<unknown, unknown> | Set<unknown> | unknown[] =>
  value instanceof Map || value instanceof Set || Array.isArray(value);

/**
 * Where each collection of one engine's state is: found by scanning the state when a written
 * object is not known yet (a new environment, a replaced state), remembered per object.
 *
 * @example
 * ```ts
 * const paths = createCollectionPaths(() => core.state);
 * ```
 */
export interface CollectionPaths {
  /** The table `container` is, if it is one. */
  collection(container: object): CollectionPath | undefined;
  /** The state or environment data (or throttle store) `owner` is, if it is one. */
  owner(owner: object): OwnerPath | undefined;
  /** Remembers that `container` is now the collection `path` (a field replaced by a new one). */
  replaced(container: object, path: CollectionPath): void;
  /** The engine state they are read from. */
  state(): EngineState;
}

/**
 * Creates the collection paths of the engine whose state `state()` answers.
 *
 * @example
 * ```ts
 * const paths = createCollectionPaths(() => core.state);
 * ```
 */
export function createCollectionPaths(state: () => EngineState): CollectionPaths {
  let collections = new WeakMap<object, CollectionPath>();
  let owners = new WeakMap<object, OwnerPath>();
  // Objects that were not found after a scan (rows, nested lists): not scanned for again.
  let unknown = new WeakSet<object>();
  const addOwner = (owner: object, path: OwnerPath) => {
    owners.set(owner, path);
    for (const [field, value] of Object.entries(owner)) {
      if (isCollection(value)) {
        collections.set(value, { environment: path.environment, table: path.prefix + field });
      }
    }
  };
  let scanned: EngineState | undefined;
  const scan = () => {
    collections = new WeakMap();
    owners = new WeakMap();
    unknown = new WeakSet();
    const current = state();
    scanned = current;
    addOwner(current, { environment: undefined, prefix: '' });
    for (const [environment, data] of current.data) {
      addOwner(data, { environment, prefix: '' });
      addOwner(data.throttle, { environment, prefix: 'throttle.' });
    }
  };
  // Collections replaced through the journal are told (`replaced`); only a new state or a new
  // environment needs a scan, so a row the request just made (most misses) costs no scan.
  const stale = (): boolean => {
    const current = state();
    if (current !== scanned) return true;
    for (const data of current.data.values()) {
      if (!owners.has(data) || !owners.has(data.throttle)) return true;
    }
    return false;
  };
  const find = <T>(map: () => WeakMap<object, T>, target: object): T | undefined => {
    const known = map().get(target);
    if (known !== undefined || unknown.has(target)) return known;
    if (stale()) scan();
    const found = map().get(target);
    if (found === undefined) unknown.add(target);
    return found;
  };
  return {
    collection: (container) => find(() => collections, container),
    owner: (owner) => find(() => owners, owner),
    replaced(container, path) {
      unknown.delete(container);
      collections.set(container, path);
    },
    state,
  };
}

/**
 * The row changes a recording transaction collects (store/transaction.ts `rows`).
 *
 * @example
 * ```ts
 * transaction.rows = createRowLog(paths);
 * ```
 */
export interface RowLog {
  readonly paths: CollectionPaths;
  events: RowEvent[];
}

/**
 * A new, empty row log over `paths`.
 *
 * @example
 * ```ts
 * const log = createRowLog(createCollectionPaths(() => state));
 * ```
 */
export function createRowLog(paths: CollectionPaths): RowLog {
  return { paths, events: [] };
}

function tableOf(log: RowLog, container: object): CollectionPath | undefined {
  const path = log.paths.collection(container);
  return path === undefined || DERIVED_TABLES.has(path.table) ? undefined : path;
}

/**
 * The entry `key` of a map or set of the state may have changed (read at the commit).
 *
 * @example
 * ```ts
 * noteKey(log, data.digests, group);
 * ```
 */
export function noteKey(
  log: RowLog,
  container: Map<unknown, unknown> | Set<unknown>,
  key: unknown,
): void {
  const path = tableOf(log, container);
  if (path === undefined) return;
  log.events.push({ path, key });
  // A new environment's data: its collections are tables from now on.
  if (path.table === 'data' && path.environment === undefined && container instanceof Map) {
    const data = container.get(key) as EnvironmentData | undefined;
    if (data !== undefined) {
      for (const [field, value] of Object.entries(data)) {
        if (isCollection(value))
          log.paths.replaced(value, { environment: key as string, table: field });
      }
    }
  }
}

/**
 * `row` was put into (`present`) or taken out of the list `container` of the state.
 *
 * @example
 * ```ts
 * noteListRow(log, data.messages, message, true);
 * ```
 */
export function noteListRow(
  log: RowLog,
  container: unknown[],
  row: unknown,
  present: boolean,
): void {
  if (row === null || typeof row !== 'object') return;
  const path = tableOf(log, container);
  if (path !== undefined) log.events.push({ path, listRow: row, present });
}

/**
 * A stored row was changed in place (a field, or a list inside it): the table that owns `row`
 * says so with the collection it is in (`key`: its map key, when `container` is a map).
 *
 * @example
 * ```ts
 * touchRow(log, data.digests, open, group);
 * ```
 */
export function touchRow(log: RowLog, container: object, row: object, key?: unknown): void {
  if (Array.isArray(container)) {
    noteListRow(log, container, row, true);
    return;
  }
  if (!(container instanceof Map)) return;
  let found = key;
  if (found === undefined) {
    for (const [entryKey, value] of container) {
      if (value === row) {
        found = entryKey;
        break;
      }
    }
  }
  if (found !== undefined) noteKey(log, container, found);
}

/**
 * `record[field]` is about to be set to `value`: when `record` is the state, an environment's
 * data or a throttle store, a scalar field changed or a whole collection was replaced (the rows
 * it lost or gained are changes); when it is a list of the state, a row was replaced by another.
 *
 * @example
 * ```ts
 * noteAssign(log, data, 'messages', kept);
 * ```
 */
export function noteAssign(log: RowLog, record: object, field: PropertyKey, value: unknown): void {
  const previous = (record as Record<PropertyKey, unknown>)[field];
  if (Array.isArray(record)) {
    noteListRow(log, record, previous, false);
    noteListRow(log, record, value, true);
    return;
  }
  if (typeof field !== 'string') return;
  const owner = log.paths.owner(record);
  if (owner === undefined) return;
  const table = owner.prefix + field;
  if (!isCollection(value) || !isCollection(previous)) {
    log.events.push({ owner, ownerObject: record, field });
    return;
  }
  const path = { environment: owner.environment, table };
  log.paths.replaced(value, path);
  if (DERIVED_TABLES.has(table)) return;
  noteReplacement(log, path, previous, value);
}

function noteReplacement(
  log: RowLog,
  path: CollectionPath,
  previous: Map<unknown, unknown> | Set<unknown> | unknown[],
  next: Map<unknown, unknown> | Set<unknown> | unknown[],
): void {
  if (Array.isArray(previous) && Array.isArray(next)) {
    const kept = new Set(next);
    const had = new Set(previous);
    for (const row of previous) {
      if (!kept.has(row) && row !== null && typeof row === 'object') {
        log.events.push({ path, listRow: row, present: false });
      }
    }
    for (const row of next) {
      if (!had.has(row) && row !== null && typeof row === 'object') {
        log.events.push({ path, listRow: row, present: true });
      }
    }
    return;
  }
  const keysOf = (collection: Map<unknown, unknown> | Set<unknown> | unknown[]) =>
    collection instanceof Map || collection instanceof Set ? [...collection.keys()] : [];
  const nextHas = (key: unknown) => (next instanceof Map || next instanceof Set) && next.has(key);
  const previousHas = (key: unknown) =>
    (previous instanceof Map || previous instanceof Set) && previous.has(key);
  for (const key of keysOf(previous)) {
    if (!nextHas(key)) log.events.push({ path, key });
  }
  for (const key of keysOf(next)) {
    if (
      !previousHas(key) ||
      (next instanceof Map && previous instanceof Map && next.get(key) !== previous.get(key))
    ) {
      log.events.push({ path, key });
    }
  }
}

function collectionAt(state: EngineState, path: CollectionPath): unknown {
  const owner: object | undefined =
    path.environment === undefined ? state : state.data.get(path.environment);
  if (owner === undefined) return undefined;
  if (path.table.startsWith('throttle.')) {
    const throttle = (owner as EnvironmentData).throttle as unknown as Record<string, unknown>;
    return throttle?.[path.table.slice('throttle.'.length)];
  }
  return (owner as Record<string, unknown>)[path.table];
}

/**
 * The changes `log` collected, each row read as it is now (one change per row, in the order the
 * rows were first written), and empties the log. Rows of an environment that is gone are left
 * out (its removal is a change of the state's `data`).
 *
 * @example
 * ```ts
 * const changes = takeRowChanges(transaction.rows);
 * ```
 */
export function takeRowChanges(log: RowLog): RowChange[] {
  const events = log.events;
  log.events = [];
  const state = log.paths.state();
  // One change per row: the last event of each decides a list row's presence.
  const byRow = new Map<string, Map<unknown, RowEvent>>();
  for (const event of events) {
    let group: string;
    let key: unknown;
    if ('owner' in event) {
      group = `${event.owner.environment ?? ''}\u0000field`;
      key = event.owner.prefix + event.field;
    } else {
      group = `${event.path.environment ?? ''}\u0000${event.path.table}`;
      key = 'listRow' in event ? listRowKey(event.path.table, event.listRow) : event.key;
    }
    let rows = byRow.get(group);
    if (rows === undefined) {
      rows = new Map();
      byRow.set(group, rows);
    }
    // Delete first: the change goes where the row was last written.
    rows.delete(key);
    rows.set(key, event);
  }
  const changes: RowChange[] = [];
  for (const rows of byRow.values()) {
    for (const [key, event] of rows) {
      if ('owner' in event) {
        if (event.owner.environment !== undefined && !state.data.has(event.owner.environment)) {
          continue;
        }
        const change: RowChange = {
          table: event.owner.prefix + event.field,
          field: true,
          row: (event.ownerObject as Record<string, unknown>)[event.field],
        };
        if (event.owner.environment !== undefined) change.environment = event.owner.environment;
        changes.push(change);
        continue;
      }
      const collection = collectionAt(state, event.path);
      if (collection === undefined) continue;
      const change: RowChange = { table: event.path.table, key };
      if (event.path.environment !== undefined) change.environment = event.path.environment;
      if ('listRow' in event) {
        if (event.present) change.row = event.listRow;
        else change.removed = true;
      } else if (collection instanceof Map) {
        if (collection.has(key)) change.row = collection.get(key);
        else change.removed = true;
      } else if (collection instanceof Set) {
        if (!collection.has(key)) change.removed = true;
      } else continue;
      changes.push(change);
    }
  }
  return changes;
}
