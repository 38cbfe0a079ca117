/**
 * The Inbox API (`/v1/inbox/*`) as data: each route beside its handler, declared with the same
 * `defineOperation` as the admin API's operations (docs/decisions/0143-inbox-routes.md,
 * 0146-one-operation-kind.md); each route says how it authenticates (a session token, or the
 * session route's `applicationIdentifier`) and how it answers. A separate table: the admin client
 * never calls these routes, so they carry no client function, schema or docs row of `src/routes/`.
 *
 * @module
 */

import {
  bulkUpdateInboxPreferences,
  globalInboxPreference,
  listInboxPreferences,
  updateInboxPreferences,
} from '../inbox/inbox-preferences';
import {
  createInboxSubscription,
  deleteInboxSubscription,
  listInboxSubscriptions,
  retrieveInboxSubscription,
  updateInboxSubscription,
  updateInboxSubscriptionPreference,
} from '../inbox/inbox-topics';
import {
  actOnAll,
  actOnNotification,
  type BulkAction,
  deleteNotification,
  type NotificationAction,
} from '../inbox/notification-actions';
import { countNotifications, listNotifications } from '../inbox/notification-list';
import { startSession } from '../inbox/session';
import { INBOX_CHANNEL_OPERATIONS } from './inbox-channels';
import { inboxRoute } from './inbox-route';
import {
  defineOperation,
  type OperationDefinition,
  type OperationRoute,
  StatusAnswer,
} from './operation';

const notificationAction = <const A extends NotificationAction>(action: A) =>
  defineOperation(
    inboxRoute(`notifications.${action}`, 'PATCH', `/notifications/:notificationId/${action}`),
    (scope, { subscriber, params, body }) =>
      actOnNotification(scope, subscriber, params.notificationId, action, body),
  );

const bulkAction = <const N extends string>(action: BulkAction, name: N) =>
  defineOperation(
    inboxRoute(`notifications.${name}`, 'POST', `/notifications/${action}`, { status: 204 }),
    (scope, { subscriber, body }) => actOnAll(scope, subscriber, action, body),
  );

/** Every Inbox operation, in declaration order (`/preferences/bulk` before `/preferences/:workflowId`). */
const LIST = [
  defineOperation(
    inboxRoute('session', 'POST', '/session', { status: 201, auth: 'application-identifier' }),
    (scope, { body }) => startSession(scope, body),
  ),
  defineOperation(
    inboxRoute('notifications.list', 'GET', '/notifications', { answer: 'whole' }),
    (scope, { subscriber, query }) => listNotifications(scope, subscriber, query),
  ),
  defineOperation(
    inboxRoute('notifications.count', 'GET', '/notifications/count', { answer: 'whole' }),
    (scope, { subscriber, query }) => countNotifications(scope, subscriber, query),
  ),
  notificationAction('read'),
  notificationAction('unread'),
  notificationAction('archive'),
  notificationAction('unarchive'),
  notificationAction('snooze'),
  notificationAction('unsnooze'),
  notificationAction('complete'),
  notificationAction('revert'),
  defineOperation(
    inboxRoute('notifications.delete', 'DELETE', '/notifications/:notificationId/delete', {
      status: 204,
    }),
    (scope, { subscriber, params }) => deleteNotification(scope, subscriber, params.notificationId),
  ),
  bulkAction('read', 'readAll'),
  bulkAction('archive', 'archiveAll'),
  bulkAction('read-archive', 'archiveAllRead'),
  bulkAction('delete', 'deleteAll'),
  bulkAction('seen', 'markAsSeen'),
  defineOperation(
    inboxRoute('preferences.list', 'GET', '/preferences'),
    (scope, { subscriber, query }) => listInboxPreferences(scope, subscriber, query),
  ),
  defineOperation(
    inboxRoute('preferences.global', 'GET', '/preferences/global'),
    (scope, { subscriber }) => globalInboxPreference(scope, subscriber),
  ),
  defineOperation(
    inboxRoute('preferences.update', 'PATCH', '/preferences'),
    (scope, { subscriber, body }) => updateInboxPreferences(scope, subscriber, undefined, body),
  ),
  defineOperation(
    inboxRoute('preferences.bulkUpdate', 'PATCH', '/preferences/bulk'),
    (scope, { subscriber, body }) => bulkUpdateInboxPreferences(scope, subscriber, body),
  ),
  defineOperation(
    inboxRoute('preferences.updateWorkflow', 'PATCH', '/preferences/:workflowId'),
    (scope, { subscriber, params, body }) =>
      updateInboxPreferences(scope, subscriber, params.workflowId, body),
  ),
  defineOperation(
    inboxRoute('topics.subscriptions.list', 'GET', '/topics/:topicKey/subscriptions'),
    (scope, { subscriber, params }) => listInboxSubscriptions(scope, subscriber, params.topicKey),
  ),
  defineOperation(
    inboxRoute('topics.subscriptions.create', 'POST', '/topics/:topicKey/subscriptions', {
      status: 201,
    }),
    (scope, { subscriber, params, body }) =>
      createInboxSubscription(scope, subscriber, params.topicKey, body),
  ),
  defineOperation(
    inboxRoute(
      'topics.subscriptions.retrieve',
      'GET',
      '/topics/:topicKey/subscriptions/:identifier',
    ),
    (scope, { subscriber, params }) =>
      retrieveInboxSubscription(scope, subscriber, params.topicKey, params.identifier) ??
      new StatusAnswer(204, undefined),
  ),
  defineOperation(
    inboxRoute(
      'topics.subscriptions.update',
      'PATCH',
      '/topics/:topicKey/subscriptions/:identifier',
    ),
    (scope, { subscriber, params, body }) =>
      updateInboxSubscription(scope, subscriber, params.topicKey, params.identifier, body),
  ),
  defineOperation(
    inboxRoute(
      'topics.subscriptions.delete',
      'DELETE',
      '/topics/:topicKey/subscriptions/:identifier',
      {
        status: 204,
      },
    ),
    (scope, { subscriber, params }) =>
      deleteInboxSubscription(scope, subscriber, params.topicKey, params.identifier),
  ),
  defineOperation(
    inboxRoute(
      'subscriptions.preferences.update',
      'PATCH',
      '/subscriptions/:subscriptionIdentifier/preferences/:workflowId',
    ),
    (scope, { subscriber, params, body }) =>
      updateInboxSubscriptionPreference(
        scope,
        subscriber,
        params.subscriptionIdentifier,
        params.workflowId,
        body,
      ),
  ),
  ...INBOX_CHANNEL_OPERATIONS,
];

/**
 * The name of an Inbox operation.
 *
 * @example
 * ```ts
 * const name: InboxOperationName = 'inbox.notifications.count';
 * ```
 */
export type InboxOperationName = (typeof LIST)[number]['route']['operation'];

/**
 * Every Inbox operation by name: the same kind of definition as the admin API's.
 *
 * @example
 * ```ts
 * INBOX_OPERATIONS['inbox.notifications.count'].route.path; // '/v1/inbox/notifications/count'
 * ```
 */
export const INBOX_OPERATIONS = Object.fromEntries(
  LIST.map((operation) => [operation.route.operation, operation]),
) as {
  readonly [D in (typeof LIST)[number] as D['route']['operation']]: D;
} satisfies { readonly [K in InboxOperationName]: OperationDefinition };

/** The Inbox routes, in declaration order. */
export const INBOX_ROUTES: readonly OperationRoute[] = LIST.map((operation) => operation.route);
