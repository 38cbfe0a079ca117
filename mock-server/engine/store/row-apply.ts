/**
 * Puts a commit's row changes (store/row-changes.ts) back into a state: what a data directory
 * does with its journal after a restart (docs/decisions/0142-keeping-data.md#rows-not-requests).
 * No rule runs: each row is put or removed by its key, lists keep their order (`_id`-sorted lists
 * by position, `scheduled` by time, the others in insertion order), and the collections derived
 * from a table (`subscriberKeys`, `subscriberOrder`, `subscriptionsBySubscriber`,
 * `notificationsById`) follow their table's rows. The indexes kept outside the state are dropped
 * for the environments changed and rebuild on their next read.
 *
 * @module
 */

import { listRowKey, type RowChange } from './row-changes';
import { scheduledPosition } from './scheduled-order';
import { sortedPosition } from './sorted-position';
import type {
  EngineState,
  EnvironmentData,
  NotificationRecord,
  ScheduledTaskRecord,
  SubscriberRecord,
  SubscriptionRecord,
} from './state';
import { forgetIndexes } from './tables';

/** Lists kept in ascending `_id` order. */
const SORTED_BY_ID = new Set(['subscriptions', 'messages', 'notifications']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object';

// The scalar fields a change may set (everything else of the state is a table), and their values.
const SCALAR_FIELDS: Record<
  'state' | 'environment',
  Record<string, (change: RowChange) => boolean>
> = {
  state: {
    taskSequence: ({ row }) => Number.isSafeInteger(row) && (row as number) >= 0,
  },
  environment: {
    retentionPass: ({ row }) =>
      row === undefined ||
      (isObject(row) && typeof row['count'] === 'number' && typeof row['stuck'] === 'boolean'),
  },
};

/** A subscriber row carries the key it is stored under and the `_id` its indexes list. */
const isSubscriberRow = (key: unknown, row: unknown): row is SubscriberRecord =>
  isObject(row) &&
  typeof row['_id'] === 'string' &&
  typeof row['subscriberId'] === 'string' &&
  row['subscriberId'] === key;

/**
 * Applies `changes` to `state` in order. Throws an `Error` naming the change when one cannot be
 * applied (an environment or table the state does not have, a list row without its key).
 *
 * @example
 * ```ts
 * applyRowChanges(engine.state, record.changes);
 * ```
 */
export function applyRowChanges(state: EngineState, changes: readonly RowChange[]): void {
  const touched = new Set<EnvironmentData>();
  for (const change of changes) {
    const owner: object | undefined =
      change.environment === undefined ? state : state.data.get(change.environment);
    if (owner === undefined) {
      throw new Error(
        `a change of ${change.table} names the environment ${change.environment}, which the state does not hold`,
      );
    }
    if (change.environment !== undefined) touched.add(owner as EnvironmentData);
    let holder = owner as Record<string, unknown>;
    let field = change.table;
    if (field.startsWith('throttle.') && change.environment !== undefined) {
      holder = (owner as EnvironmentData).throttle as unknown as Record<string, unknown>;
      field = field.slice('throttle.'.length);
    }
    const target = Object.hasOwn(holder, field) ? holder[field] : undefined;
    if (change.field) {
      const allowed = SCALAR_FIELDS[change.environment === undefined ? 'state' : 'environment'];
      if (!Object.hasOwn(allowed, change.table) || !allowed[change.table]?.(change)) {
        throw new Error(`a field change of ${change.table} is not one the engine writes`);
      }
      if (change.row === undefined) delete holder[field];
      else holder[field] = change.row;
    } else if (target instanceof Map) {
      applyMapRow(owner, field, target, change);
    } else if (target instanceof Set) {
      if (change.removed) target.delete(change.key);
      else target.add(change.key);
    } else if (Array.isArray(target)) {
      applyListRow(state, owner, field, target, change);
    } else {
      throw new Error(`a change names the table ${change.table}, which the state does not have`);
    }
  }
  for (const data of touched) forgetIndexes(data);
}

function applyMapRow(
  owner: object,
  field: string,
  map: Map<unknown, unknown>,
  change: RowChange,
): void {
  if (field === 'subscribers' && !change.removed && !isSubscriberRow(change.key, change.row)) {
    throw new Error(`a row of subscribers is not a subscriber stored as ${String(change.key)}`);
  }
  const previous = map.get(change.key);
  if (change.removed) map.delete(change.key);
  else map.set(change.key, change.row);
  if (field !== 'subscribers') return;
  const data = owner as EnvironmentData;
  const before = previous as SubscriberRecord | undefined;
  const after = change.removed ? undefined : (change.row as SubscriberRecord);
  if (before !== undefined && before._id !== after?._id) {
    data.subscriberKeys.delete(before._id);
    const at = sortedPosition(data.subscriberOrder, (id) => id < before._id);
    if (data.subscriberOrder[at] === before._id) data.subscriberOrder.splice(at, 1);
  }
  if (after !== undefined) {
    data.subscriberKeys.set(after._id, after.subscriberId);
    const order = data.subscriberOrder;
    const at = sortedPosition(order, (id) => id < after._id);
    if (order[at] !== after._id) order.splice(at, 0, after._id);
  }
}

function applyListRow(
  state: EngineState,
  owner: object,
  field: string,
  list: unknown[],
  change: RowChange,
): void {
  const key = change.key;
  if (!change.removed && (!isObject(change.row) || listRowKey(field, change.row) !== key)) {
    throw new Error(`a row of ${change.table} does not carry its key ${String(key)}`);
  }
  let at: number;
  if (SORTED_BY_ID.has(field)) {
    at = sortedPosition(list, (row) => (row as { _id: string })._id < (key as string));
    if (listRowKey(field, list[at]) !== key) at = -1;
  } else {
    at = -1;
    for (let index = list.length - 1; index >= 0; index--) {
      if (listRowKey(field, list[index]) === key) {
        at = index;
        break;
      }
    }
  }
  const previous = at === -1 ? undefined : list[at];
  if (change.removed) {
    if (at !== -1) list.splice(at, 1);
  } else if (field === 'scheduled') {
    // A task's time may have moved: it goes where its (at, seq) puts it.
    if (at !== -1) list.splice(at, 1);
    const task = change.row as ScheduledTaskRecord;
    list.splice(scheduledPosition(state.scheduled, task), 0, task);
  } else if (at !== -1) {
    list[at] = change.row;
  } else if (SORTED_BY_ID.has(field)) {
    list.splice(
      sortedPosition(list, (row) => (row as { _id: string })._id < (key as string)),
      0,
      change.row,
    );
  } else {
    list.push(change.row);
  }
  const data = owner as EnvironmentData;
  if (field === 'notifications') {
    if (change.removed) data.notificationsById.delete(key as string);
    else data.notificationsById.set(key as string, change.row as NotificationRecord);
  } else if (field === 'subscriptions') {
    bySubscriber(data, previous as SubscriptionRecord | undefined, change);
  }
}

/** Keeps a subscriber's own list of subscriptions in step with the subscriptions' rows. */
function bySubscriber(
  data: EnvironmentData,
  previous: SubscriptionRecord | undefined,
  change: RowChange,
): void {
  const lists = data.subscriptionsBySubscriber;
  if (previous !== undefined) {
    const mine = lists.get(previous._subscriberId);
    if (mine !== undefined) {
      const at = mine.indexOf(previous);
      if (at !== -1) mine.splice(at, 1);
      if (mine.length === 0) lists.delete(previous._subscriberId);
    }
  }
  if (change.removed) return;
  const row = change.row as SubscriptionRecord;
  let mine = lists.get(row._subscriberId);
  if (mine === undefined) {
    mine = [];
    lists.set(row._subscriberId, mine);
  }
  mine.splice(
    sortedPosition(mine, (other) => other._id < row._id),
    0,
    row,
  );
}
