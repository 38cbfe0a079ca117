import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { notificationsRetrieveRoute } from '../routes/notifications';
import type { ActivityNotification } from '../schemas/notification';

/**
 * Retrieves one triggered event with its jobs, execution details and step messages (`GET /v1/notifications/{notificationId}`).
 *
 * @throws {@link NotFoundError} when no such event exists in the key's environment.
 *
 * @example
 * ```ts
 * const event = await notificationsRetrieve(core, '64da692e9a94fb2e6449ad40');
 * for (const job of event.jobs ?? []) console.log(job.type, job.status);
 * ```
 */
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
