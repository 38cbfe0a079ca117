/**
 * Every route of the service's API that this package speaks, in one table. The client's
 * functions import single routes (so an app bundles only the schemas of what it calls); the
 * engine's router, the fault matcher and docs/api-coverage.md read the whole table.
 *
 * @module
 */
import { bridgeSyncRoute } from './bridge';
import {
  eventsBroadcastRoute,
  eventsCancelRoute,
  eventsTriggerBulkRoute,
  eventsTriggerRoute,
} from './events';
import {
  integrationsCreateRoute,
  integrationsDeleteRoute,
  integrationsListRoute,
  integrationsSetPrimaryRoute,
  integrationsUpdateRoute,
} from './integrations';
import {
  messagesDeleteByTransactionIdRoute,
  messagesDeleteRoute,
  messagesListRoute,
} from './messages';
import { notificationsListRoute, notificationsRetrieveRoute } from './notifications';
import type { Route } from './route';
import {
  subscribersCreateBulkRoute,
  subscribersCreateRoute,
  subscribersCredentialsDeleteRoute,
  subscribersCredentialsUpdateRoute,
  subscribersCredentialsUpsertRoute,
  subscribersDeleteRoute,
  subscribersMessagesMarkAsRoute,
  subscribersPreferencesBulkUpdateRoute,
  subscribersPreferencesListRoute,
  subscribersPreferencesUpdateRoute,
  subscribersRetrieveRoute,
  subscribersSearchRoute,
  subscribersSubscriptionsListRoute,
  subscribersUpdateRoute,
} from './subscribers';
import {
  topicsCreateRoute,
  topicsDeleteRoute,
  topicsListRoute,
  topicsRetrieveRoute,
  topicsSubscriptionsCreateRoute,
  topicsSubscriptionsDeleteRoute,
  topicsSubscriptionsListRoute,
  topicsUpdateRoute,
} from './topics';
import {
  workflowsCreateRoute,
  workflowsDeleteRoute,
  workflowsListRoute,
  workflowsPatchRoute,
  workflowsRetrieveRoute,
  workflowsSyncRoute,
  workflowsUpdateRoute,
} from './workflows';

/**
 * Every route the client speaks, with its method, path, status and schemas.
 *
 * @example
 * ```ts
 * ROUTES.map((route) => `${route.method} ${route.path}`);
 * ```
 */
export const ROUTES = [
  subscribersCredentialsUpsertRoute,
  subscribersUpdateRoute,
  subscribersSearchRoute,
  subscribersRetrieveRoute,
  subscribersSubscriptionsListRoute,
  integrationsCreateRoute,
  subscribersMessagesMarkAsRoute,
  integrationsSetPrimaryRoute,
  workflowsListRoute,
  integrationsListRoute,
  workflowsSyncRoute,
  notificationsRetrieveRoute,
  eventsTriggerRoute,
  notificationsListRoute,
  eventsTriggerBulkRoute,
  eventsBroadcastRoute,
  eventsCancelRoute,
  messagesListRoute,
  messagesDeleteRoute,
  messagesDeleteByTransactionIdRoute,
  workflowsRetrieveRoute,
  workflowsPatchRoute,
  workflowsDeleteRoute,
  subscribersCreateRoute,
  subscribersDeleteRoute,
  subscribersCreateBulkRoute,
  subscribersCredentialsUpdateRoute,
  subscribersCredentialsDeleteRoute,
  subscribersPreferencesListRoute,
  subscribersPreferencesUpdateRoute,
  subscribersPreferencesBulkUpdateRoute,
  topicsCreateRoute,
  topicsListRoute,
  topicsRetrieveRoute,
  topicsUpdateRoute,
  topicsDeleteRoute,
  topicsSubscriptionsListRoute,
  topicsSubscriptionsCreateRoute,
  topicsSubscriptionsDeleteRoute,
  workflowsCreateRoute,
  workflowsUpdateRoute,
  integrationsUpdateRoute,
  integrationsDeleteRoute,
  bridgeSyncRoute,
] as const satisfies readonly Route[];

/**
 * The client's name of an operation, e.g. `events.trigger`: the `operation` of a route in
 * {@link ROUTES} (a type test keeps the two equal).
 *
 * @example
 * ```ts
 * const operation: OperationName = 'events.trigger';
 * engine.faults.add({ match: { operation }, respond: { status: 503 } });
 * ```
 */
export type OperationName =
  | 'subscribers.credentials.upsert'
  | 'subscribers.update'
  | 'subscribers.search'
  | 'subscribers.retrieve'
  | 'subscribers.subscriptions.list'
  | 'integrations.create'
  | 'subscribers.messages.markAs'
  | 'integrations.setPrimary'
  | 'workflows.list'
  | 'integrations.list'
  | 'workflows.sync'
  | 'notifications.retrieve'
  | 'events.trigger'
  | 'notifications.list'
  | 'events.triggerBulk'
  | 'events.broadcast'
  | 'events.cancel'
  | 'messages.list'
  | 'messages.delete'
  | 'messages.deleteByTransactionId'
  | 'workflows.retrieve'
  | 'workflows.patch'
  | 'workflows.delete'
  | 'subscribers.create'
  | 'subscribers.delete'
  | 'subscribers.createBulk'
  | 'subscribers.credentials.update'
  | 'subscribers.credentials.delete'
  | 'subscribers.preferences.list'
  | 'subscribers.preferences.update'
  | 'subscribers.preferences.bulkUpdate'
  | 'topics.create'
  | 'topics.list'
  | 'topics.retrieve'
  | 'topics.update'
  | 'topics.delete'
  | 'topics.subscriptions.list'
  | 'topics.subscriptions.create'
  | 'topics.subscriptions.delete'
  | 'workflows.create'
  | 'workflows.update'
  | 'integrations.update'
  | 'integrations.delete'
  | 'bridge.sync';

/**
 * A route of {@link ROUTES}.
 *
 * @example
 * ```ts
 * const byOperation = new Map<OperationName, AnyRoute>(ROUTES.map((route) => [route.operation, route]));
 * ```
 */
export type AnyRoute = (typeof ROUTES)[number];

export type { HttpMethod, PathParams, RateLimitCategory, Route } from './route';
export { BULK_COST, DEFAULT_BODY_LIMIT, fillPath, LARGE_BODY_LIMIT } from './route';
