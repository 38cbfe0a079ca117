import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  topicsCreate,
  topicsDelete,
  topicsList,
  topicsRetrieve,
  topicsUpdate,
} from '../funcs/topics';
import type {
  DeleteTopicResponse,
  Topic,
  TopicCreateBody,
  TopicListQuery,
  TopicUpdateBody,
} from '../schemas/topic';
import { TopicSubscribers } from './topic-subscribers';
import { TopicSubscriptions } from './topic-subscriptions';

/**
 * The `svc.topics` namespace: named groups of subscribers a trigger can address at once.
 *
 * @example
 * ```ts
 * await svc.topics.create({ key: 'news', name: 'News' });
 * await svc.topics.subscriptions.create('news', { subscriptions: ['user-1'] });
 * await svc.events.trigger({ name: 'digest', to: { type: 'Topic', topicKey: 'news' } });
 * ```
 */
export class Topics {
  readonly #core: SvcCore;
  /** The topic's subscriptions. */
  readonly subscriptions: TopicSubscriptions;
  /** The v1 membership check of one subscriber. */
  readonly subscribers: TopicSubscribers;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
    this.subscriptions = new TopicSubscriptions(core);
    this.subscribers = new TopicSubscribers(core);
  }

  /**
   * Creates a topic (`POST /v2/topics`), or sets the name of the existing one (the service
   * upserts).
   *
   * @example
   * ```ts
   * const topic = await svc.topics.create({ key: 'task:12345', name: 'Task' });
   * ```
   */
  create(body: TopicCreateBody, options?: RequestOptions): APIPromise<Topic> {
    return topicsCreate(this.#core, body, options);
  }

  /**
   * Lists topics (`GET /v2/topics`), cursor-paginated: `await` it for the first page, or walk every
   * topic with `for await`; `key` and `name` match case-insensitively.
   *
   * @example
   * ```ts
   * for await (const topic of svc.topics.list({ key: 'task' })) console.log(topic.key);
   * ```
   */
  list(
    query?: TopicListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<Topic, TopicListQuery>, Topic> {
    return topicsList(this.#core, query, options);
  }

  /**
   * Retrieves a topic by key (`GET /v2/topics/{topicKey}`).
   *
   * @throws {@link NotFoundError} when no topic has that key.
   *
   * @example
   * ```ts
   * const topic = await svc.topics.retrieve('news');
   * ```
   */
  retrieve(topicKey: string, options?: RequestOptions): APIPromise<Topic> {
    return topicsRetrieve(this.#core, topicKey, options);
  }

  /**
   * Renames a topic (`PATCH /v2/topics/{topicKey}`).
   *
   * @example
   * ```ts
   * await svc.topics.update('news', { name: 'Product news' });
   * ```
   */
  update(topicKey: string, body: TopicUpdateBody, options?: RequestOptions): APIPromise<Topic> {
    return topicsUpdate(this.#core, topicKey, body, options);
  }

  /**
   * Deletes a topic and every subscription to it (`DELETE /v2/topics/{topicKey}`).
   *
   * @example
   * ```ts
   * await svc.topics.delete('news'); // { acknowledged: true }
   * ```
   */
  delete(topicKey: string, options?: RequestOptions): APIPromise<DeleteTopicResponse> {
    return topicsDelete(this.#core, topicKey, options);
  }
}
