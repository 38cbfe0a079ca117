import type { EngineScope } from '../scope';
/**
 * A topic's subscriptions: `GET`, `POST` and `DELETE /v2/topics/{topicKey}/subscriptions`
 * (docs/behaviour/topics.md#subscriptions). They are the same records
 * `GET /v2/subscribers/{subscriberId}/subscriptions` lists and a trigger to the topic fans out to.
 *
 * @module
 */

import {
  TopicSubscriptionsCreateBody,
  TopicSubscriptionsDeleteBody,
} from '../../../src/schemas/topic';
import { isObjectId } from '../store/ids';
import { findById } from '../store/sorted-by-id';
import type {
  EnvironmentData,
  SubscriberRecord,
  SubscriptionRecord,
  TopicRecord,
} from '../store/state';
import { tables } from '../store/tables';
import { assertValidContext, contextKeysOf } from '../wire/context-keys';
import {
  arrayView,
  type CursorOptions,
  type CursorPage,
  cursorPage,
  emptyCursorPage,
} from '../wire/cursor-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { findSubscriber, subscriberByObjectId } from './subscribers';
import {
  buildSubscriptionPreferences,
  matchedWorkflows,
  type SubscriptionPreferenceDto,
  subscriptionPreferencesDto,
} from './subscription-preferences';
import {
  findSubscription,
  SUBSCRIPTIONS_PER_SUBSCRIBER_PER_TOPIC,
  subscribe,
  subscriptionCount,
  subscriptionIdentifier,
  type TopicSubscriptionDto,
  toSubscriptionDto,
  unsubscribe,
} from './subscriptions';
import { ensureTopic } from './topic-management';

/**
 * Options of a topic's subscriptions listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: TopicSubscriptionSearch = { limit: 10, includeCursor: false, orderDirection: 'DESC' };
 * ```
 */
export interface TopicSubscriptionSearch extends CursorOptions {
  orderDirection: 'ASC' | 'DESC';
  subscriberId?: string | undefined;
  contextKeys?: string[] | undefined;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const right = new Set(b);
  return a.every((value) => right.has(value));
}

function topicOrThrow(data: EnvironmentData, key: string): TopicRecord {
  const topic = tables.topics.get(data, key);
  if (!topic) throw ServiceError.http(404, `Topic with key ${key} not found`);
  return topic;
}

/**
 * `GET /v2/topics/{topicKey}/subscriptions`: sorted by subscription `_id`, filtered by
 * `subscriberId` (exact) and `contextKeys` (exact set).
 */
