import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import { subscribersSubscriptionsList } from '../funcs/subscribers';
import type { SubscriptionsListQuery } from '../schemas/subscriber';
import type { TopicSubscription } from '../schemas/topic';

/**
 * The `svc.subscribers.subscriptions` namespace: a subscriber's topic subscriptions.
 *
 * @example
 * ```ts
 * for await (const subscription of svc.subscribers.subscriptions.list('user-1')) {
 *   console.log(subscription.topic.key);
 * }
 * ```
 */
export class SubscriberSubscriptions {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Lists a subscriber's topic subscriptions (`GET /v2/subscribers/{subscriberId}/subscriptions`),
   * cursor-paginated; `limit` is at most 100.
   *
   * @example
   * ```ts
   * const page = await svc.subscribers.subscriptions.list('user-1', { limit: 100 });
   * const all = await svc.subscribers.subscriptions.list('user-1').toArray({ limit: 1000 });
   * const keys = all.map((subscription) => subscription.topic.key);
   * ```
   */
  list(
    subscriberId: string,
    query?: SubscriptionsListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<TopicSubscription, SubscriptionsListQuery>, TopicSubscription> {
    return subscribersSubscriptionsList(this.#core, subscriberId, query, options);
  }
}
