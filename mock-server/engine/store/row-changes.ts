/**
 * The row changes of one commit (docs/decisions/0142-keeping-data.md#rows-not-requests): while a
 * transaction records for a data directory (store/transaction.ts `rows`), each write of its stream
 * (store/writes.ts) is located when it is made: which row of which table it touched
 * ({@link locateRows}); at the commit the rows are read as they are then (later in-place changes
 * of the same request included, {@link rowChangesOf}). A data directory writes them down and puts
 * them back after a restart (store/row-apply.ts) without running any rule.
 *
 * A table is a collection of the engine state (`scheduled`, `idempotency` ...) or of an
 * environment's data (`subscribers`, `notifications` ...), named by its field; a row is a map's
 * entry, a set's member or a list's record (keyed by `_id`, `seq` or `messageId`, see
 * {@link listRowKey}). Scalar fields of the state (`taskSequence`, `retentionPass`) are changes
 * too. A write inside a stored row (a nested list, one field) names that row (`within`): its table
 * says so when it writes.
 * Collections derived from a table (`subscriberKeys`, `notificationsById` ...) are not recorded:
 * they are rebuilt from their table's changes.
 *
 * @module
 */

import type { EngineState, EnvironmentData } from './state';
import type { RowRef, Write } from './writes';

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

/**
 * A row a write changed, located: a map's entry or a set's member (`key`), a list's row
 * (`listRow`, put in or taken out), or a scalar field of the state or an environment's data.
 *
 * @example
 * ```ts
 * const event: RowEvent = { path: { environment: envId, table: 'digests' }, key: group };
 * ```
 */
export type RowEvent =
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

function tableOf(paths: CollectionPaths, container: object): CollectionPath | undefined {
  const path = paths.collection(container);
  return path === undefined || DERIVED_TABLES.has(path.table) ? undefined : path;
}

function entryEvents(
  paths: CollectionPaths,
  container: Map<unknown, unknown> | Set<unknown>,
  key: unknown,
): RowEvent[] | undefined {
  const path = tableOf(paths, container);
  if (path === undefined) return undefined;
  // A new environment's data: its collections are tables from now on.
  if (path.table === 'data' && path.environment === undefined && container instanceof Map) {
    const data = container.get(key) as EnvironmentData | undefined;
    if (data !== undefined) {
      for (const [field, value] of Object.entries(data)) {
        if (isCollection(value))
          paths.replaced(value, { environment: key as string, table: field });
      }
    }
  }
  return [{ path, key }];
}

function listEvents(
  paths: CollectionPaths,
  container: unknown[],
  row: unknown,
  present: boolean,
): RowEvent[] | undefined {
  if (row === null || typeof row !== 'object') return undefined;
  const path = tableOf(paths, container);
  return path === undefined ? undefined : [{ path, listRow: row, present }];
}

/** The stored row `within` names changed in place. */
function touchEvents(paths: CollectionPaths, within: RowRef): RowEvent[] | undefined {
  const { container, row } = within;
  if (Array.isArray(container)) return listEvents(paths, container, row, true);
  if (!(container instanceof Map)) return undefined;
  let found = within.key;
  if (found === undefined) {
    for (const [entryKey, value] of container) {
      if (value === row) {
        found = entryKey;
        break;
      }
    }
  }
  return found === undefined ? undefined : entryEvents(paths, container, found);
}

/**
 * A field of the state, of an environment's data or of a throttle store was set: a scalar field
 * changed, or a whole collection was replaced (the rows it lost or gained are changes); a field of
 * a list (an index) replaced a row by another.
 */
function fieldEvents(
  paths: CollectionPaths,
  record: object,
  field: PropertyKey,
  previous: unknown,
  value: unknown,
): RowEvent[] | undefined {
  if (Array.isArray(record)) {
    return [
      ...(listEvents(paths, record, previous, false) ?? []),
      ...(listEvents(paths, record, value, true) ?? []),
    ];
  }
  if (typeof field !== 'string') return undefined;
  const owner = paths.owner(record);
  if (owner === undefined) return undefined;
  const table = owner.prefix + field;
  if (!isCollection(value) || !isCollection(previous)) {
    return [{ owner, ownerObject: record, field }];
  }
  const path = { environment: owner.environment, table };
  paths.replaced(value, path);
  if (DERIVED_TABLES.has(table)) return undefined;
  return replacementEvents(path, previous, value);
}

/**
 * The rows `write` changed, in the collections `paths` knows: what a recording transaction keeps
 * with each write (store/journal.ts). A write inside a stored row (`within`) is a change of that
 * row alone.
 *
 * @example
 * ```ts
 * write.rows = locateRows(transaction.rows, write);
 * ```
 */
export function locateRows(paths: CollectionPaths, write: Write): RowEvent[] | undefined {
  if (write.within !== undefined) return touchEvents(paths, write.within);
  switch (write.kind) {
    case 'entry':
      return entryEvents(paths, write.container, write.key);
    case 'list':
      return listEvents(paths, write.container, write.row, write.present);
    case 'field':
      return fieldEvents(paths, write.record, write.field, write.previous, write.value);
    default:
      return undefined;
  }
}

function replacementEvents(
  path: CollectionPath,
  previous: Map<unknown, unknown> | Set<unknown> | unknown[],
  next: Map<unknown, unknown> | Set<unknown> | unknown[],
): RowEvent[] {
  const events: RowEvent[] = [];
  if (Array.isArray(previous) && Array.isArray(next)) {
    const kept = new Set(next);
    const had = new Set(previous);
    for (const row of previous) {
      if (!kept.has(row) && row !== null && typeof row === 'object') {
        events.push({ path, listRow: row, present: false });
      }
    }
    for (const row of next) {
      if (!had.has(row) && row !== null && typeof row === 'object') {
        events.push({ path, listRow: row, present: true });
      }
    }
    return events;
  }
  const keysOf = (collection: Map<unknown, unknown> | Set<unknown> | unknown[]) =>
    collection instanceof Map || collection instanceof Set ? [...collection.keys()] : [];
  const nextHas = (key: unknown) => (next instanceof Map || next instanceof Set) && next.has(key);
  const previousHas = (key: unknown) =>
    (previous instanceof Map || previous instanceof Set) && previous.has(key);
  for (const key of keysOf(previous)) {
    if (!nextHas(key)) events.push({ path, key });
  }
  for (const key of keysOf(next)) {
    if (
      !previousHas(key) ||
      (next instanceof Map && previous instanceof Map && next.get(key) !== previous.get(key))
    ) {
      events.push({ path, key });
    }
  }
  return events;
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
 * The row changes of `writes` (located by {@link locateRows}), each row read as it is now in
 * `state` (one change per row, in the order the rows were first written). Rows of an environment
 * that is gone are left out (its removal is a change of the state's `data`).
 *
 * @example
 * ```ts
 * const changes = rowChangesOf(paths.state(), takeWrites(transaction));
 * ```
 */
export function rowChangesOf(state: EngineState, writes: readonly Write[]): RowChange[] {
  // One change per row: the last event of each decides a list row's presence.
  const byRow = new Map<string, Map<unknown, RowEvent>>();
  for (const write of writes)
    for (const event of write.rows ?? []) {
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
