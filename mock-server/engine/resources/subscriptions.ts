import type { EngineScope } from '../scope';
/**
 * Subscriptions of subscribers to topics: their identifier, the per-topic limit, adding and
 * removing one, and a subscriber's subscriptions listing
 * (docs/behaviour/subscribers.md#subscriptions).
 *
 * @module
 */

import { isObjectId } from '../store/ids';
import { findById } from '../store/sorted-by-id';
import type {
  EnvironmentData,
  SubscriberRecord,
  SubscriptionRecord,
  TopicRecord,
} from '../store/state';
import { tables } from '../store/tables';
import {
  arrayView,
  type CursorOptions,
  type CursorPage,
  cursorPage,
  emptyCursorPage,
} from '../wire/cursor-page';
import { ServiceError } from '../wire/service-error';
import { findSubscriber } from './subscribers';

/**
 * A topic subscription in the wire shape of docs/behaviour/subscribers.md#subscriptions.
 *
 * @example
 * ```ts
 * const page = engine.operations['subscribers.subscriptions.list'](engine.scope('Development'), {
 *   params: { subscriberId: 'user-1' },
 * });
 * const keys = page.data.map((subscription: TopicSubscriptionDto) => subscription.topic.key);
 * ```
 */
export interface TopicSubscriptionDto {
  _id: string;
  identifier: string;
  topic: { _id: string; key: string; name?: string; createdAt: string; updatedAt: string };
  subscriber: {
    _id: string;
    subscriberId: string;
    firstName?: string | null;
    lastName?: string | null;
    email?: string | null;
    avatar?: string | null;
  };
  createdAt: string;
  contextKeys: string[];
}

/**
 * Options of a subscriptions listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: SubscriptionSearch = { limit: 10, includeCursor: false, orderDirection: 'DESC' };
 * ```
 */
export interface SubscriptionSearch extends CursorOptions {
  orderDirection: 'ASC' | 'DESC';
  key?: string | undefined;
  contextKeys?: string[] | undefined;
}

/** The default subscription identifier: `tk_<topicKey>:si_<subscriberId>` (+ `:ctx_<keys>`). */
export function subscriptionIdentifier(
  topicKey: string,
  subscriberId: string,
  contextKeys: readonly string[],
): string {
  const base = `tk_${topicKey}:si_${subscriberId}`;
  return contextKeys.length === 0 ? base : `${base}:ctx_${[...contextKeys].sort().join(',')}`;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((value, index) => value === right[index]);
}

/** A subscription in the listing's wire shape. */
export function toSubscriptionDto(
  subscription: SubscriptionRecord,
  topic: TopicRecord,
  subscriber: SubscriberRecord,
): TopicSubscriptionDto {
  const summary: TopicSubscriptionDto['subscriber'] = {
    _id: subscriber._id,
    subscriberId: subscriber.subscriberId,
  };
  for (const field of ['firstName', 'lastName', 'email', 'avatar'] as const) {
    if (subscriber[field] !== undefined) summary[field] = subscriber[field];
  }
  return {
    _id: subscription._id,
    identifier: subscription.identifier,
    topic: structuredClone(topic),
    subscriber: summary,
    createdAt: subscription.createdAt,
    contextKeys: [...subscription.contextKeys],
  };
}

/**
 * `GET /v2/subscribers/{subscriberId}/subscriptions` (docs/behaviour/subscribers.md#subscriptions): always sorted by subscription `_id`,
 * `key` exact, `contextKeys` exact set; cursors as in docs/behaviour/subscribers.md#search.
 */
