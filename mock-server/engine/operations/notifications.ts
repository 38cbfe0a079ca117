/**
 * The handlers of the `notifications` (activity feed) routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/notifications';
import { listNotifications, retrieveNotification } from '../resources/notifications';
import { parseNotificationSearch } from '../wire/notification-query';
import { defineOperation } from './operation';

export const notificationsList = defineOperation(
  routes.notificationsListRoute,
  (scope, { query }) => listNotifications(scope, parseNotificationSearch(query)),
);

export const notificationsRetrieve = defineOperation(
  routes.notificationsRetrieveRoute,
  (scope, { params }) => retrieveNotification(scope, params.notificationId),
);
