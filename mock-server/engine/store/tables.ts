/**
 * The state's tables (store/table.ts), one per entity: every write to state that outlives an
 * operation goes through one of these, which journals it and keeps the entity's indexes (those
 * in the state, like `subscriberOrder`, and the derived ones outside it) in step.
 *
 * @module
 */

import {
  journalAssign,
  journalDelete,
  journalInsert,
  journalNotice,
  journalPush,
  journalRemove,
  journalSet,
  journalUndo,
} from './journal';
import { keepOutboxCopies } from './outbox-entry';
import { contextKey, domainRouteKey, preferenceKey, translationKey } from './row-keys';
import { flattenTexts } from './shared';
import { findById, positionById } from './sorted-by-id';
import { sortedPosition } from './sorted-position';
import type {
  EngineState,
  EnvironmentData,
  EnvironmentRecord,
  IntegrationRecord,
  MessageRecord,
  NotificationRecord,
  OpenDigestRecord,
  PendingBridgeCallRecord,
  PendingFanOutRecord,
  ScheduledTaskRecord,
  SubscriberRecord,
  SubscriptionRecord,
  ThrottleStore,
  WorkflowRecord,
} from './state';
import { PROFILE_FIELDS } from './state';
import {
  forgetSubscriberIndexes,
  subscriberChanged,
  subscriberRemoved,
} from './subscriber-text-index';
import {
  keyIndex,
  listReads,
  listTable,
  mapReads,
  mapTable,
  setTable,
  type TableIndex,
} from './table';
import {
  type WorkflowOrderBy,
  workflowByObjectId,
  workflowByWorkflowId,
  workflowsChanged,
} from './workflow-index';

const subscriberSearch: TableIndex<EnvironmentData, SubscriberRecord> = {
  written(data, row, previous) {
    if (row !== undefined) subscriberChanged(data, row, previous);
    else if (previous !== undefined) subscriberRemoved(data, previous);
  },
  forget: forgetSubscriberIndexes,
};

const workflowOrders: TableIndex<EnvironmentData, WorkflowRecord> = {
  forget: (data) => workflowsChanged(data),
};

const subscriberRows = mapTable(
  (data: EnvironmentData) => data.subscribers,
  [subscriberSearch],
  (row) => row.subscriberId,
);
const subscriberKeys = mapTable((data: EnvironmentData) => data.subscriberKeys);
const subscriberOrder = listTable((data: EnvironmentData) => data.subscriberOrder);

// The subscriber's own texts, kept for the subscriber's lifetime (see `flattenTexts`).
const SUBSCRIBER_TEXTS = [
  'subscriberId',
  ...PROFILE_FIELDS,
] as const satisfies readonly (keyof SubscriberRecord)[];

/** Subscribers by `subscriberId`, with the `_id` → `subscriberId` map and the `_id` order. */
const subscribers = {
  ...mapReads((data: EnvironmentData) => data.subscribers),
  /** The subscriber with this `_id` (through the `_id` → `subscriberId` map). */
  byObjectId(data: EnvironmentData, id: string): SubscriberRecord | undefined {
    const subscriberId = data.subscriberKeys.get(id);
    return subscriberId === undefined ? undefined : data.subscribers.get(subscriberId);
  },
  /** The `subscriberId` of the subscriber with this `_id`. */
  subscriberIdOf: (data: EnvironmentData, id: string): string | undefined =>
    data.subscriberKeys.get(id),
  /** The subscribers' `_id`s in ascending order. */
  order: (data: EnvironmentData): readonly string[] => data.subscriberOrder,
  /** Stores a subscriber (new, or replacing the one with its `subscriberId`). */
  put(data: EnvironmentData, record: SubscriberRecord): void {
    flattenTexts(record, SUBSCRIBER_TEXTS);
    const existing = data.subscribers.get(record.subscriberId);
    subscriberRows.set(data, record.subscriberId, record);
    subscriberKeys.set(data, record._id, record.subscriberId);
    if (existing && existing._id === record._id) return;
    // The same subscriberId under a new `_id`: the old `_id` leaves the key map and the order.
    if (existing) {
      subscriberKeys.delete(data, existing._id);
      const at = sortedPosition(data.subscriberOrder, (id) => id < existing._id);
      if (data.subscriberOrder[at] === existing._id) subscriberOrder.removeAt(data, at);
    }
    const order = data.subscriberOrder;
    const last = order[order.length - 1];
    const at =
      last === undefined || last < record._id
        ? order.length
        : sortedPosition(order, (id) => id < record._id);
    subscriberOrder.insert(data, at, record._id);
  },
  /** Removes a subscriber from the rows, the key map and the order. */
  remove(data: EnvironmentData, record: SubscriberRecord): void {
    subscriberRows.delete(data, record.subscriberId);
    subscriberKeys.delete(data, record._id);
    subscriberOrder.removeAt(data, data.subscriberOrder.indexOf(record._id));
  },
  /** Changes a stored subscriber in place (`mapTable`'s `update`), its new texts made flat. */
  update<T>(
    data: EnvironmentData,
    record: SubscriberRecord,
    change: (row: SubscriberRecord) => T,
  ): T {
    return subscriberRows.update(data, record, (row) => {
      const answer = change(row);
      flattenTexts(row, SUBSCRIBER_TEXTS);
      return answer;
    });
  },
  edit: subscriberRows.edit,
};