export function listSubscriptions(
  scope: EngineScope,
  subscriberId: string,
  search: SubscriptionSearch,
): CursorPage<TopicSubscriptionDto> {
  const { data } = scope;
  const subscriber = findSubscriber(data, subscriberId);
  if (!subscriber) throw ServiceError.http(404, 'Subscriber not found');
  if (search.after !== undefined && search.before !== undefined) {
    throw ServiceError.http(
      400,
      'Cannot specify both "before" and "after" cursors at the same time.',
    );
  }
  const topicOf = (subscription: SubscriptionRecord) => {
    const topic = tables.topics.get(data, subscription.topicKey);
    return topic?._id === subscription._topicId ? topic : undefined;
  };
  const mine = tables.subscriptions
    .of(data, subscriber._id)
    .filter(
      (subscription) =>
        topicOf(subscription) !== undefined &&
        (search.key === undefined || subscription.topicKey === search.key) &&
        (search.contextKeys === undefined || sameSet(subscription.contextKeys, search.contextKeys)),
    );
  const cursor = search.after ?? search.before;
  let cursorItem: SubscriptionRecord | undefined;
  if (cursor !== undefined) {
    cursorItem = isObjectId(cursor)
      ? findById(tables.subscriptions.values(data), cursor.toLowerCase())
      : undefined;
    if (!cursorItem) return emptyCursorPage();
  }
  const sign = search.orderDirection === 'ASC' ? 1 : -1;
  const compare = (a: SubscriptionRecord, b: SubscriptionRecord) =>
    sign * (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  const view = arrayView(mine, search.orderDirection === 'ASC' ? 'ASC' : 'DESC');
  const page = cursorPage(view, search, (item) => item._id, compare, cursorItem);
  return {
    ...page,
    data: page.data.map((subscription) =>
      toSubscriptionDto(subscription, topicOf(subscription) as TopicRecord, subscriber),
    ),
  };
}

/** Most subscriptions one subscriber may hold to one topic (the service's limit). */
export const SUBSCRIPTIONS_PER_SUBSCRIBER_PER_TOPIC = 10;

/**
 * The subscriber's subscription to the topic with this identifier: what a subscriptions create
 * answers as it is instead of making another (docs/behaviour/topics.md#subscriptions).
 */
export function findSubscription(
  data: EnvironmentData,
  topic: TopicRecord,
  subscriber: SubscriberRecord,
  identifier: string,
): SubscriptionRecord | undefined {
  return tables.subscriptions
    .of(data, subscriber._id)
    .find(
      (subscription) =>
        subscription._topicId === topic._id && subscription.identifier === identifier,
    );
}

/** How many subscriptions the subscriber holds to the topic (in every context). */
export function subscriptionCount(
  data: EnvironmentData,
  topic: TopicRecord,
  subscriber: SubscriberRecord,
): number {
  const mine = tables.subscriptions.of(data, subscriber._id);
  return mine.filter((subscription) => subscription._topicId === topic._id).length;
}

/**
 * Adds a subscription (keeps the subscriptions and the subscriber's own list in `_id` order);
 * the subscriber's existing one to the topic with the same identifier (by default
 * {@link subscriptionIdentifier}, which names the topic, subscriber and context) is kept.
 */
export function subscribe(
  data: EnvironmentData,
  topic: TopicRecord,
  subscriber: SubscriberRecord,
  contextKeys: string[],
  objectId: string,
  at: string,
  identifier = subscriptionIdentifier(topic.key, subscriber.subscriberId, contextKeys),
): SubscriptionRecord {
  const existing = findSubscription(data, topic, subscriber, identifier);
  if (existing) return existing;
  const record: SubscriptionRecord = {
    _id: objectId,
    identifier,
    _topicId: topic._id,
    topicKey: topic.key,
    _subscriberId: subscriber._id,
    contextKeys: [...contextKeys],
    createdAt: at,
    updatedAt: at,
  };
  tables.subscriptions.insert(data, record);
  return record;
}

/** Removes subscriptions (from the environment's list and each subscriber's own). */
export function unsubscribe(data: EnvironmentData, removed: readonly SubscriptionRecord[]): void {
  if (removed.length === 0) return;
  const gone = new Set(removed.map((subscription) => subscription._id));
  tables.subscriptions.removeWhere(data, (subscription) => gone.has(subscription._id));
}
