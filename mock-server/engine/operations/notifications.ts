/**
 * The handlers of the `notifications` (activity feed) routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/notifications';
import { listNotifications, retrieveNotification } from '../resources/notifications';
import { parseNotificationSearch } from '../wire/notification-query';
import { defineUncheckedOperation } from './operation';

export const notificationsList = defineUncheckedOperation(
  routes.notificationsListRoute,
  (scope, { query }) => listNotifications(scope, parseNotificationSearch(query)),
);

export const notificationsRetrieve = defineUncheckedOperation(
  routes.notificationsRetrieveRoute,
  (scope, { params }) => retrieveNotification(scope, params.notificationId),
);
