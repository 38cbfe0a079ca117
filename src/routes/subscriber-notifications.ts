import { NoContent } from '../schemas/common';
import {
  BulkNotificationsBody,
  ContextKeysQuery,
  InboxNotification,
  InboxNotificationCountQuery,
  InboxNotificationCounts,
  InboxNotificationList,
  InboxNotificationListQuery,
  MarkSeenBody,
  SnoozeBody,
  UnseenCount,
  UnseenCountQuery,
} from '../schemas/inbox-notification';
import type { Route } from './route';

const NOTIFICATIONS = '/v2/subscribers/:subscriberId/notifications';

/** `GET /v2/subscribers/{subscriberId}/notifications`: a page of the subscriber's Inbox. */
export const subscribersNotificationsListRoute = {
  operation: 'subscribers.notifications.list',
  method: 'GET',
  path: NOTIFICATIONS,
  status: 200,
  category: 'configuration',
  query: InboxNotificationListQuery,
  response: InboxNotificationList,
} as const satisfies Route;

/** `GET /v2/subscribers/{subscriberId}/notifications/count`: one count per filter. */
export const subscribersNotificationsCountRoute = {
  operation: 'subscribers.notifications.count',
  method: 'GET',
  path: `${NOTIFICATIONS}/count`,
  status: 200,
  category: 'configuration',
  query: InboxNotificationCountQuery,
  response: InboxNotificationCounts,
} as const satisfies Route;

/** `PATCH .../notifications/{notificationId}/read`: marks one notification read (and seen). */
export const subscribersNotificationsMarkAsReadRoute = {
  operation: 'subscribers.notifications.markAsRead',
  method: 'PATCH',
  path: `${NOTIFICATIONS}/:notificationId/read`,
  status: 200,
  category: 'configuration',
  query: ContextKeysQuery,
  response: InboxNotification,
} as const satisfies Route;

/** `PATCH .../notifications/{notificationId}/unread`: marks one notification unread. */
export const subscribersNotificationsMarkAsUnreadRoute = {
  operation: 'subscribers.notifications.markAsUnread',
  method: 'PATCH',
  path: `${NOTIFICATIONS}/:notificationId/unread`,
  status: 200,
  category: 'configuration',
  query: ContextKeysQuery,
  response: InboxNotification,
} as const satisfies Route;

/** `PATCH .../notifications/{notificationId}/archive`: archives one notification. */
export const subscribersNotificationsArchiveRoute = {
  operation: 'subscribers.notifications.archive',
  method: 'PATCH',
  path: `${NOTIFICATIONS}/:notificationId/archive`,
  status: 200,
  category: 'configuration',
  query: ContextKeysQuery,
  response: InboxNotification,
} as const satisfies Route;

/** `PATCH .../notifications/{notificationId}/unarchive`: unarchives one notification. */
export const subscribersNotificationsUnarchiveRoute = {
  operation: 'subscribers.notifications.unarchive',
  method: 'PATCH',
  path: `${NOTIFICATIONS}/:notificationId/unarchive`,
  status: 200,
  category: 'configuration',
  query: ContextKeysQuery,
  response: InboxNotification,
} as const satisfies Route;

/** `PATCH .../notifications/{notificationId}/snooze`: hides one notification until a time. */
export const subscribersNotificationsSnoozeRoute = {
  operation: 'subscribers.notifications.snooze',
  method: 'PATCH',
  path: `${NOTIFICATIONS}/:notificationId/snooze`,
  status: 200,
  category: 'configuration',
  body: SnoozeBody,
  query: ContextKeysQuery,
  response: InboxNotification,
} as const satisfies Route;

/** `PATCH .../notifications/{notificationId}/unsnooze`: brings a snoozed notification back. */
export const subscribersNotificationsUnsnoozeRoute = {
  operation: 'subscribers.notifications.unsnooze',
  method: 'PATCH',
  path: `${NOTIFICATIONS}/:notificationId/unsnooze`,
  status: 200,
  category: 'configuration',
  query: ContextKeysQuery,
  response: InboxNotification,
} as const satisfies Route;

