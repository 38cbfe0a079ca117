import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  topicsSubscriptionsCreate,
  topicsSubscriptionsDelete,
  topicsSubscriptionsList,
} from '../funcs/topics';
import type {
  TopicSubscription,
  TopicSubscriptionsCreateBody,
  TopicSubscriptionsDeleteBody,
  TopicSubscriptionsListQuery,
  TopicSubscriptionsResult,
} from '../schemas/topic';

/**
 * The `svc.topics.subscriptions` namespace: who is subscribed to a topic.
 *
 * @example
 * ```ts
 * await svc.topics.subscriptions.create('news', { subscriptions: ['user-1'] });
 * ```
 */
export class TopicSubscriptions {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Lists a topic's subscriptions (`GET /v2/topics/{topicKey}/subscriptions`), cursor-paginated;
   * `subscriberId` narrows to one subscriber.
   *
   * @example
   * ```ts
   * for await (const subscription of svc.topics.subscriptions.list('news')) {
   *   console.log(subscription.subscriber.subscriberId);
   * }
   * ```
   */
  list(
    topicKey: string,
    query?: TopicSubscriptionsListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<TopicSubscription, TopicSubscriptionsListQuery>, TopicSubscription> {
    return topicsSubscriptionsList(this.#core, topicKey, query, options);
  }

  /**
   * Subscribes subscribers to a topic, creating the topic when missing (`POST
   * /v2/topics/{topicKey}/subscriptions`); unknown subscribers are listed in `errors`.
   *
   * @example
   * ```ts
   * const { meta } = await svc.topics.subscriptions.create('news', {
   *   subscriptions: ['user-1', 'user-2'],
   * });
   * ```
   */
  create(
    topicKey: string,
    body: TopicSubscriptionsCreateBody,
    options?: RequestOptions,
  ): APIPromise<TopicSubscriptionsResult> {
    return topicsSubscriptionsCreate(this.#core, topicKey, body, options);
  }

  /**
   * Unsubscribes subscribers from a topic (`DELETE /v2/topics/{topicKey}/subscriptions`).
   *
   * @example
   * ```ts
   * await svc.topics.subscriptions.delete('news', { subscriptions: ['user-1'] });
   * ```
   */
  delete(
    topicKey: string,
    body: TopicSubscriptionsDeleteBody,
    options?: RequestOptions,
  ): APIPromise<TopicSubscriptionsResult> {
    return topicsSubscriptionsDelete(this.#core, topicKey, body, options);
  }
}
