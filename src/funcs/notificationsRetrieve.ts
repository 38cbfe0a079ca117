import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { notificationsRetrieveRoute } from '../routes/notifications';
import type { ActivityNotification } from '../schemas/notification';

/** {@inheritDoc Notifications.retrieve} */
export function notificationsRetrieve(
  core: SvcCore,
  notificationId: string,
  options?: RequestOptions,
): APIPromise<ActivityNotification> {
  return request(
    core,
    routeSpec(notificationsRetrieveRoute, { params: { notificationId } }),
    options,
  );
}
