/**
 * One topic subscription by its identifier (`GET` and `PATCH /v2/topics/{topicKey}/subscriptions/{identifier}`)
 * and the v1 membership check (`GET /v1/topics/{topicKey}/subscribers/{externalSubscriberId}`),
 * over the same records the subscriptions listing and a trigger's fan-out read
 * (docs/behaviour/topics.md#one-subscription).
 *
 * @module
 */

import {
  type TopicSubscriber,
  type TopicSubscriptionDetails,
  TopicSubscriptionUpdateBody,
} from '../../../src/schemas/topic-subscription';
import type { EngineScope } from '../scope';
import type { SubscriberRecord, SubscriptionRecord, TopicRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { findSubscriber, subscriberByObjectId } from './subscribers';
import {
  buildSubscriptionPreferences,
  matchedWorkflows,
  subscriptionPreferencesDto,
} from './subscription-preferences';
import { changeDto, type SubscriptionChangeDto } from './topic-subscriptions';

/**
 * A subscription as `GET /v2/topics/{topicKey}/subscriptions/{identifier}` answers it.
 *
 * @example
 * ```ts
 * const details: TopicSubscriptionDetailsDto = { id: '64da...', identifier: 'tk_news:si_u1', contextKeys: [] };
 * ```
 */
export type TopicSubscriptionDetailsDto = TopicSubscriptionDetails;

/**
 * The v1 membership check's answer: the subscription with its organization, environment,
 * topic and subscriber ids.
 *
 * @example
 * ```ts
 * const member: TopicSubscriberDto['externalSubscriberId'] = 'user-1';
 * ```
 */
export type TopicSubscriberDto = TopicSubscriber;

/** The live topic a subscription belongs to (a topic deleted and made again is another one). */
function liveTopicOf(
  scope: EngineScope,
  subscription: SubscriptionRecord,
): TopicRecord | undefined {
  const topic = tables.topics.get(scope.data, subscription.topicKey);
  return topic?._id === subscription._topicId ? topic : undefined;
}

function byIdentifier(
  scope: EngineScope,
  topic: TopicRecord,
  identifier: string,
): SubscriptionRecord | undefined {
  return tables.subscriptions.withIdentifier(scope.data, topic._id, identifier)[0];
}

/**
 * `GET /v2/topics/{topicKey}/subscriptions/{identifier}`: the subscription with its stored
 * preferences (each naming the subscription by identifier, as the service does); `undefined`
 * (the service's 204) when the topic or the subscription does not exist.
 */
export function retrieveTopicSubscription(
  scope: EngineScope,
  topicKey: string,
  identifier: string,
): TopicSubscriptionDetailsDto | undefined {
  const topic = tables.topics.get(scope.data, topicKey);
  const subscription = topic === undefined ? undefined : byIdentifier(scope, topic, identifier);
  if (!subscription) return undefined;
  const preferences = subscriptionPreferencesDto(
    subscription,
    tables.workflows.values(scope.data),
  )?.map((preference) => ({ ...preference, subscriptionId: subscription.identifier }));
  return {
    id: subscription._id,
    identifier: subscription.identifier,
    ...(subscription.name === undefined ? {} : { name: subscription.name }),
    ...(preferences === undefined ? {} : { preferences }),
    contextKeys: [...subscription.contextKeys],
  };
}

/**
 * `PATCH /v2/topics/{topicKey}/subscriptions/{identifier}`: 404 for an unknown topic or
 * subscription; `preferences` replace the subscription's own (workflows matched as on create,
 * unknown ones skipped, an empty list clears them); `name` renames it. Answers the subscription
 * with its preferences for the workflows the body matched.
 */
export function updateTopicSubscription(
  scope: EngineScope,
  topicKey: string,
  identifier: string,
  body: unknown,
): SubscriptionChangeDto {
  const input = validateBody(TopicSubscriptionUpdateBody, body ?? {});
  const { data } = scope;
  const workflows = matchedWorkflows(data, input.preferences ?? []);
  const topic = tables.topics.get(data, topicKey);
  if (!topic) throw ServiceError.http(404, `Topic with key ${topicKey} not found`);
  const subscription = byIdentifier(scope, topic, identifier);
  if (!subscription) {
    throw ServiceError.http(
      404,
      `Subscription with identifier ${identifier} not found for topic ${topicKey}`,
    );
  }
  if (input.preferences !== undefined || input.name !== undefined) {
    tables.subscriptions.edit(data, subscription);
  }
  if (input.preferences !== undefined) {
    const preferences = buildSubscriptionPreferences(input.preferences, workflows);
    if (preferences.length === 0) delete subscription.preferences;
    else subscription.preferences = preferences;
  }
  if (input.name !== undefined) {
    subscription.name = input.name;
    subscription.updatedAt = scope.iso();
  }
  const subscriber = subscriberByObjectId(data, subscription._subscriberId) as SubscriberRecord;
  return changeDto(
    subscription,
    topic,
    subscriber,
    workflows.length === 0 ? undefined : subscriptionPreferencesDto(subscription, workflows),
  );
}

/**
 * `GET /v1/topics/{topicKey}/subscribers/{externalSubscriberId}`: the subscriber's first
 * subscription to the topic; 404 with the service's text when there is none (or no such
 * subscriber).
 */
export function retrieveTopicSubscriber(
  scope: EngineScope,
  topicKey: string,
  externalSubscriberId: string,
): TopicSubscriberDto {
  const { data, environment } = scope;
  const subscriber = findSubscriber(data, externalSubscriberId);
  const subscription = subscriber
    ? tables.subscriptions
        .of(data, subscriber._id)
        .find(
          (candidate) =>
            candidate.topicKey === topicKey && liveTopicOf(scope, candidate) !== undefined,
        )
    : undefined;
  if (!subscriber || !subscription) {
    throw ServiceError.http(
      404,
      `Subscriber ${externalSubscriberId} not found for topic ${topicKey} in the environment ${environment._id}`,
    );
  }
  // The service's `mapFromEntity` answers these six fields only.
  return {
    _organizationId: environment._organizationId,
    _environmentId: environment._id,
    _subscriberId: subscriber._id,
    _topicId: subscription._topicId,
    topicKey: subscription.topicKey,
    externalSubscriberId: subscriber.subscriberId,
  };
}
