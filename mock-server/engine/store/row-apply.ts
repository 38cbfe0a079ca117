/**
 * Puts a commit's row changes (store/row-changes.ts) back into a state: what a data directory
 * does with its journal after a restart (docs/decisions/0142-keeping-data.md#rows-not-requests).
 * No rule runs: each row is put or removed by its key, a new row goes where its table puts one
 * (store/tables.ts: the subscribers' and subscriptions' own upkeep, `_id` order, `(at, seq)`
 * order, the end), and the collections derived from a table (`subscriberKeys`,
 * `subscriberOrder`, `subscriptionsBySubscriber`, `notificationsById`) follow their table's rows.
 * The indexes kept outside the state are dropped for the environments changed and rebuild on
 * their next read.
 *
 * The journal is a file, and every file may be hostile: a row is checked before it is put back
 * (its key, the fields the engine's orders and lookups read, its kind of value), so a damaged
 * journal is refused at start, naming the row, never a crash or a wrong answer later.
 *
 * @module
 */

import { listRowKey, type RowChange } from './row-changes';
import { scheduledPosition } from './scheduled-order';
import { environmentDataProblem, isBridgeCall, isFanOut, isScheduledTask } from './snapshot-check';
import { lowerBound } from './sorted-by-id';
import {
  createEnvironmentData,
  type EngineState,
  type EnvironmentData,
  type MessageRecord,
  type NotificationRecord,
  type ScheduledTaskRecord,
  type SubscriberRecord,
  type SubscriptionRecord,
} from './state';
import { forgetIndexes, tables } from './tables';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

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

/** What is wrong with a row stored under `key`, or `undefined` (said after "the row ... "). */
type RowCheck = (row: unknown, key: unknown) => string | undefined;

/**
 * A record (`what` names it) whose `strings` fields are strings; `keyField`, when named, holds
 * the key it is stored under; `more` checks the rest.
 */
function record(
  what: string,
  strings: readonly string[],
  keyField?: string,
  more?: (row: Fields) => string | undefined,
): RowCheck {
  const problemOf = (row: unknown, key: unknown): string | undefined => {
    if (!isObject(row)) return 'it is not an object';
    const missing = strings.find((field) => !isString(row[field]));
    if (missing !== undefined) return `it has no string ${missing}`;
    if (keyField !== undefined && row[keyField] !== key) {
      return `its ${keyField} is not the key it is stored under`;
    }
    return more?.(row);
  };
  return (row, key) => {
    const problem = problemOf(row, key);
    return problem === undefined ? undefined : `is not ${what}: ${problem}`;
  };
}

const SCHEDULED_FIELDS =
  'a whole seq, a clock time at, a kind, environmentId, notificationId and jobIndex';

/** Whatever an environment id of a pending row names: the row may outlive its environment. */
const anyEnvironment = isString;

/** The rows of the state's own tables (`environment` absent). */
const STATE_ROWS: Readonly<Record<string, RowCheck>> = {
  organizations: record('an organization', ['_id'], '_id'),
  environments: record('an environment', ['_id', '_organizationId', 'apiKey'], '_id'),
  apiKeys: (row) => (isString(row) ? undefined : 'is not an environment id'),
  data: environmentDataRowProblem,
  idempotency: record('an idempotency entry', ['state', 'fingerprint'], undefined, (row) =>
    Number.isFinite(row['expiresAt']) ? undefined : 'it has no expiresAt time',
  ),
  rateBuckets: record('a rate bucket', [], undefined, (row) =>
    Number.isFinite(row['tokens']) && Number.isFinite(row['updatedAt'])
      ? undefined
      : 'it has no tokens and updatedAt numbers',
  ),
  environmentVariables: record('an environment variable', ['_id'], '_id', (row) =>
    Array.isArray(row['values']) ? undefined : 'it has no values list',
  ),
  scheduled: (row) =>
    isScheduledTask(row, anyEnvironment)
      ? undefined
      : `is not a scheduled task (${SCHEDULED_FIELDS})`,
  fanOuts: (row) => (isFanOut(row, anyEnvironment) ? undefined : 'is not a pending fan-out'),
  bridgeCalls: (row) =>
    isBridgeCall(row, anyEnvironment) ? undefined : 'is not a pending bridge call',
  outbox: record('an outbox entry', ['messageId', 'environmentId', 'subscriberId']),
};

const withId = record('a record of the engine', ['_id']);

