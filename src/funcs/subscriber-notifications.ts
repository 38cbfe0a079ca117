import { call, type OperationArgs } from '../core/call';
import {
  subscribersNotificationsArchiveAllReadRoute,
  subscribersNotificationsArchiveAllRoute,
  subscribersNotificationsArchiveRoute,
  subscribersNotificationsCompleteActionRoute,
  subscribersNotificationsCountRoute,
  subscribersNotificationsDeleteAllRoute,
  subscribersNotificationsDeleteRoute,
  subscribersNotificationsListRoute,
  subscribersNotificationsMarkAllAsReadRoute,
  subscribersNotificationsMarkAsReadRoute,
  subscribersNotificationsMarkAsSeenRoute,
  subscribersNotificationsMarkAsUnreadRoute,
  subscribersNotificationsRevertActionRoute,
  subscribersNotificationsSnoozeRoute,
  subscribersNotificationsUnarchiveRoute,
  subscribersNotificationsUnseenCountRoute,
  subscribersNotificationsUnsnoozeRoute,
} from '../routes/subscriber-notifications';

/** {@inheritDoc SubscriberNotifications.list} */
export const subscribersNotificationsList = (
  ...args: OperationArgs<typeof subscribersNotificationsListRoute>
) => call(subscribersNotificationsListRoute, args);

/** {@inheritDoc SubscriberNotifications.count} */
export const subscribersNotificationsCount = (
  ...args: OperationArgs<typeof subscribersNotificationsCountRoute>
) => call(subscribersNotificationsCountRoute, args);

/** {@inheritDoc SubscriberNotifications.markAsRead} */
export const subscribersNotificationsMarkAsRead = (
  ...args: OperationArgs<typeof subscribersNotificationsMarkAsReadRoute>
) => call(subscribersNotificationsMarkAsReadRoute, args);

/** {@inheritDoc SubscriberNotifications.markAsUnread} */
export const subscribersNotificationsMarkAsUnread = (
  ...args: OperationArgs<typeof subscribersNotificationsMarkAsUnreadRoute>
) => call(subscribersNotificationsMarkAsUnreadRoute, args);

/** {@inheritDoc SubscriberNotifications.archive} */
export const subscribersNotificationsArchive = (
  ...args: OperationArgs<typeof subscribersNotificationsArchiveRoute>
) => call(subscribersNotificationsArchiveRoute, args);

/** {@inheritDoc SubscriberNotifications.unarchive} */
export const subscribersNotificationsUnarchive = (
  ...args: OperationArgs<typeof subscribersNotificationsUnarchiveRoute>
) => call(subscribersNotificationsUnarchiveRoute, args);

/** {@inheritDoc SubscriberNotifications.snooze} */
export const subscribersNotificationsSnooze = (
  ...args: OperationArgs<typeof subscribersNotificationsSnoozeRoute>
) => call(subscribersNotificationsSnoozeRoute, args);

/** {@inheritDoc SubscriberNotifications.unsnooze} */
export const subscribersNotificationsUnsnooze = (
  ...args: OperationArgs<typeof subscribersNotificationsUnsnoozeRoute>
) => call(subscribersNotificationsUnsnoozeRoute, args);

/** {@inheritDoc SubscriberNotifications.delete} */
export const subscribersNotificationsDelete = (
  ...args: OperationArgs<typeof subscribersNotificationsDeleteRoute>
) => call(subscribersNotificationsDeleteRoute, args);

/** {@inheritDoc SubscriberNotifications.completeAction} */
export const subscribersNotificationsCompleteAction = (
  ...args: OperationArgs<typeof subscribersNotificationsCompleteActionRoute>
) => call(subscribersNotificationsCompleteActionRoute, args);

/** {@inheritDoc SubscriberNotifications.revertAction} */
export const subscribersNotificationsRevertAction = (
  ...args: OperationArgs<typeof subscribersNotificationsRevertActionRoute>
) => call(subscribersNotificationsRevertActionRoute, args);

/** {@inheritDoc SubscriberNotifications.markAsSeen} */
export const subscribersNotificationsMarkAsSeen = (
  ...args: OperationArgs<typeof subscribersNotificationsMarkAsSeenRoute>
) => call(subscribersNotificationsMarkAsSeenRoute, args);

/** {@inheritDoc SubscriberNotifications.markAllAsRead} */
export const subscribersNotificationsMarkAllAsRead = (
  ...args: OperationArgs<typeof subscribersNotificationsMarkAllAsReadRoute>
) => call(subscribersNotificationsMarkAllAsReadRoute, args);

/** {@inheritDoc SubscriberNotifications.archiveAll} */
export const subscribersNotificationsArchiveAll = (
  ...args: OperationArgs<typeof subscribersNotificationsArchiveAllRoute>
) => call(subscribersNotificationsArchiveAllRoute, args);

/** {@inheritDoc SubscriberNotifications.archiveAllRead} */
export const subscribersNotificationsArchiveAllRead = (
  ...args: OperationArgs<typeof subscribersNotificationsArchiveAllReadRoute>
) => call(subscribersNotificationsArchiveAllReadRoute, args);

/** {@inheritDoc SubscriberNotifications.deleteAll} */
export const subscribersNotificationsDeleteAll = (
  ...args: OperationArgs<typeof subscribersNotificationsDeleteAllRoute>
) => call(subscribersNotificationsDeleteAllRoute, args);

/** {@inheritDoc SubscriberNotifications.unseenCount} */
export const subscribersNotificationsUnseenCount = (
  ...args: OperationArgs<typeof subscribersNotificationsUnseenCountRoute>
) => call(subscribersNotificationsUnseenCountRoute, args);
