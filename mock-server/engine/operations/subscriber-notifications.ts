/**
 * The handlers of the `subscribers.notifications` routes: a subscriber's Inbox reached with the
 * API key. Each runs the Inbox's own implementation (`../inbox/`) for the subscriber the path
 * names, so the Inbox, its socket and these routes see one set of messages.
 *
 * @module
 */

import * as routes from '../../../src/routes/subscriber-notifications';
import {
  actOnAll,
  actOnNotification,
  type BulkAction,
  deleteNotification,
  type NotificationAction,
} from '../inbox/notification-actions';
import { countNotifications, countUnseen, listNotifications } from '../inbox/notification-list';
import { notificationsOwner, v1NotificationsOwner } from '../resources/subscriber-notifications';
import type { EngineScope } from '../scope';
import { defineOperation } from './operation';

/** The path of a route over one notification. */
interface OneNotificationPath {
  params: { subscriberId: string; notificationId: string };
}

/**
 * The handler of a route over one notification. The service's response interceptor answers a
 * notification whole when its `data` is set (it takes any object with a truthy `data` and no
 * `_id` for a page), else in the `{ data }` envelope: `envelope` (wire/envelope.ts) does the same.
 */
const actOn =
  (action: NotificationAction) =>
  (scope: EngineScope, { params, body }: OneNotificationPath & { body?: unknown }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      action,
      // Only the snooze has a body (its end); the others take none.
      action === 'snooze' ? body : undefined,
    );

/** The handler of a button's complete or revert. */
const buttonAction =
  (action: 'complete' | 'revert') =>
  (
    scope: EngineScope,
    { params }: { params: OneNotificationPath['params'] & { actionType: string } },
  ) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      action,
      { actionType: params.actionType },
    );

/** The handler of a bulk action (204). */
const bulk =
  (action: BulkAction) =>
  (scope: EngineScope, { params, body }: { params: { subscriberId: string }; body: unknown }) =>
    actOnAll(scope, notificationsOwner(scope, params.subscriberId), action, body);

export const subscribersNotificationsList = defineOperation(
  routes.subscribersNotificationsListRoute,
  (scope, { params, query }) =>
    listNotifications(scope, notificationsOwner(scope, params.subscriberId), query),
);

export const subscribersNotificationsCount = defineOperation(
  routes.subscribersNotificationsCountRoute,
  (scope, { params, query }) =>
    // The service answers the bare list, which the envelope wraps (the Inbox's has its own `data`).
    countNotifications(scope, notificationsOwner(scope, params.subscriberId), query).data,
);

export const subscribersNotificationsMarkAsRead = defineOperation(
  routes.subscribersNotificationsMarkAsReadRoute,
  actOn('read'),
);
export const subscribersNotificationsMarkAsUnread = defineOperation(
  routes.subscribersNotificationsMarkAsUnreadRoute,
  actOn('unread'),
);
export const subscribersNotificationsArchive = defineOperation(
  routes.subscribersNotificationsArchiveRoute,
  actOn('archive'),
);
export const subscribersNotificationsUnarchive = defineOperation(
  routes.subscribersNotificationsUnarchiveRoute,
  actOn('unarchive'),
);
export const subscribersNotificationsSnooze = defineOperation(
  routes.subscribersNotificationsSnoozeRoute,
  actOn('snooze'),
);
export const subscribersNotificationsUnsnooze = defineOperation(
  routes.subscribersNotificationsUnsnoozeRoute,
  actOn('unsnooze'),
);

export const subscribersNotificationsDelete = defineOperation(
  routes.subscribersNotificationsDeleteRoute,
  (scope, { params }) =>
    deleteNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
    ),
);

export const subscribersNotificationsCompleteAction = defineOperation(
  routes.subscribersNotificationsCompleteActionRoute,
  buttonAction('complete'),
);
export const subscribersNotificationsRevertAction = defineOperation(
  routes.subscribersNotificationsRevertActionRoute,
  buttonAction('revert'),
);

export const subscribersNotificationsMarkAsSeen = defineOperation(
  routes.subscribersNotificationsMarkAsSeenRoute,
  bulk('seen'),
);
export const subscribersNotificationsMarkAllAsRead = defineOperation(
  routes.subscribersNotificationsMarkAllAsReadRoute,
  bulk('read'),
);
export const subscribersNotificationsArchiveAll = defineOperation(
  routes.subscribersNotificationsArchiveAllRoute,
  bulk('archive'),
);
export const subscribersNotificationsArchiveAllRead = defineOperation(
  routes.subscribersNotificationsArchiveAllReadRoute,
  bulk('read-archive'),
);
export const subscribersNotificationsDeleteAll = defineOperation(
  routes.subscribersNotificationsDeleteAllRoute,
  bulk('delete'),
);

export const subscribersNotificationsUnseenCount = defineOperation(
  routes.subscribersNotificationsUnseenCountRoute,
  (scope, { params, query }) =>
    countUnseen(scope, v1NotificationsOwner(scope, params.subscriberId), query),
);
