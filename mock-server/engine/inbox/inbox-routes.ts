/**
 * The Inbox API (`/v1/inbox/*`) as data: each route beside its handler, as the admin API's
 * operations are declared (docs/decisions/0143-inbox-routes.md). A separate table: the admin
 * client never calls these routes, so they carry no client function, schema or docs row of
 * `src/routes/`; the engine's router and `engine.perform` serve both tables.
 *
 * @module
 */

import type { HttpMethod } from '../../../src/routes/route';
import { StatusAnswer } from '../operation';
import type { EngineScope } from '../scope';
import type { SubscriberRecord } from '../store/state';
import { inAppMessagesOf } from './inbox-counts';
import {
  bulkUpdateInboxPreferences,
  globalInboxPreference,
  listInboxPreferences,
  updateInboxPreferences,
} from './inbox-preferences';
import {
  createInboxSubscription,
  deleteInboxSubscription,
  listInboxSubscriptions,
  retrieveInboxSubscription,
  updateInboxSubscription,
  updateInboxSubscriptionPreference,
} from './inbox-topics';
import {
  actOnAll,
  actOnNotification,
  type BulkAction,
  deleteNotification,
  type NotificationAction,
} from './notification-actions';
import { MAX_COUNT, matchesFilter, parseCountFilters, parseListQuery } from './notification-filter';
import { toInboxNotification } from './notification-view';
import { startSession } from './session';

/**
 * One route of the Inbox API.
 *
 * @example
 * ```ts
 * const route: InboxRoute = { operation: 'inbox.notifications.list', method: 'GET', path: '/v1/inbox/notifications', status: 200, category: 'global', auth: 'session', whole: true };
 * ```
 */
export interface InboxRoute {
  readonly operation: `inbox.${string}`;
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number;
  /** The rate-limit category (the Inbox's routes are `global`). */
  readonly category: 'global';
  /** `session`: `Authorization: Bearer <token>`; `none`: the session route, keyed by `applicationIdentifier`. */
  readonly auth: 'session' | 'none';
  /** Answered as it is (lists and counts), not inside `{ data }`. */
  readonly whole?: true;
  readonly bodyLimit?: number;
}

/** What an Inbox handler reads. */
export interface InboxInput {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  body: unknown;
}

/**
 * An Inbox operation: its route and handler. The handler gets the session's subscriber
 * (`undefined` for the session route).
 *
 * @example
 * ```ts
 * const count = INBOX_OPERATIONS['inbox.notifications.count'];
 * count.route.path; // '/v1/inbox/notifications/count'
 * ```
 */
export interface InboxOperation {
  readonly route: InboxRoute;
  readonly handle: (
    scope: EngineScope,
    subscriber: SubscriberRecord | undefined,
    input: InboxInput,
  ) => unknown;
}

const session = (
  operation: string,
  method: HttpMethod,
  path: string,
  handle: (scope: EngineScope, subscriber: SubscriberRecord, input: InboxInput) => unknown,
  options: { status?: number; whole?: true } = {},
): InboxOperation => ({
  route: {
    operation: `inbox.${operation}`,
    method,
    path: `/v1/inbox${path}`,
    status: options.status ?? 200,
    category: 'global',
    auth: 'session',
    ...(options.whole ? { whole: true as const } : {}),
  },
  handle: (scope, subscriber, input) => handle(scope, subscriber as SubscriberRecord, input),
});

const notificationAction = (action: NotificationAction, method: 'PATCH' = 'PATCH') =>
  session(
    `notifications.${action}`,
    method,
    `/notifications/:notificationId/${action}`,
    (scope, subscriber, { params, body }) =>
      actOnNotification(scope, subscriber, params['notificationId'] as string, action, body),
  );

const bulkAction = (action: BulkAction, name: string) =>
  session(
    `notifications.${name}`,
    'POST',
    `/notifications/${action}`,
    (scope, subscriber, { body }) => actOnAll(scope, subscriber, action, body),
    { status: 204 },
  );

