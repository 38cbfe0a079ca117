import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import { subscribersUpdateOnlineStatus } from '../funcs/subscriber-notifications-v1';
import {
  subscribersCreate,
  subscribersCreateBulk,
  subscribersDelete,
  subscribersRetrieve,
  subscribersSearch,
  subscribersUpdate,
} from '../funcs/subscribers';
import type {
  BulkCreateSubscribersBody,
  BulkCreateSubscribersResponse,
  CreateSubscriberBody,
  CreateSubscriberQuery,
  RemoveSubscriberResponse,
  Subscriber,
  SubscriberSearchQuery,
  SubscriberUpdateBody,
} from '../schemas/subscriber';
import type { OnlineStatusBody } from '../schemas/subscriber-feed';
import { SubscriberCredentials } from './subscriber-credentials';
import { SubscriberMessages } from './subscriber-messages';
import { SubscriberNotifications } from './subscriber-notifications';
import { SubscriberPreferences } from './subscriber-preferences';
import { SubscriberSubscriptions } from './subscriber-subscriptions';

/**
 * The `svc.subscribers` namespace: subscribers, with their subscriptions, credentials,
 * preferences and messages.
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
  /** A subscriber's Inbox notifications, from the server. */
  readonly notifications: SubscriberNotifications;
  /** A subscriber's channel preferences. */
  readonly preferences: SubscriberPreferences;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
    this.subscriptions = new SubscriberSubscriptions(core);
    this.credentials = new SubscriberCredentials(core);
    this.messages = new SubscriberMessages(core);
    this.notifications = new SubscriberNotifications(core);
    this.preferences = new SubscriberPreferences(core);
  }

  /**
   * Retrieves one subscriber by its `subscriberId` (`GET /v2/subscribers/{subscriberId}`).
   *
   * @throws {@link NotFoundError} when no subscriber has that id in the key's environment.
   *
   * @example
   * ```ts
   * const subscriber = await svc.subscribers.retrieve('user-1');
   * console.log(subscriber.email);
   * ```
   */
  retrieve(subscriberId: string, options?: RequestOptions): APIPromise<Subscriber> {
    return subscribersRetrieve(this.#core, subscriberId, options);
  }

  /**
   * Updates a subscriber (`PATCH /v2/subscribers/{subscriberId}`): given fields are set, `null`
   * clears one, `data` is replaced whole.
   *
   * @throws {@link NotFoundError} when the subscriber does not exist.
   *
   * @example
   * ```ts
   * await svc.subscribers.update('user-1', {
   *   firstName: 'Ada',
   *   phone: null,
   *   data: { plan: 'pro' },
   * });
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
   * Searches subscribers (`GET /v2/subscribers`), a cursor-paginated list: `await` it for the first
   * page, or walk every match with `for await`.
   *
   * @example
   * ```ts
   * const page = await svc.subscribers.search({ email: '@acme.com', limit: 50 });
   * for await (const subscriber of svc.subscribers.search({ name: 'Ada' })) {
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

  /**
   * Creates a subscriber (`POST /v2/subscribers`), or updates the existing one with the given
   * fields; `{ failIfExists: true }` makes an existing subscriber a {@link ConflictError} (409)
   * instead.
   *
   * @example
   * ```ts
   * await svc.subscribers.create({ subscriberId: 'user-1', email: 'ada@example.com' });
   * await svc.subscribers.create({ subscriberId: 'user-2' }, { failIfExists: true });
   * ```
   */
  create(
    body: CreateSubscriberBody,
    query?: CreateSubscriberQuery,
    options?: RequestOptions,
  ): APIPromise<Subscriber> {
    return subscribersCreate(this.#core, body, query, options);
  }

  /**
   * Deletes a subscriber (`DELETE /v2/subscribers/{subscriberId}`) with its topic subscriptions,
   * preferences and messages; its past notifications stay.
   *
   * @throws {@link NotFoundError} when the subscriber does not exist.
   *
   * @example
   * ```ts
   * await svc.subscribers.delete('user-1'); // { acknowledged: true, status: 'deleted' }
   * ```
   */
  delete(subscriberId: string, options?: RequestOptions): APIPromise<RemoveSubscriberResponse> {
    return subscribersDelete(this.#core, subscriberId, options);
  }

  /**
   * Creates or updates up to 500 subscribers at once (`POST /v1/subscribers/bulk`); the answer
   * lists the `created`, `updated` and `failed` ones.
   *
   * @example
   * ```ts
   * const { created, updated, failed } = await svc.subscribers.createBulk({
   *   subscribers: [{ subscriberId: 'user-1' }, { subscriberId: 'user-2', firstName: 'Grace' }],
   * });
   * ```
   */
  createBulk(
    body: BulkCreateSubscribersBody,
    options?: RequestOptions,
  ): APIPromise<BulkCreateSubscribersResponse> {
    return subscribersCreateBulk(this.#core, body, options);
  }

  /**
   * Sets whether the subscriber is online (`PATCH /v1/subscribers/{subscriberId}/online-status`);
   * going offline also stamps `lastOnlineAt`. Resolves to the updated subscriber.
   *
   * @throws {@link NotFoundError} when the subscriber does not exist.
   *
   * @example
   * ```ts
   * const subscriber = await svc.subscribers.updateOnlineStatus('user-1', { isOnline: false });
   * console.log(subscriber.lastOnlineAt);
   * ```
   */
  updateOnlineStatus(
    subscriberId: string,
    body: OnlineStatusBody,
    options?: RequestOptions,
  ): APIPromise<Subscriber> {
    return subscribersUpdateOnlineStatus(this.#core, subscriberId, body, options);
  }
}