// A subscription by its topic and identifier (what `GET /v2/topics/{key}/subscriptions/{id}` asks).
const subscriptionsByIdentifier = keyIndex(
  (data: EnvironmentData) => data.subscriptions,
  (row: SubscriptionRecord) => `${row._topicId}:${row.identifier}`,
);
const subscriptionRows = listTable(
  (data: EnvironmentData) => data.subscriptions,
  [subscriptionsByIdentifier],
);
const subscriptionsOf = mapTable((data: EnvironmentData) => data.subscriptionsBySubscriber);

/** Subscriptions in `_id` order, with each subscriber's own list. */
const subscriptions = {
  ...listReads((data: EnvironmentData) => data.subscriptions),
  /** The subscription with this `_id` (binary search: the list is in `_id` order). */
  byId: (data: EnvironmentData, id: string): SubscriptionRecord | undefined =>
    findById(data.subscriptions, id),
  /** The topic's subscriptions with this identifier, in `_id` order. */
  withIdentifier: (
    data: EnvironmentData,
    topicId: string,
    identifier: string,
  ): readonly SubscriptionRecord[] =>
    subscriptionsByIdentifier.lookup(data, `${topicId}:${identifier}`),
  /** One subscriber's subscriptions (by its `_id`), in `_id` order. */
  of: (data: EnvironmentData, subscriberObjectId: string): readonly SubscriptionRecord[] =>
    data.subscriptionsBySubscriber.get(subscriberObjectId) ?? [],
  /** Adds a subscription to the list and to its subscriber's. */
  insert(data: EnvironmentData, record: SubscriptionRecord): void {
    subscriptionRows.insert(data, positionById(data.subscriptions, record), record);
    let mine = data.subscriptionsBySubscriber.get(record._subscriberId);
    if (!mine) {
      mine = [];
      subscriptionsOf.set(data, record._subscriberId, mine);
    }
    journalInsert(mine, positionById(mine, record), record);
  },
  /** Removes every subscription `drop` picks, from the list and from each subscriber's. */
  removeWhere(data: EnvironmentData, drop: (subscription: SubscriptionRecord) => boolean): void {
    if (!data.subscriptions.some(drop)) return;
    journalAssign(
      data,
      'subscriptions',
      data.subscriptions.filter((subscription) => !drop(subscription)),
    );
    for (const [subscriberId, mine] of data.subscriptionsBySubscriber) {
      const kept = mine.filter((subscription) => !drop(subscription));
      if (kept.length === 0) subscriptionsOf.delete(data, subscriberId);
      else if (kept.length !== mine.length) subscriptionsOf.set(data, subscriberId, kept);
    }
  },
  edit: subscriptionRows.edit,
};

const integrationsByIdentifier = keyIndex(
  (data: EnvironmentData) => data.integrations,
  (row: IntegrationRecord) => row.identifier,
);

/** Integrations in insertion order (soft-deleted ones stay, flagged), looked up by identifier. */
const integrations = {
  ...listTable((data: EnvironmentData) => data.integrations, [integrationsByIdentifier]),
  /** The integrations with this identifier (deleted ones too), in insertion order. */
  withIdentifier: (data: EnvironmentData, identifier: string): readonly IntegrationRecord[] =>
    integrationsByIdentifier.lookup(data, identifier),
};

