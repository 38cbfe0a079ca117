import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { topicsSubscribersRetrieve } from '../funcs/topics';
import type { TopicSubscriber } from '../schemas/topic-subscription';

/**
 * The `svc.topics.subscribers` namespace: the v1 check of one subscriber's membership of a topic.
 *
 * @example
 * ```ts
 * const member = await svc.topics.subscribers.retrieve('news', 'user-1');
 * ```
 */
export class TopicSubscribers {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Checks that a subscriber is subscribed to a topic (`GET
   * /v1/topics/{topicKey}/subscribers/{externalSubscriberId}`): answers the subscription, or
   * rejects with a 404 `APIError` when the subscriber is not subscribed.
   *
   * @example
   * ```ts
   * const member = await svc.topics.subscribers.retrieve('news', 'user-1');
   * console.log(member._topicId, member.externalSubscriberId);
   * ```
   */
  retrieve(
    topicKey: string,
    externalSubscriberId: string,
    options?: RequestOptions,
  ): APIPromise<TopicSubscriber> {
    return topicsSubscribersRetrieve(this.#core, topicKey, externalSubscriberId, options);
  }
}
