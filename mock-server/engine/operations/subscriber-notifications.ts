/**
 * The handlers of the `subscribers.notifications` routes: a subscriber's Inbox reached with the
 * API key. Each runs the Inbox's own implementation (`../inbox/`) for the subscriber the path
 * names, so the Inbox, its socket and these routes see one set of messages.
 *
 * @module
 */

import * as routes from '../../../src/routes/subscriber-notifications';
import { actOnAll, actOnNotification, deleteNotification } from '../inbox/notification-actions';
import { countNotifications, countUnseen, listNotifications } from '../inbox/notification-list';
import { defineOperation } from '../operation';
import { notificationsOwner, v1NotificationsOwner } from '../resources/subscriber-notifications';

export const subscribersNotificationsList = defineOperation(
  routes.subscribersNotificationsListRoute,
  (scope, { params, query }) =>
    listNotifications(scope, notificationsOwner(scope, params.subscriberId), query),
);

export const subscribersNotificationsCount = defineOperation(
  routes.subscribersNotificationsCountRoute,
  (scope, { params, query }) =>
    countNotifications(scope, notificationsOwner(scope, params.subscriberId), query),
);

export const subscribersNotificationsMarkAsRead = defineOperation(
  routes.subscribersNotificationsMarkAsReadRoute,
  (scope, { params }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      'read',
      undefined,
    ),
);

export const subscribersNotificationsMarkAsUnread = defineOperation(
  routes.subscribersNotificationsMarkAsUnreadRoute,
  (scope, { params }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      'unread',
      undefined,
    ),
);

export const subscribersNotificationsArchive = defineOperation(
  routes.subscribersNotificationsArchiveRoute,
  (scope, { params }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      'archive',
      undefined,
    ),
);

export const subscribersNotificationsUnarchive = defineOperation(
  routes.subscribersNotificationsUnarchiveRoute,
  (scope, { params }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      'unarchive',
      undefined,
    ),
);

export const subscribersNotificationsSnooze = defineOperation(
  routes.subscribersNotificationsSnoozeRoute,
  (scope, { params, body }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      'snooze',
      body,
    ),
);

export const subscribersNotificationsUnsnooze = defineOperation(
  routes.subscribersNotificationsUnsnoozeRoute,
  (scope, { params }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      'unsnooze',
      undefined,
    ),
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
  (scope, { params }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      'complete',
      { actionType: params.actionType },
    ),
);

export const subscribersNotificationsRevertAction = defineOperation(
  routes.subscribersNotificationsRevertActionRoute,
  (scope, { params }) =>
    actOnNotification(
      scope,
      notificationsOwner(scope, params.subscriberId),
      params.notificationId,
      'revert',
      { actionType: params.actionType },
    ),
);

export const subscribersNotificationsMarkAsSeen = defineOperation(
  routes.subscribersNotificationsMarkAsSeenRoute,
  (scope, { params, body }) =>
    actOnAll(scope, notificationsOwner(scope, params.subscriberId), 'seen', body),
);

export const subscribersNotificationsMarkAllAsRead = defineOperation(
  routes.subscribersNotificationsMarkAllAsReadRoute,
  (scope, { params, body }) =>
    actOnAll(scope, notificationsOwner(scope, params.subscriberId), 'read', body),
);

export const subscribersNotificationsArchiveAll = defineOperation(
  routes.subscribersNotificationsArchiveAllRoute,
  (scope, { params, body }) =>
    actOnAll(scope, notificationsOwner(scope, params.subscriberId), 'archive', body),
);

export const subscribersNotificationsArchiveAllRead = defineOperation(
  routes.subscribersNotificationsArchiveAllReadRoute,
  (scope, { params, body }) =>
    actOnAll(scope, notificationsOwner(scope, params.subscriberId), 'read-archive', body),
);

export const subscribersNotificationsDeleteAll = defineOperation(
  routes.subscribersNotificationsDeleteAllRoute,
  (scope, { params, body }) =>
    actOnAll(scope, notificationsOwner(scope, params.subscriberId), 'delete', body),
);

export const subscribersNotificationsUnseenCount = defineOperation(
  routes.subscribersNotificationsUnseenCountRoute,
  (scope, { params, query }) =>
    countUnseen(scope, v1NotificationsOwner(scope, params.subscriberId), query),
);