/** The rows of an environment's tables; the derived ones (`subscriberKeys` ...) have none. */
const DATA_ROWS: Readonly<Record<string, RowCheck>> = {
  subscribers: record('a subscriber', ['_id', 'subscriberId'], 'subscriberId'),
  topics: record('a topic', ['_id', 'key'], 'key'),
  subscriptions: record('a subscription', ['_id', '_subscriberId', '_topicId', 'identifier']),
  integrations: record('an integration', ['_id', 'identifier']),
  workflows: record('a workflow', ['_id', 'workflowId']),
  messages: record('a message', ['_id']),
  tenants: record('a tenant', ['_id', 'identifier'], 'identifier'),
  contexts: withId,
  layouts: withId,
  translations: withId,
  channelConnections: withId,
  channelEndpoints: withId,
  domains: withId,
  domainRoutes: withId,
  domainDns: record('a DNS record', []),
  agents: withId,
  agentIntegrations: withId,
  agentActivity: withId,
  notifications: record('a notification', ['_id'], undefined, (row) =>
    Array.isArray(row['jobs']) ? undefined : 'it has no jobs list',
  ),
  // A set's rows are its members, checked as keys.
  transactionIds: () => undefined,
  digests: record('an open digest', ['notificationId'], undefined, (row) =>
    Array.isArray(row['notificationIds']) && Number.isFinite(row['closesAt'])
      ? undefined
      : 'it has no notificationIds list and closesAt time',
  ),
  digestLastEvent: (row) => (Number.isFinite(row) ? undefined : 'is not a time'),
  preferences: record('a preference', []),
  'throttle.admitted': (row) =>
    Array.isArray(row) && row.every(Number.isFinite) ? undefined : 'is not a list of times',
  'throttle.untilWindows': record('a throttle window', [], undefined, (row) =>
    Number.isFinite(row['start']) && Number.isFinite(row['until'])
      ? undefined
      : 'it has no start and until times',
  ),
};

/**
 * The tables a journal's rows may name, with the check of their rows: the state's (`state`) and
 * an environment's (`environment`, `throttle.<field>` for its throttle store).
 *
 * @example
 * ```ts
 * Object.hasOwn(ROW_TABLES.environment, 'subscriberKeys'); // false: derived, never a row
 * ```
 */
export const ROW_TABLES = { state: STATE_ROWS, environment: DATA_ROWS } as const;

/** How the change is named in a refusal: its table, environment and key. */
const named = (change: RowChange): string =>
  `the row of ${change.table}${change.environment === undefined ? '' : ` in environment ${change.environment}`} stored as ${String(change.key)}`;

/**
 * Applies `changes` to `state` in order. Throws an `Error` naming the change when one cannot be
 * applied (an environment or table the state does not have, a row that is not one of its table).
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
    if (change.field) {
      applyField(owner, change);
      continue;
    }
    const rows = change.environment === undefined ? STATE_ROWS : DATA_ROWS;
    const check = Object.hasOwn(rows, change.table) ? rows[change.table] : undefined;
    let holder = owner as Fields;
    let field = change.table;
    if (field.startsWith('throttle.') && change.environment !== undefined) {
      holder = (owner as EnvironmentData).throttle as unknown as Fields;
      field = field.slice('throttle.'.length);
    }
    const target = check !== undefined && Object.hasOwn(holder, field) ? holder[field] : undefined;
    if (check === undefined || target === undefined) {
      throw new Error(`a change names the table ${change.table}, which the state does not have`);
    }
    if (!change.removed || target instanceof Set) {
      const problem =
        keyProblem(field, target, change.key, change.row) ?? check(change.row, change.key);
      if (problem !== undefined) throw new Error(`${named(change)} ${problem}`);
    }
    if (target instanceof Map) applyMapRow(owner, field, target, change);
    else if (target instanceof Set) {
      if (change.removed) target.delete(change.key);
      else target.add(change.key);
    } else if (Array.isArray(target)) applyListRow(state, owner, field, target, change);
    else throw new Error(`a change names the table ${change.table}, which the state does not have`);
  }
  for (const data of touched) forgetIndexes(data);
}

function applyField(owner: object, change: RowChange): void {
  const allowed = SCALAR_FIELDS[change.environment === undefined ? 'state' : 'environment'];
  if (!Object.hasOwn(allowed, change.table) || !allowed[change.table]?.(change)) {
    throw new Error(`a field change of ${change.table} is not one the engine writes`);
  }
  const holder = owner as Fields;
  if (change.row === undefined) delete holder[change.table];
  else holder[change.table] = change.row;
}

/** A map's and a set's keys are strings; a list row carries the key it is stored as. */
function keyProblem(
  field: string,
  target: unknown,
  key: unknown,
  row: unknown,
): string | undefined {
  if (target instanceof Map || target instanceof Set) {
    return isString(key) ? undefined : 'is stored under a key that is not a string';
  }
  return isObject(row) && listRowKey(field, row) === key ? undefined : 'does not carry its key';
}

