/**
 * The handlers of the `notifications` (activity feed) routes, each beside its route.
 *
 * @module
 */

import {
  notificationsListRoute,
  notificationsRetrieveRoute,
} from '../../../src/routes/notifications';
import { defineOperation } from '../operation';
import { listNotifications, retrieveNotification } from '../resources/notifications';
import { parseNotificationSearch } from '../wire/notification-query';

export const notificationsList = defineOperation(notificationsListRoute, (scope, { query }) =>
  listNotifications(scope, parseNotificationSearch(query)),
);

export const notificationsRetrieve = defineOperation(
  notificationsRetrieveRoute,
  (scope, { params }) => retrieveNotification(scope, params.notificationId),
);