export function listTopicSubscriptions(
  scope: EngineScope,
  topicKey: string,
  search: TopicSubscriptionSearch,
): CursorPage<TopicSubscriptionDto> {
  const { data } = scope;
  const topic = topicOrThrow(data, topicKey);
  if (search.after !== undefined && search.before !== undefined) {
    throw ServiceError.http(
      400,
      'Cannot specify both "before" and "after" cursors at the same time.',
    );
  }
  const only =
    search.subscriberId === undefined ? undefined : findSubscriber(data, search.subscriberId);
  if (search.subscriberId !== undefined && !only) return emptyCursorPage();
  const matching = tables.subscriptions.where(
    data,
    (subscription) =>
      subscription._topicId === topic._id &&
      (only === undefined || subscription._subscriberId === only._id) &&
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
  const page = cursorPage(
    arrayView(matching, search.orderDirection),
    search,
    (item) => item._id,
    (a, b) => sign * (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
    cursorItem,
  );
  return {
    ...page,
    data: page.data.map((subscription) =>
      toSubscriptionDto(
        subscription,
        topic,
        subscriberByObjectId(data, subscription._subscriberId) as SubscriberRecord,
      ),
    ),
  };
}

/**
 * One subscription in a create or delete answer.
 *
 * @example
 * ```ts
 * const first: SubscriptionChangeDto | undefined = result.data[0];
 * ```
 */
export interface SubscriptionChangeDto {
  _id: string;
  identifier: string;
  name?: string;
  topic: { _id: string; key: string; name?: string };
  subscriber: TopicSubscriptionDto['subscriber'] & { createdAt: string; updatedAt: string };
  /** A create's answer: the subscription's preferences for the workflows its body matched. */
  preferences?: SubscriptionPreferenceDto[];
  contextKeys: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A subscriber the call could not handle.
 *
 * @example
 * ```ts
 * const error: SubscriptionErrorDto = { subscriberId: 'ghost', code: 'SUBSCRIBER_NOT_FOUND', message: "Subscriber with ID 'ghost' could not be found." };
 * ```
 */
export interface SubscriptionErrorDto {
  subscriberId: string;
  /** Only on `INVALID_REQUEST`, an entry that named no subscription (`'unknown'`). */
  identifier?: string;
  code:
    | 'SUBSCRIBER_NOT_FOUND'
    | 'SUBSCRIPTION_NOT_FOUND'
    | 'SUBSCRIPTION_LIMIT_EXCEEDED'
    | 'INVALID_REQUEST';
  message: string;
}

/**
 * The answer of a subscriptions create or delete.
 *
 * @example
 * ```ts
 * const result: SubscriptionsResultDto = engine.operations['topics.subscriptions.create'](
 *   engine.scope('Development'),
 *   { params: { topicKey: 'news' }, body: { subscriptions: ['u1'] } },
 * );
 * ```
 */
export interface SubscriptionsResultDto {
  data: SubscriptionChangeDto[];
  meta: { totalCount: number; successful: number; failed: number };
  errors?: SubscriptionErrorDto[];
}

/** A subscription in the answer of a subscriptions create, delete or update. */
export function changeDto(
  subscription: SubscriptionRecord,
  topic: TopicRecord,
  subscriber: SubscriberRecord,
  preferences?: SubscriptionPreferenceDto[],
): SubscriptionChangeDto {
  const listed = toSubscriptionDto(subscription, topic, subscriber);
  return {
    _id: subscription._id,
    identifier: subscription.identifier,
    ...(subscription.name === undefined ? {} : { name: subscription.name }),
    topic: {
      _id: topic._id,
      key: topic.key,
      ...(topic.name === undefined ? {} : { name: topic.name }),
    },
    subscriber: {
      ...listed.subscriber,
      createdAt: subscriber.createdAt,
      updatedAt: subscriber.updatedAt,
    },
    ...(preferences === undefined ? {} : { preferences }),
    contextKeys: [...subscription.contextKeys],
    createdAt: subscription.createdAt,
    updatedAt: subscription.updatedAt,
  };
}

/** The result, or the service's 400 (the result as the body) when every item failed. */
function refusedWhenAllFailed(result: SubscriptionsResultDto): SubscriptionsResultDto {
  if (result.meta.failed > 0 && result.meta.successful === 0) {
    throw new ServiceError(400, 'Http Exception', {
      ctx: { ...structuredClone(result) },
    });
  }
  return result;
}

function notFound(subscriberId: string): SubscriptionErrorDto {
  return {
    subscriberId,
    code: 'SUBSCRIBER_NOT_FOUND',
    message: `Subscriber with ID '${subscriberId}' could not be found.`,
  };
}

/**
 * `POST /v2/topics/{topicKey}/subscriptions` (docs/behaviour/topics.md#subscriptions): creates
 * the topic when missing, subscribes each known subscriber once under the entry's `identifier`
 * (default: topic, subscriber and the body's `context`; an existing subscription with it is
 * answered as it is), at most 10 subscriptions per subscriber and topic
 * (`SUBSCRIPTION_LIMIT_EXCEEDED` past it), stores `preferences` on each new subscription, reports
 * unknown subscribers; 400 with the same body when none succeeded.
 */
export function createTopicSubscriptions(
  scope: EngineScope,
  topicKey: string,
  body: unknown,
): SubscriptionsResultDto {
  const { data } = scope;
  const { ids } = scope;
  const now = scope.iso();
  const input = validateBody(TopicSubscriptionsCreateBody, body, {
    subscriberIds: 'Cannot subscribe more than 100 subscribers at once',
    subscriptions: 'Cannot subscribe more than 100 subscriptions at once',
  });
  assertValidContext(body);
  const entries = (input.subscriptions ?? input.subscriberIds ?? []).map((entry) =>
    typeof entry === 'string' ? { subscriberId: entry } : entry,
  );
  if (entries.length === 0) {
    throw ServiceError.http(400, 'Either subscriberIds or subscriptions must be provided');
  }
  const preferences = input.preferences ?? [];
  const workflows = matchedWorkflows(data, preferences);
  const { topic, created } = ensureTopic(scope, topicKey, input.name);
  const errors: SubscriptionErrorDto[] = [];
  const done: SubscriptionChangeDto[] = [];
  const seen = new Set<string>();
  // A subscription made in a context keeps its keys; one per subscriber and context.
  const contextKeys = contextKeysOf(input.context);
  for (const entry of entries) {
    const subscriber = findSubscriber(data, entry.subscriberId);
    if (!subscriber) {
      errors.push(notFound(entry.subscriberId));
      continue;
    }
    if (seen.has(subscriber._id)) continue;
    seen.add(subscriber._id);
    // Subscriptions differ by identifier: one named again is answered as it is; a new one
    // counts against the subscriber's limit on the topic.
    const identifier =
      ('identifier' in entry && entry.identifier) ||
      subscriptionIdentifier(topic.key, subscriber.subscriberId, contextKeys);
    if (
      !findSubscription(data, topic, subscriber, identifier) &&
      subscriptionCount(data, topic, subscriber) >= SUBSCRIPTIONS_PER_SUBSCRIBER_PER_TOPIC
    ) {
      errors.push({
        subscriberId: subscriber.subscriberId,
        code: 'SUBSCRIPTION_LIMIT_EXCEEDED',
        message: `Subscriber ${subscriber.subscriberId} has reached the maximum allowed of ${SUBSCRIPTIONS_PER_SUBSCRIBER_PER_TOPIC} subscriptions for topic "${topic.key}"`,
      });
      continue;
    }
    const objectId = ids.objectId();
    const subscription = subscribe(data, topic, subscriber, contextKeys, objectId, now, identifier);
    const isNew = subscription._id === objectId;
    // Only a new subscription gets preferences; an existing one answers those it has for the
    // matched workflows, unchanged (docs/behaviour/topics.md#subscription-preferences).
    if (isNew && 'name' in entry && entry.name !== undefined) subscription.name = entry.name;
    if (isNew && workflows.length > 0) {
      subscription.preferences = buildSubscriptionPreferences(preferences, workflows);
    }
    done.push(
      changeDto(
        subscription,
        topic,
        subscriber,
        preferences.length === 0 ? undefined : subscriptionPreferencesDto(subscription, workflows),
      ),
    );
  }
  const result = {
    data: done,
    meta: { totalCount: entries.length, successful: done.length, failed: errors.length },
    ...(errors.length === 0 ? {} : { errors }),
  };
  // A failed request changes nothing: the topic made for it goes again (the service keeps it).
  if (created && done.length === 0) tables.topics.delete(data, topic.key);
  return refusedWhenAllFailed(result);
}

/**
 * `DELETE /v2/topics/{topicKey}/subscriptions` (docs/behaviour/topics.md#subscriptions): a
 * subscriber id removes all of that subscriber's subscriptions to the topic, an `identifier`
 * removes that one; unknown subscribers and missing subscriptions are reported; an entry with
 * neither removes nothing (when no entry names one, each is an `INVALID_REQUEST` error); 400 with
 * the same body when none succeeded.
 */
export function deleteTopicSubscriptions(
  scope: EngineScope,
  topicKey: string,
  body: unknown,
): SubscriptionsResultDto {
  const { data } = scope;
  const input = validateBody(TopicSubscriptionsDeleteBody, body, {
    subscriberIds: 'Cannot unsubscribe more than 100 subscribers at once',
    subscriptions: 'Cannot unsubscribe more than 100 subscriptions at once',
  });
  const topic = topicOrThrow(data, topicKey);
  const given = (input.subscriptions ?? input.subscriberIds ?? []).map((entry) =>
    typeof entry === 'string' ? { subscriberId: entry } : entry,
  );
  // The service skips an entry that names no subscription (an empty one would match them all).
  const entries = given.filter((entry) => Boolean(entry.subscriberId || entry.identifier));
  if (entries.length === 0 && given.length > 0) {
    return refusedWhenAllFailed({
      data: [],
      meta: { totalCount: given.length, successful: 0, failed: given.length },
      errors: given.map(() => ({
        subscriberId: 'unknown',
        identifier: 'unknown',
        code: 'INVALID_REQUEST',
        message: 'Subscription identifier is required.',
      })),
    });
  }
  const errors: SubscriptionErrorDto[] = [];
  const removed: SubscriptionRecord[] = [];
  const done: SubscriptionChangeDto[] = [];
  const ofTopic = tables.subscriptions.where(
    data,
    (subscription) => subscription._topicId === topic._id,
  );
  for (const entry of entries) {
    let subscriber: SubscriberRecord | undefined;
    if (entry.subscriberId !== undefined) {
      subscriber = findSubscriber(data, entry.subscriberId);
      if (!subscriber) {
        errors.push(notFound(entry.subscriberId));
        continue;
      }
    }
    const targets = ofTopic.filter(
      (subscription) =>
        !removed.includes(subscription) &&
        (subscriber === undefined || subscription._subscriberId === subscriber._id) &&
        (entry.identifier === undefined || subscription.identifier === entry.identifier),
    );
    if (targets.length === 0) {
      const who = entry.subscriberId ?? entry.identifier ?? '';
      errors.push({
        subscriberId: who,
        code: 'SUBSCRIPTION_NOT_FOUND',
        message:
          entry.subscriberId === undefined
            ? `Subscription with identifier '${who}' not found.`
            : `Subscription for subscriber '${who}' not found.`,
      });
      continue;
    }
    for (const subscription of targets) {
      removed.push(subscription);
      const owner = subscriber ?? subscriberByObjectId(data, subscription._subscriberId);
      if (owner) done.push(changeDto(subscription, topic, owner));
    }
  }
  const result = refusedWhenAllFailed({
    data: done,
    meta: { totalCount: given.length, successful: done.length, failed: errors.length },
    ...(errors.length === 0 ? {} : { errors }),
  });
  unsubscribe(data, removed);
  return result;
}
