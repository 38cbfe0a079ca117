import { call, type OperationArgs } from '../core/call';
import { pageNumberPages } from '../core/paged-call';
import {
  subscribersMessagesMarkAllRoute,
  subscribersMessagesUpdateActionRoute,
  subscribersNotificationsFeedRoute,
  subscribersUpdateOnlineStatusRoute,
} from '../routes/subscriber-notifications-v1';

/** {@inheritDoc SubscriberNotifications.feed} */
export const subscribersNotificationsFeed = (
  ...args: OperationArgs<typeof subscribersNotificationsFeedRoute>
) => pageNumberPages(subscribersNotificationsFeedRoute, args);

/** {@inheritDoc SubscriberMessages.markAll} */
export const subscribersMessagesMarkAll = (
  ...args: OperationArgs<typeof subscribersMessagesMarkAllRoute>
) => call(subscribersMessagesMarkAllRoute, args);

/** {@inheritDoc SubscriberMessages.updateAction} */
export const subscribersMessagesUpdateAction = (
  ...args: OperationArgs<typeof subscribersMessagesUpdateActionRoute>
) => call(subscribersMessagesUpdateActionRoute, args);

/** {@inheritDoc Subscribers.updateOnlineStatus} */
export const subscribersUpdateOnlineStatus = (
  ...args: OperationArgs<typeof subscribersUpdateOnlineStatusRoute>
) => call(subscribersUpdateOnlineStatusRoute, args);