const workflowRows = listTable((data: EnvironmentData) => data.workflows, [workflowOrders]);

/** Workflows in insertion order, with their lookups and list orders (store/workflow-index.ts). */
const workflows = {
  ...listReads((data: EnvironmentData) => data.workflows),
  /** The workflow with this `_id` (by the workflows' lookup, store/workflow-index.ts). */
  byObjectId: workflowByObjectId,
  /** The first workflow stored with this `workflowId` (by the same lookup). */
  byWorkflowId: workflowByWorkflowId,
  push: workflowRows.push,
  remove(data: EnvironmentData, workflow: WorkflowRecord): void {
    workflowRows.removeAt(data, data.workflows.indexOf(workflow));
  },
  update: workflowRows.update,
  edit: workflowRows.edit,
  /** Sets one field (only that field's list order is dropped when it is a sort field). */
  assign<K extends keyof WorkflowRecord & WorkflowOrderBy>(
    data: EnvironmentData,
    workflow: WorkflowRecord,
    field: K,
    value: WorkflowRecord[K],
  ): void {
    journalUndo(() => workflowsChanged(data, field));
    journalAssign(workflow, field, value, { within: { container: data.workflows, row: workflow } });
    workflowsChanged(data, field);
  },
};

const notificationRows = listTable((data: EnvironmentData) => data.notifications);
const notificationsById = mapTable((data: EnvironmentData) => data.notificationsById);

/** Notifications in creation (= `_id`) order, with the lookup by `_id`. */
const notifications = {
  ...listReads((data: EnvironmentData) => data.notifications),
  /** The notification with this `_id`. */
  get: notificationsById.get,
  push(data: EnvironmentData, notification: NotificationRecord): void {
    notificationRows.push(data, notification);
    notificationsById.set(data, notification._id, notification);
  },
  update: notificationRows.update,
  edit: notificationRows.edit,
  /** Sets one field of a stored notification. */
  assign<K extends keyof NotificationRecord>(
    data: EnvironmentData,
    notification: NotificationRecord,
    field: K,
    value: NotificationRecord[K],
  ): void {
    journalAssign(notification, field, value, {
      within: { container: data.notifications, row: notification },
    });
  },
  /** Adds an event to an open digest's events (`notification`'s first job's `digest.events`). */
  addDigestEvent(
    data: EnvironmentData,
    notification: NotificationRecord,
    events: unknown[],
    payload: Record<string, unknown>,
  ): void {
    journalPush(events, payload, { within: { container: data.notifications, row: notification } });
  },
  /** Removes the event at `position` from an open digest's events (in `notification`). */
  removeDigestEvent(
    data: EnvironmentData,
    notification: NotificationRecord,
    events: unknown[],
    position: number,
  ): void {
    journalRemove(events, position, {
      within: { container: data.notifications, row: notification },
    });
  },
};

const messageRows = listTable((data: EnvironmentData) => data.messages);

/** Messages in `_id` order. */
const messages = {
  ...listReads((data: EnvironmentData) => data.messages),
  /** The message with this `_id` (binary search: the list is in `_id` order). */
  byId: (data: EnvironmentData, id: string): MessageRecord | undefined =>
    findById(data.messages, id),
  /** Adds a message at its `_id` position (appends when it is the newest). */
  insert(data: EnvironmentData, message: MessageRecord): void {
    messageRows.insert(data, positionById(data.messages, message), message);
  },
  /** Removes every message `drop` picks; their outbox entries keep a copy first. */
  removeWhere(
    state: EngineState,
    data: EnvironmentData,
    drop: (message: MessageRecord) => boolean,
  ): void {
    if (!data.messages.some(drop)) return;
    keepOutboxCopies(state, data.messages.filter(drop));
    journalAssign(
      data,
      'messages',
      data.messages.filter((message) => !drop(message)),
      { table: messageRows.tap, owner: data },
    );
  },
  edit: messageRows.edit,
  tap: messageRows.tap,
  /** Has the subscriber's Inbox counts announced although no message changed. */
  noticeCounts(data: EnvironmentData, subscriberObjectId: string): void {
    journalNotice(subscriberObjectId, { table: messageRows.tap, owner: data });
  },
  /** Removes the message at `at`; its outbox entries keep a copy first. */
  removeAt(state: EngineState, data: EnvironmentData, at: number): void {
    const message = data.messages[at];
    if (message === undefined) return;
    keepOutboxCopies(state, [message]);
    messageRows.removeAt(data, at);
  },
};