function applyMapRow(
  owner: object,
  field: string,
  map: Map<unknown, unknown>,
  change: RowChange,
): void {
  if (field !== 'subscribers') {
    if (change.removed) map.delete(change.key);
    else map.set(change.key, change.row);
    return;
  }
  // The subscribers table keeps its `_id` map and order itself (`tables.subscribers`).
  const data = owner as EnvironmentData;
  const previous = data.subscribers.get(change.key as string);
  const row = change.row as SubscriberRecord;
  if (previous !== undefined && (change.removed || previous._id !== row._id)) {
    tables.subscribers.remove(data, previous);
  }
  if (!change.removed) tables.subscribers.put(data, row);
}

/** Where the list row `key` is: found by the table's own lookup, when it has one, else by a scan. */
function listRowAt(data: EnvironmentData, field: string, list: unknown[], key: unknown): number {
  let row: unknown;
  if (field === 'messages') row = tables.messages.byId(data, key as string);
  else if (field === 'subscriptions') row = tables.subscriptions.byId(data, key as string);
  else if (field === 'notifications') row = tables.notifications.get(data, key as string);
  else {
    for (let index = list.length - 1; index >= 0; index--) {
      if (listRowKey(field, list[index]) === key) return index;
    }
    return -1;
  }
  if (row === undefined) return -1;
  // The lists found by `_id` are mostly in `_id` order: a binary search first, a scan if not.
  const at = lowerBound(list as { _id: string }[], key as string);
  return list[at] === row ? at : list.lastIndexOf(row);
}

function applyListRow(
  state: EngineState,
  owner: object,
  field: string,
  list: unknown[],
  change: RowChange,
): void {
  const data = owner as EnvironmentData;
  const at = listRowAt(data, field, list, change.key);
  const previous = at === -1 ? undefined : list[at];
  if (change.removed || field === 'scheduled') {
    // A task's time may have moved: it goes where its (at, seq) puts it.
    if (at !== -1) list.splice(at, 1);
    forgetDerived(data, field, previous);
    if (change.removed) return;
  }
  if (at !== -1 && field !== 'scheduled') {
    list[at] = change.row;
    replaceDerived(data, field, previous, change.row);
    return;
  }
  // A new row goes where its table puts one, with its table's derived collections.
  const row = change.row;
  if (field === 'messages') tables.messages.insert(data, row as MessageRecord);
  else if (field === 'subscriptions') tables.subscriptions.insert(data, row as SubscriptionRecord);
  else if (field === 'notifications') tables.notifications.push(data, row as NotificationRecord);
  else if (field === 'scheduled') {
    const task = row as ScheduledTaskRecord;
    tables.scheduled.insert(state, scheduledPosition(state.scheduled, task), task);
  } else list.push(row);
}

/** Takes a list row out of the collections derived from its table. */
function forgetDerived(data: EnvironmentData, field: string, row: unknown): void {
  if (row === undefined) return;
  if (field === 'notifications') {
    data.notificationsById.delete((row as NotificationRecord)._id);
  } else if (field === 'subscriptions') {
    const subscription = row as SubscriptionRecord;
    const mine = data.subscriptionsBySubscriber.get(subscription._subscriberId);
    const at = mine === undefined ? -1 : mine.indexOf(subscription);
    if (mine === undefined || at === -1) return;
    mine.splice(at, 1);
    if (mine.length === 0) data.subscriptionsBySubscriber.delete(subscription._subscriberId);
  }
}

/** Puts a list row changed in place (the same key) where its previous one was in the derived collections. */
function replaceDerived(
  data: EnvironmentData,
  field: string,
  previous: unknown,
  row: unknown,
): void {
  if (field === 'notifications') {
    data.notificationsById.set((row as NotificationRecord)._id, row as NotificationRecord);
    return;
  }
  if (field !== 'subscriptions') return;
  const subscription = row as SubscriptionRecord;
  const before = previous as SubscriptionRecord;
  const mine = data.subscriptionsBySubscriber.get(before._subscriberId);
  const at = mine === undefined ? -1 : mine.indexOf(before);
  if (mine !== undefined && at !== -1 && before._subscriberId === subscription._subscriberId) {
    mine[at] = subscription;
    return;
  }
  // Moved to another subscriber: out of one list, into the other at its `_id` place.
  forgetDerived(data, field, before);
  let theirs = data.subscriptionsBySubscriber.get(subscription._subscriberId);
  if (theirs === undefined) {
    theirs = [];
    data.subscriptionsBySubscriber.set(subscription._subscriberId, theirs);
  }
  theirs.splice(lowerBound(theirs, subscription._id), 0, subscription);
}