/** `DELETE .../notifications/{notificationId}`: deletes one notification; 204. */
export const subscribersNotificationsDeleteRoute = {
  operation: 'subscribers.notifications.delete',
  method: 'DELETE',
  path: `${NOTIFICATIONS}/:notificationId`,
  status: 204,
  category: 'configuration',
  query: ContextKeysQuery,
  response: NoContent,
} as const satisfies Route;

/** `PATCH .../notifications/{notificationId}/actions/{actionType}/complete`: marks an action done. */
export const subscribersNotificationsCompleteActionRoute = {
  operation: 'subscribers.notifications.completeAction',
  method: 'PATCH',
  path: `${NOTIFICATIONS}/:notificationId/actions/:actionType/complete`,
  status: 200,
  category: 'configuration',
  query: ContextKeysQuery,
  response: InboxNotification,
} as const satisfies Route;

/** `PATCH .../notifications/{notificationId}/actions/{actionType}/revert`: back to pending. */
export const subscribersNotificationsRevertActionRoute = {
  operation: 'subscribers.notifications.revertAction',
  method: 'PATCH',
  path: `${NOTIFICATIONS}/:notificationId/actions/:actionType/revert`,
  status: 200,
  category: 'configuration',
  query: ContextKeysQuery,
  response: InboxNotification,
} as const satisfies Route;

/** `POST .../notifications/seen`: marks the given or selected notifications seen; 204. */
export const subscribersNotificationsMarkAsSeenRoute = {
  operation: 'subscribers.notifications.markAsSeen',
  method: 'POST',
  path: `${NOTIFICATIONS}/seen`,
  status: 204,
  category: 'configuration',
  body: MarkSeenBody,
  response: NoContent,
} as const satisfies Route;

/** `POST .../notifications/read`: marks every selected notification read; 204. */
export const subscribersNotificationsMarkAllAsReadRoute = {
  operation: 'subscribers.notifications.markAllAsRead',
  method: 'POST',
  path: `${NOTIFICATIONS}/read`,
  status: 204,
  category: 'configuration',
  body: BulkNotificationsBody,
  response: NoContent,
} as const satisfies Route;

/** `POST .../notifications/archive`: archives every selected notification; 204. */
export const subscribersNotificationsArchiveAllRoute = {
  operation: 'subscribers.notifications.archiveAll',
  method: 'POST',
  path: `${NOTIFICATIONS}/archive`,
  status: 204,
  category: 'configuration',
  body: BulkNotificationsBody,
  response: NoContent,
} as const satisfies Route;

/** `POST .../notifications/read-archive`: archives every selected read notification; 204. */
export const subscribersNotificationsArchiveAllReadRoute = {
  operation: 'subscribers.notifications.archiveAllRead',
  method: 'POST',
  path: `${NOTIFICATIONS}/read-archive`,
  status: 204,
  category: 'configuration',
  body: BulkNotificationsBody,
  response: NoContent,
} as const satisfies Route;

/** `POST .../notifications/delete`: deletes every selected notification; 204. */
export const subscribersNotificationsDeleteAllRoute = {
  operation: 'subscribers.notifications.deleteAll',
  method: 'POST',
  path: `${NOTIFICATIONS}/delete`,
  status: 204,
  category: 'configuration',
  body: BulkNotificationsBody,
  response: NoContent,
} as const satisfies Route;

/** `GET /v1/subscribers/{subscriberId}/notifications/unseen`: the v1 count of unseen ones. */
export const subscribersNotificationsUnseenCountRoute = {
  operation: 'subscribers.notifications.unseenCount',
  method: 'GET',
  path: '/v1/subscribers/:subscriberId/notifications/unseen',
  status: 200,
  category: 'configuration',
  query: UnseenCountQuery,
  response: UnseenCount,
} as const satisfies Route;