const scheduledRows = listTable((state: EngineState) => state.scheduled);
const fanOutRows = listTable((state: EngineState) => state.fanOuts);
const bridgeCallRows = listTable((state: EngineState) => state.bridgeCalls);
const digestRows = mapTable((data: EnvironmentData) => data.digests);

/**
 * Every table of an environment's data and of the engine state.
 *
 * @example
 * ```ts
 * tables.digests.set(data, group, open);
 * tables.notifications.update(data, notification, () => resumeJob(...));
 * ```
 */
export const tables = {
  subscribers,
  topics: mapTable(
    (data: EnvironmentData) => data.topics,
    [],
    (row) => row.key,
  ),
  subscriptions,
  integrations,
  workflows,
  messages,
  tenants: mapTable(
    (data: EnvironmentData) => data.tenants,
    [],
    (row) => row.identifier,
  ),
  contexts: mapTable(
    (data: EnvironmentData) => data.contexts,
    [],
    (row) => contextKey(row.type, row.id),
  ),
  layouts: mapTable(
    (data: EnvironmentData) => data.layouts,
    [],
    (row) => row.layoutId,
  ),
  translations: mapTable(
    (data: EnvironmentData) => data.translations,
    [],
    (row) => translationKey(row.resourceType, row.resourceKey, row.locale),
  ),
  channelConnections: mapTable(
    (data: EnvironmentData) => data.channelConnections,
    [],
    (row) => row.identifier,
  ),
  channelEndpoints: mapTable(
    (data: EnvironmentData) => data.channelEndpoints,
    [],
    (row) => row.identifier,
  ),
  domains: mapTable(
    (data: EnvironmentData) => data.domains,
    [],
    (row) => row.name,
  ),
  domainRoutes: mapTable(
    (data: EnvironmentData) => data.domainRoutes,
    [],
    (row) => domainRouteKey(row._domainId, row.address),
  ),
  domainDns: mapTable((data: EnvironmentData) => data.domainDns),
  agents: mapTable(
    (data: EnvironmentData) => data.agents,
    [],
    (row) => row.identifier,
  ),
  agentIntegrations: mapTable(
    (data: EnvironmentData) => data.agentIntegrations,
    [],
    (row) => row._id,
  ),
  agentActivity: mapTable((data: EnvironmentData) => data.agentActivity),
  notifications,
  transactionIds: setTable((data: EnvironmentData) => data.transactionIds),
  digests: {
    ...digestRows,
    /** Merges a notification into the open digest of `group`. */
    join(
      data: EnvironmentData,
      group: string,
      open: OpenDigestRecord,
      notificationId: string,
    ): void {
      journalPush(open.notificationIds, notificationId, {
        within: { container: data.digests, row: open, key: group },
      });
    },
    /** Takes the notification at `position` out of the open digest of `group`. */
    leave(data: EnvironmentData, group: string, open: OpenDigestRecord, position: number): void {
      journalRemove(open.notificationIds, position, {
        within: { container: data.digests, row: open, key: group },
      });
    },
    /** Moves the end of the open digest of `group`. */
    closeAt(data: EnvironmentData, group: string, open: OpenDigestRecord, closesAt: number): void {
      journalAssign(open, 'closesAt', closesAt, {
        within: { container: data.digests, row: open, key: group },
      });
    },
  },
  digestLastEvent: mapTable((data: EnvironmentData) => data.digestLastEvent),
  throttleAdmitted: mapTable((store: ThrottleStore) => store.admitted),
  throttleWindows: mapTable((store: ThrottleStore) => store.untilWindows),
  preferences: mapTable(
    (data: EnvironmentData) => data.preferences,
    [],
    (row) => preferenceKey(row._subscriberId, row._templateId, row.contextKeys),
  ),
  scheduled: {
    ...scheduledRows,
    /** Drops every task `drop` picks; returns them (the engine cancels their timers). */
    removeWhere(
      state: EngineState,
      drop: (task: ScheduledTaskRecord) => boolean,
    ): ScheduledTaskRecord[] {
      const removed = state.scheduled.filter(drop);
      if (removed.length === 0) return removed;
      journalAssign(
        state,
        'scheduled',
        state.scheduled.filter((task) => !drop(task)),
      );
      return removed;
    },
  },
  outbox: listTable((state: EngineState) => state.outbox),
  environmentVariables: mapTable(
    (state: EngineState) => state.environmentVariables,
    [],
    (row) => row._id,
  ),
  fanOuts: {
    ...fanOutRows,
    /** Moves a pending fan-out past the recipients just reached. */
    advance(state: EngineState, record: PendingFanOutRecord, next: number): void {
      journalAssign(record, 'next', next, { within: { container: state.fanOuts, row: record } });
    },
    /** Drops a pending fan-out (reached all its recipients, or abandoned). */
    remove(state: EngineState, record: PendingFanOutRecord): void {
      fanOutRows.removeAt(state, state.fanOuts.indexOf(record));
    },
  },
  /** The organizations by `_id` (each with its environments in `environments`). */
  organizations: mapReads((state: EngineState) => state.organizations),
  environments: {
    ...mapReads((state: EngineState) => state.environments),
    /** The environment an API key belongs to. */
    byApiKey(state: EngineState, apiKey: string): EnvironmentRecord | undefined {
      const environmentId = state.apiKeys.get(apiKey);
      return environmentId === undefined ? undefined : state.environments.get(environmentId);
    },
    /** The data set of the environment with this `_id`. */
    dataOf: (state: EngineState, environmentId: string): EnvironmentData | undefined =>
      state.data.get(environmentId),
    /** Every environment's data set, of every organization. */
    everyData: (state: EngineState): MapIterator<EnvironmentData> => state.data.values(),
    /** Keeps the bridge URL a sync registered on the environment (bridge/sync.ts). */
    setBridgeUrl(state: EngineState, environment: EnvironmentRecord, bridgeUrl: string): void {
      journalAssign(environment, 'bridgeUrl', bridgeUrl, {
        within: { container: state.environments, row: environment, key: environment._id },
      });
    },
    /** Adds an environment with its API key and its (empty) data set. */
    add(state: EngineState, environment: EnvironmentRecord, data: EnvironmentData): void {
      journalSet(state.environments, environment._id, environment);
      journalSet(state.apiKeys, environment.apiKey, environment._id);
      journalSet(state.data, environment._id, data);
    },
    /** Removes an environment, its API key and everything it holds. */
    remove(state: EngineState, environment: EnvironmentRecord): void {
      journalDelete(state.apiKeys, environment.apiKey);
      journalDelete(state.data, environment._id);
      journalDelete(state.environments, environment._id);
    },
    /** Changes one field of a stored environment (`PUT /v1/environments/{environmentId}`). */
    assign<K extends 'name' | 'identifier' | 'color' | '_parentId' | 'bridgeUrl'>(
      state: EngineState,
      environment: EnvironmentRecord,
      key: K,
      value: EnvironmentRecord[K],
    ): void {
      journalAssign(environment, key, value, {
        within: { container: state.environments, row: environment, key: environment._id },
      });
    },
  },
  bridgeCalls: {
    ...bridgeCallRows,
    /** Drops a step's pending bridge call (answered, or its run is gone). */
    remove(state: EngineState, record: PendingBridgeCallRecord): void {
      bridgeCallRows.removeAt(state, state.bridgeCalls.indexOf(record));
    },
  },
  /** Written by `engine.perform` around an operation (outside its journal), by the service's rules. */
  idempotency: mapTable((state: EngineState) => state.idempotency),
  rateBuckets: mapTable((state: EngineState) => state.rateBuckets),
  /** The last scheduled task's `seq`, counted on. */
  nextTaskSequence(state: EngineState): number {
    journalAssign(state, 'taskSequence', state.taskSequence + 1);
    return state.taskSequence;
  },
};

/**
 * Drops every index an environment's tables keep outside its data (each rebuilds on its next
 * read): for rows written around the tables, as a data directory's rows put back are
 * (store/row-apply.ts).
 *
 * @example
 * ```ts
 * forgetIndexes(data);
 * ```
 */
export function forgetIndexes(data: EnvironmentData): void {
  const indexes = [
    subscriberSearch,
    workflowOrders,
    subscriptionsByIdentifier,
    integrationsByIdentifier,
  ] as const;
  for (const index of indexes) index.forget(data);
}
