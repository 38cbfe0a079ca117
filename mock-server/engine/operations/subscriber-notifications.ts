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
import type { InboxNotification } from '../inbox/notification-shapes';
import { notificationsOwner, v1NotificationsOwner } from '../resources/subscriber-notifications';
import { defineOperation, defineUncheckedOperation } from './operation';

/**
 * A notification as the service's response interceptor answers it: whole when its `data` is
 * set (the interceptor takes any object with a truthy `data` and no `_id` for a page), else in
 * the `{ data }` envelope. The routes' schema has `data`, so the engine answers their value whole.
 */
function asTheServiceAnswers(
  notification: InboxNotification,
): InboxNotification | { data: InboxNotification } {
  return notification.data ? notification : { data: notification };
}

type OneNotificationRoute =
  | typeof routes.subscribersNotificationsMarkAsReadRoute
  | typeof routes.subscribersNotificationsMarkAsUnreadRoute
  | typeof routes.subscribersNotificationsArchiveRoute
  | typeof routes.subscribersNotificationsUnarchiveRoute
  | typeof routes.subscribersNotificationsSnoozeRoute
  | typeof routes.subscribersNotificationsUnsnoozeRoute;

const oneNotification = <const R extends OneNotificationRoute>(
  route: R,
  action: NotificationAction,
) =>
  defineUncheckedOperation(route, (scope, { params, body }) =>
    asTheServiceAnswers(
      actOnNotification(
        scope,
        notificationsOwner(scope, params.subscriberId),
        params.notificationId,
        action,
        // Only the snooze has a body (its end); the others take none.
        action === 'snooze' ? body : undefined,
      ),
    ),
  );

type ActionRoute =
  | typeof routes.subscribersNotificationsCompleteActionRoute
  | typeof routes.subscribersNotificationsRevertActionRoute;

const buttonAction = <const R extends ActionRoute>(route: R, action: 'complete' | 'revert') =>
  defineUncheckedOperation(route, (scope, { params }) =>
    asTheServiceAnswers(
      actOnNotification(
        scope,
        notificationsOwner(scope, params.subscriberId),
        params.notificationId,
        action,
        { actionType: params.actionType },
      ),
    ),
  );

type BulkRoute =
  | typeof routes.subscribersNotificationsMarkAsSeenRoute
  | typeof routes.subscribersNotificationsMarkAllAsReadRoute
  | typeof routes.subscribersNotificationsArchiveAllRoute
  | typeof routes.subscribersNotificationsArchiveAllReadRoute
  | typeof routes.subscribersNotificationsDeleteAllRoute;

const bulk = <const R extends BulkRoute>(route: R, action: BulkAction) =>
  defineUncheckedOperation(route, (scope, { params, body }) =>
    actOnAll(scope, notificationsOwner(scope, params.subscriberId), action, body),
  );

export const subscribersNotificationsList = defineUncheckedOperation(
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

export const subscribersNotificationsMarkAsRead = oneNotification(
  routes.subscribersNotificationsMarkAsReadRoute,
  'read',
);
export const subscribersNotificationsMarkAsUnread = oneNotification(
  routes.subscribersNotificationsMarkAsUnreadRoute,
  'unread',
);
export const subscribersNotificationsArchive = oneNotification(
  routes.subscribersNotificationsArchiveRoute,
  'archive',
);
export const subscribersNotificationsUnarchive = oneNotification(
  routes.subscribersNotificationsUnarchiveRoute,
  'unarchive',
);
export const subscribersNotificationsSnooze = oneNotification(
  routes.subscribersNotificationsSnoozeRoute,
  'snooze',
);
export const subscribersNotificationsUnsnooze = oneNotification(
  routes.subscribersNotificationsUnsnoozeRoute,
  'unsnooze',
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

export const subscribersNotificationsCompleteAction = buttonAction(
  routes.subscribersNotificationsCompleteActionRoute,
  'complete',
);
export const subscribersNotificationsRevertAction = buttonAction(
  routes.subscribersNotificationsRevertActionRoute,
  'revert',
);

export const subscribersNotificationsMarkAsSeen = bulk(
  routes.subscribersNotificationsMarkAsSeenRoute,
  'seen',
);
export const subscribersNotificationsMarkAllAsRead = bulk(
  routes.subscribersNotificationsMarkAllAsReadRoute,
  'read',
);
export const subscribersNotificationsArchiveAll = bulk(
  routes.subscribersNotificationsArchiveAllRoute,
  'archive',
);
export const subscribersNotificationsArchiveAllRead = bulk(
  routes.subscribersNotificationsArchiveAllReadRoute,
  'read-archive',
);
export const subscribersNotificationsDeleteAll = bulk(
  routes.subscribersNotificationsDeleteAllRoute,
  'delete',
);

export const subscribersNotificationsUnseenCount = defineOperation(
  routes.subscribersNotificationsUnseenCountRoute,
  (scope, { params, query }) =>
    countUnseen(scope, v1NotificationsOwner(scope, params.subscriberId), query),
);
