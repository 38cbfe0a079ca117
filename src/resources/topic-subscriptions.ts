import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  topicsSubscriptionsCreate,
  topicsSubscriptionsDelete,
  topicsSubscriptionsList,
  topicsSubscriptionsRetrieve,
  topicsSubscriptionsUpdate,
} from '../funcs/topics';
import type {
  TopicSubscription,
  TopicSubscriptionChange,
  TopicSubscriptionsCreateBody,
  TopicSubscriptionsDeleteBody,
  TopicSubscriptionsListQuery,
  TopicSubscriptionsResult,
} from '../schemas/topic';
import type {
  TopicSubscriptionDetails,
  TopicSubscriptionUpdateBody,
} from '../schemas/topic-subscription';

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

  /**
   * One subscription of a topic by its identifier (`GET
   * /v2/topics/{topicKey}/subscriptions/{identifier}`), with its own workflow preferences;
   * `undefined` when the topic has no subscription with that identifier (the service's 204).
   *
   * @example
   * ```ts
   * const subscription = await svc.topics.subscriptions.retrieve('news', 'tk_news:si_user-1');
   * if (subscription) console.log(subscription.preferences?.length ?? 0);
   * ```
   */
  retrieve(
    topicKey: string,
    identifier: string,
    options?: RequestOptions,
  ): APIPromise<TopicSubscriptionDetails | undefined> {
    return topicsSubscriptionsRetrieve(this.#core, topicKey, identifier, options);
  }

  /**
   * Renames a subscription or replaces its workflow preferences (`PATCH
   * /v2/topics/{topicKey}/subscriptions/{identifier}`); an empty `preferences` clears them.
   *
   * @example
   * ```ts
   * await svc.topics.subscriptions.update('news', 'tk_news:si_user-1', {
   *   preferences: [{ workflowId: 'digest', enabled: false }],
   * });
   * ```
   */
  update(
    topicKey: string,
    identifier: string,
    body: TopicSubscriptionUpdateBody,
    options?: RequestOptions,
  ): APIPromise<TopicSubscriptionChange> {
    return topicsSubscriptionsUpdate(this.#core, topicKey, identifier, body, options);
  }
}
