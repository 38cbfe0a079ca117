/**
 * The handlers of the v1 routes over a subscriber's in-app messages and online flag: the feed,
 * mark-all and a message's action run on the messages the Inbox shows, and announce their changes
 * on its socket as the Inbox's own actions do.
 *
 * @module
 */

import * as routes from '../../../src/routes/subscriber-notifications-v1';
import { markAllMessages } from '../inbox/mark-all';
import { updateMessageAction } from '../inbox/message-action';
import { notificationsFeed } from '../inbox/notification-feed';
import { updateOnlineStatus } from '../resources/subscriber-online-status';
import { defineOperation } from './operation';

export const subscribersNotificationsFeed = defineOperation(
  routes.subscribersNotificationsFeedRoute,
  (scope, { params, query }) => notificationsFeed(scope, params.subscriberId, query),
);

export const subscribersMessagesMarkAll = defineOperation(
  routes.subscribersMessagesMarkAllRoute,
  (scope, { params, body }) => markAllMessages(scope, params.subscriberId, body),
);

export const subscribersMessagesUpdateAction = defineOperation(
  routes.subscribersMessagesUpdateActionRoute,
  (scope, { params, body }) => updateMessageAction(scope, params, body),
);

export const subscribersUpdateOnlineStatus = defineOperation(
  routes.subscribersUpdateOnlineStatusRoute,
  (scope, { params, body }) => updateOnlineStatus(scope, params.subscriberId, body),
);
