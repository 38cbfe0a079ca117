import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import { subscribersRetrieve } from '../funcs/subscribersRetrieve';
import { subscribersSearch } from '../funcs/subscribersSearch';
import { subscribersUpdate } from '../funcs/subscribersUpdate';
import type {
  Subscriber,
  SubscriberSearchQuery,
  SubscriberUpdateBody,
} from '../schemas/subscriber';
import { SubscriberCredentials } from './subscriber-credentials';
import { SubscriberMessages } from './subscriber-messages';
import { SubscriberSubscriptions } from './subscriber-subscriptions';

/**
 * The `svc.subscribers` namespace: thin methods over the standalone functions.
 *
 * @example
 * ```ts
 * const subscriber = await svc.subscribers.retrieve('user-1');
 * ```
 */
export class Subscribers {
  readonly #core: SvcCore;
  /** A subscriber's topic subscriptions. */
  readonly subscriptions: SubscriberSubscriptions;
  /** A subscriber's chat and push credentials. */
  readonly credentials: SubscriberCredentials;
  /** A subscriber's in-app messages. */
  readonly messages: SubscriberMessages;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
    this.subscriptions = new SubscriberSubscriptions(core);
    this.credentials = new SubscriberCredentials(core);
    this.messages = new SubscriberMessages(core);
  }

  /**
   * Retrieves one subscriber by its `subscriberId`.
   *
   * @example
   * ```ts
   * const subscriber = await svc.subscribers.retrieve('user-1');
   * ```
   */
  retrieve(subscriberId: string, options?: RequestOptions): APIPromise<Subscriber> {
    return subscribersRetrieve(this.#core, subscriberId, options);
  }

  /**
   * Updates a subscriber: given fields are set, `null` clears one, `data` is replaced whole.
   *
   * @example
   * ```ts
   * await svc.subscribers.update('user-1', { firstName: 'Ada', data: { plan: 'pro' } });
   * ```
   */
  update(
    subscriberId: string,
    body: SubscriberUpdateBody,
    options?: RequestOptions,
  ): APIPromise<Subscriber> {
    return subscribersUpdate(this.#core, subscriberId, body, options);
  }

  /**
   * Searches subscribers, cursor-paginated: `await` for the first page, `for await` for all.
   *
   * @example
   * ```ts
   * for await (const subscriber of svc.subscribers.search({ email: '@acme.com' })) {
   *   console.log(subscriber.subscriberId);
   * }
   * ```
   */
  search(
    query?: SubscriberSearchQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<Subscriber, SubscriberSearchQuery>, Subscriber> {
    return subscribersSearch(this.#core, query, options);
  }
}
