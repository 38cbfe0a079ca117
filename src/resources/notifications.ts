import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { PageNumberPage, PagePromise } from '../core/pagination';
import { notificationsList, notificationsRetrieve } from '../funcs/notifications';
import type { ActivityNotification, NotificationListQuery } from '../schemas/notification';

/**
 * The `svc.notifications` namespace: triggered events and their delivery details.
 *
 * @example
 * ```ts
 * const event = await svc.notifications.retrieve(notificationId);
 * ```
 */
export class Notifications {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Lists triggered events, newest first (`GET /v1/notifications`), page-number paginated: pages
   * advance while `hasMore`, and the walk ends on the empty page that follows a full last page.
   *
   * @example
   * ```ts
   * const page = await svc.notifications.list({ channels: ['email'], limit: 50 });
   * const lastHundred = await svc.notifications.list().toArray({ limit: 100 });
   * ```
   */
  list(
    query?: NotificationListQuery,
    options?: RequestOptions,
  ): PagePromise<
    PageNumberPage<ActivityNotification, NotificationListQuery>,
    ActivityNotification
  > {
    return notificationsList(this.#core, query, options);
  }

  /**
   * Retrieves one triggered event with its jobs, execution details and step messages (`GET
   * /v1/notifications/{notificationId}`).
   *
   * @throws {@link NotFoundError} when no such event exists in the key's environment.
   *
   * @example
   * ```ts
   * const event = await svc.notifications.retrieve('64da692e9a94fb2e6449ad40');
   * for (const job of event.jobs ?? []) console.log(job.type, job.status);
   * ```
   */
  retrieve(notificationId: string, options?: RequestOptions): APIPromise<ActivityNotification> {
    return notificationsRetrieve(this.#core, notificationId, options);
  }
}
