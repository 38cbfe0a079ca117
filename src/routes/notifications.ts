// Routes of the `notifications` namespace (the activity feed).
import {
  ActivityNotification,
  NotificationListQuery,
  NotificationListResponse,
} from '../schemas/notification';
import type { Route } from './route';

/** `GET /v1/notifications`: a page-number page of notifications (events) with their jobs. */
export const notificationsListRoute = {
  operation: 'notifications.list',
  method: 'GET',
  path: '/v1/notifications',
  status: 200,
  category: 'global',
  query: NotificationListQuery,
  response: NotificationListResponse,
} as const satisfies Route;

/** `GET /v1/notifications/{notificationId}`: one notification with its jobs. */
export const notificationsRetrieveRoute = {
  operation: 'notifications.retrieve',
  method: 'GET',
  path: '/v1/notifications/:notificationId',
  status: 200,
  category: 'global',
  response: ActivityNotification,
} as const satisfies Route;
