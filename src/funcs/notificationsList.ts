import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { PageNumberPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { notificationsListRoute } from '../routes/notifications';
import type { ActivityNotification, NotificationListQuery } from '../schemas/notification';

/** {@inheritDoc Notifications.list} */
export function notificationsList(
  core: SvcCore,
  query: NotificationListQuery = {},
  options?: RequestOptions,
): PagePromise<PageNumberPage<ActivityNotification, NotificationListQuery>, ActivityNotification> {
  return requestPage(
    (pageQuery: NotificationListQuery) =>
      startRequest(core, routeSpec(notificationsListRoute, { query: pageQuery }), options),
    query,
    (body, pageQuery, fetch) => new PageNumberPage(body, pageQuery, fetch),
  );
}