/** Every Inbox operation. */
const LIST: InboxOperation[] = [
  {
    route: {
      operation: 'inbox.session',
      method: 'POST',
      path: '/v1/inbox/session',
      status: 201,
      category: 'global',
      auth: 'none',
    },
    handle: (scope, _subscriber, { body }) => startSession(scope, body),
  },
  session(
    'notifications.list',
    'GET',
    '/notifications',
    (scope, subscriber, { query }) => {
      const { limit, after, offset, filter } = parseListQuery(query);
      const now = scope.now();
      const newestFirst = inAppMessagesOf(scope.data, subscriber)
        .filter((message) => matchesFilter(scope.data, message, filter, now))
        .reverse();
      const start =
        after === undefined ? 0 : newestFirst.findIndex((message) => message._id < after);
      const from = (start === -1 ? newestFirst.length : start) + offset;
      const page = newestFirst.slice(from, from + limit);
      return {
        data: page.map((message) => toInboxNotification(scope.data, message, subscriber, now)),
        hasMore: newestFirst.length > from + limit,
        filter,
      };
    },
    { whole: true },
  ),
  session(
    'notifications.count',
    'GET',
    '/notifications/count',
    (scope, subscriber, { query }) => {
      const filters = parseCountFilters(query);
      const now = scope.now();
      const messages = inAppMessagesOf(scope.data, subscriber);
      return {
        data: filters.map((filter) => ({
          count: Math.min(
            MAX_COUNT,
            messages.filter((message) => matchesFilter(scope.data, message, filter, now)).length,
          ),
          filter,
        })),
      };
    },
    { whole: true },
  ),
  notificationAction('read'),
  notificationAction('unread'),
  notificationAction('archive'),
  notificationAction('unarchive'),
  notificationAction('snooze'),
  notificationAction('unsnooze'),
  notificationAction('complete'),
  notificationAction('revert'),
  session(
    'notifications.delete',
    'DELETE',
    '/notifications/:notificationId/delete',
    (scope, subscriber, { params }) =>
      deleteNotification(scope, subscriber, params['notificationId'] as string),
    { status: 204 },
  ),
  bulkAction('read', 'readAll'),
  bulkAction('archive', 'archiveAll'),
  bulkAction('read-archive', 'archiveAllRead'),
  bulkAction('delete', 'deleteAll'),
  bulkAction('seen', 'markAsSeen'),
  session('preferences.list', 'GET', '/preferences', (scope, subscriber, { query }) =>
    listInboxPreferences(scope, subscriber, query),
  ),
  session('preferences.global', 'GET', '/preferences/global', (scope, subscriber) =>
    globalInboxPreference(scope, subscriber),
  ),
  session('preferences.update', 'PATCH', '/preferences', (scope, subscriber, { body }) =>
    updateInboxPreferences(scope, subscriber, undefined, body),
  ),
  session('preferences.bulkUpdate', 'PATCH', '/preferences/bulk', (scope, subscriber, { body }) =>
    bulkUpdateInboxPreferences(scope, subscriber, body),
  ),
  session(
    'preferences.updateWorkflow',
    'PATCH',
    '/preferences/:workflowId',
    (scope, subscriber, { params, body }) =>
      updateInboxPreferences(scope, subscriber, params['workflowId'] as string, body),
  ),
  session(
    'topics.subscriptions.list',
    'GET',
    '/topics/:topicKey/subscriptions',
    (scope, subscriber, { params }) =>
      listInboxSubscriptions(scope, subscriber, params['topicKey'] as string),
  ),
  session(
    'topics.subscriptions.create',
    'POST',
    '/topics/:topicKey/subscriptions',
    (scope, subscriber, { params, body }) =>
      createInboxSubscription(scope, subscriber, params['topicKey'] as string, body),
    { status: 201 },
  ),
  session(
    'topics.subscriptions.retrieve',
    'GET',
    '/topics/:topicKey/subscriptions/:identifier',
    (scope, subscriber, { params }) =>
      retrieveInboxSubscription(
        scope,
        subscriber,
        params['topicKey'] as string,
        params['identifier'] as string,
      ) ?? new StatusAnswer(204, undefined),
  ),
  session(
    'topics.subscriptions.update',
    'PATCH',
    '/topics/:topicKey/subscriptions/:identifier',
    (scope, subscriber, { params, body }) =>
      updateInboxSubscription(
        scope,
        subscriber,
        params['topicKey'] as string,
        params['identifier'] as string,
        body,
      ),
  ),
  session(
    'topics.subscriptions.delete',
    'DELETE',
    '/topics/:topicKey/subscriptions/:identifier',
    (scope, subscriber, { params }) =>
      deleteInboxSubscription(
        scope,
        subscriber,
        params['topicKey'] as string,
        params['identifier'] as string,
      ),
    { status: 204 },
  ),
  session(
    'subscriptions.preferences.update',
    'PATCH',
    '/subscriptions/:subscriptionIdentifier/preferences/:workflowId',
    (scope, subscriber, { params, body }) =>
      updateInboxSubscriptionPreference(
        scope,
        subscriber,
        params['subscriptionIdentifier'] as string,
        params['workflowId'] as string,
        body,
      ),
  ),
];

/** Every Inbox operation by name. */
export const INBOX_OPERATIONS: Readonly<Record<string, InboxOperation>> = Object.fromEntries(
  LIST.map((operation) => [operation.route.operation, operation]),
);

/** The Inbox routes, in declaration order (the bulk `/preferences/bulk` before `/preferences/:workflowId`). */
export const INBOX_ROUTES: readonly InboxRoute[] = LIST.map((operation) => operation.route);

/** The answer of a handler's result: `{ data }` unless the route answers whole; none for a 204. */
export function inboxAnswer(route: InboxRoute, result: unknown): { status: number; body: unknown } {
  if (result instanceof StatusAnswer) {
    return {
      status: result.status,
      body: result.status === 204 ? undefined : { data: result.value },
    };
  }
  if (route.status === 204) return { status: 204, body: undefined };
  return { status: route.status, body: route.whole ? result : { data: result } };
}
