import { call, type OperationArgs } from '../core/call';
import { pageNumberPages } from '../core/paged-call';
import { notificationsListRoute, notificationsRetrieveRoute } from '../routes/notifications';

/** {@inheritDoc Notifications.list} */
export const notificationsList = (...args: OperationArgs<typeof notificationsListRoute>) =>
  pageNumberPages(notificationsListRoute, args);

/** {@inheritDoc Notifications.retrieve} */
export const notificationsRetrieve = (...args: OperationArgs<typeof notificationsRetrieveRoute>) =>
  call(notificationsRetrieveRoute, args);