/**
 * What is wrong with a whole environment's data put back (a new environment's row of `data`):
 * every collection of the kind a fresh one's is, no other field, each table's rows as a change
 * of its own would have to be, and its derived collections exactly what its tables give.
 */
function environmentDataRowProblem(row: unknown): string | undefined {
  const shape = environmentDataProblem(row, 'its data');
  if (shape !== undefined) return `is not an environment's data: ${shape}`;
  const data = row as EnvironmentData;
  const fields = row as Fields;
  const fresh = createEnvironmentData() as unknown as Fields;
  for (const [field, value] of Object.entries(fresh)) {
    if (kindOf(fields[field]) !== kindOf(value)) {
      return `is not an environment's data: its ${field} is not a ${kindOf(value)}`;
    }
  }
  for (const field of Reflect.ownKeys(fields)) {
    if (!Object.hasOwn(fresh, field) && field !== 'retentionPass') {
      return `is not an environment's data: it holds ${String(field)}, which the engine does not keep`;
    }
  }
  for (const [table, check] of Object.entries(DATA_ROWS)) {
    const collection = table.startsWith('throttle.')
      ? (data.throttle as unknown as Fields)[table.slice('throttle.'.length)]
      : fields[table];
    const problem = rowsProblem(
      table,
      collection as Map<unknown, unknown> | Set<unknown> | unknown[],
      check,
    );
    if (problem !== undefined) return `holds ${problem}`;
  }
  const derived = derivedProblem(data);
  return derived === undefined ? undefined : `holds ${derived}`;
}

const kindOf = (value: unknown): string =>
  value instanceof Map
    ? 'map'
    : value instanceof Set
      ? 'set'
      : Array.isArray(value)
        ? 'list'
        : typeof value;

function rowsProblem(
  table: string,
  collection: Map<unknown, unknown> | Set<unknown> | unknown[],
  check: RowCheck,
): string | undefined {
  const entries: Iterable<[unknown, unknown]> =
    collection instanceof Map
      ? collection.entries()
      : collection instanceof Set
        ? [...collection].map((member) => [member, undefined] as [unknown, unknown])
        : collection.map((row) => [listRowKey(table, row), row] as [unknown, unknown]);
  for (const [key, row] of entries) {
    const problem =
      (Array.isArray(collection) ? undefined : keyProblem(table, collection, key, row)) ??
      check(row, key);
    if (problem !== undefined) return `a row of ${table} stored as ${String(key)} that ${problem}`;
  }
  return undefined;
}

/** Whether the collections derived from the tables of `data` are exactly what they give. */
function derivedProblem(data: EnvironmentData): string | undefined {
  const subscribers = [...data.subscribers.values()];
  const order = data.subscriberOrder;
  if (
    data.subscriberKeys.size !== subscribers.length ||
    order.length !== subscribers.length ||
    subscribers.some(
      (subscriber) => data.subscriberKeys.get(subscriber._id) !== subscriber.subscriberId,
    ) ||
    order.some(
      (id, index) =>
        !data.subscriberKeys.has(id) || (index > 0 && (order[index - 1] as string) >= id),
    )
  ) {
    return "subscriberKeys or subscriberOrder that are not its subscribers' _ids";
  }
  if (
    data.notificationsById.size !== data.notifications.length ||
    data.notifications.some(
      (notification) => data.notificationsById.get(notification._id) !== notification,
    )
  ) {
    return 'a notificationsById that is not its notifications by _id';
  }
  // Each row found again by its table's own lookup (the binary searches need `_id` order).
  if (data.messages.some((message) => tables.messages.byId(data, message._id) !== message)) {
    return 'messages its table cannot find by _id (out of _id order, or one twice)';
  }
  if (data.subscriptions.some((row) => tables.subscriptions.byId(data, row._id) !== row)) {
    return 'subscriptions its table cannot find by _id (out of _id order, or one twice)';
  }
  const subscriptions = new Set(data.subscriptions);
  let listed = 0;
  for (const [subscriberId, mine] of data.subscriptionsBySubscriber) {
    if (!Array.isArray(mine) || mine.length === 0)
      return 'an empty list in subscriptionsBySubscriber';
    for (const [index, subscription] of mine.entries()) {
      if (
        !subscriptions.has(subscription) ||
        subscription._subscriberId !== subscriberId ||
        (index > 0 && (mine[index - 1] as SubscriptionRecord)._id >= subscription._id)
      ) {
        return 'a subscriptionsBySubscriber that is not its subscriptions by subscriber, in _id order';
      }
    }
    listed += mine.length;
  }
  if (listed !== subscriptions.size) {
    return 'a subscriptionsBySubscriber that is not its subscriptions by subscriber, in _id order';
  }
  return undefined;
}
