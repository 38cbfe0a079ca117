/**
 * The subscriber's own topic subscriptions from the Inbox (`/v1/inbox/topics/{topicKey}/subscriptions`
 * and a subscription's per-workflow preference): the same subscriptions as
 * `/v2/topics/{topicKey}/subscriptions`, limited to the session's subscriber.
 *
 * @module
 */

import * as z from 'zod/mini';
import { SubscriptionPreferenceInput } from '../../../src/schemas/topic';
import {
  buildSubscriptionPreferences,
  matchedWorkflows,
  type SubscriptionPreferenceDto,
  subscriptionPreferencesDto,
} from '../resources/subscription-preferences';
import { createTopicSubscriptions } from '../resources/topic-subscriptions';
import { findWorkflow } from '../resources/workflows';
import type { EngineScope } from '../scope';
import type { SubscriberRecord, SubscriptionRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';

/**
 * A topic subscription as the Inbox reads it.
 *
 * @example
 * ```ts
 * const subscription: InboxSubscription = { id: '64da...', identifier: 'tk_news:ada', preferences: [] };
 * ```
 */
export interface InboxSubscription {
  id: string;
  identifier: string;
  preferences?: SubscriptionPreferenceDto[];
}

const Preferences = z.optional(z.array(SubscriptionPreferenceInput).check(z.maxLength(100)));

function ownOnTopic(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  topicKey: string,
): SubscriptionRecord[] {
  return tables.subscriptions
    .of(scope.data, subscriber._id)
    .filter((subscription) => subscription.topicKey === topicKey);
}

function answer(scope: EngineScope, subscription: SubscriptionRecord): InboxSubscription {
  const preferences = subscriptionPreferencesDto(subscription, tables.workflows.values(scope.data));
  return {
    id: subscription._id,
    identifier: subscription.identifier,
    ...(preferences === undefined ? {} : { preferences }),
  };
}

function ownByIdentifier(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  topicKey: string,
  identifier: string,
): SubscriptionRecord | undefined {
  return ownOnTopic(scope, subscriber, topicKey).find(
    (subscription) => subscription.identifier === identifier || subscription._id === identifier,
  );
}

/** `GET /v1/inbox/topics/{topicKey}/subscriptions`: the subscriber's subscriptions to the topic. */
export function listInboxSubscriptions(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  topicKey: string,
): InboxSubscription[] {
  return ownOnTopic(scope, subscriber, topicKey).map((subscription) => answer(scope, subscription));
}

/** `GET .../subscriptions/{identifier}`: the subscription, `undefined` (a 204) when absent. */
export function retrieveInboxSubscription(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  topicKey: string,
  identifier: string,
): InboxSubscription | undefined {
  const found = ownByIdentifier(scope, subscriber, topicKey, identifier);
  return found === undefined ? undefined : answer(scope, found);
}

/**
 * `POST /v1/inbox/topics/{topicKey}/subscriptions`: subscribes the session's subscriber (the topic
 * is made when missing, `topic.name` names it), with the given `identifier` and `preferences`.
 */
export function createInboxSubscription(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  topicKey: string,
  body: unknown,
): InboxSubscription {
  const input = validateBody(
    z.object({
      identifier: z.optional(z.string().check(z.maxLength(512))),
      name: z.optional(z.string()),
      topic: z.optional(z.object({ name: z.optional(z.string()) })),
      preferences: Preferences,
    }),
    body ?? {},
  );
  const result = createTopicSubscriptions(scope, topicKey, {
    subscriptions: [
      input.identifier === undefined
        ? subscriber.subscriberId
        : { identifier: input.identifier, subscriberId: subscriber.subscriberId },
    ],
    ...(input.topic?.name === undefined ? {} : { name: input.topic.name }),
    ...(input.preferences === undefined ? {} : { preferences: input.preferences }),
  });
  const created = result.data[0];
  const stored =
    created === undefined ? undefined : tables.subscriptions.byId(scope.data, created._id);
  if (!stored) throw ServiceError.http(404, `Subscriber ${subscriber.subscriberId} not found`);
  return answer(scope, stored);
}

/** `PATCH .../subscriptions/{identifier}`: replaces the subscription's preferences. */
export function updateInboxSubscription(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  topicKey: string,
  identifier: string,
  body: unknown,
): InboxSubscription {
  const input = validateBody(
    z.object({ name: z.optional(z.string()), preferences: Preferences }),
    body ?? {},
  );
  const subscription = ownByIdentifier(scope, subscriber, topicKey, identifier);
  if (!subscription) {
    throw ServiceError.http(404, `Subscription with identifier ${identifier} not found`);
  }
  if (input.preferences !== undefined) {
    const workflows = matchedWorkflows(scope.data, input.preferences);
    tables.subscriptions.edit(scope.data, subscription);
    subscription.preferences = buildSubscriptionPreferences(input.preferences, workflows);
    subscription.updatedAt = scope.iso();
  }
  return answer(scope, subscription);
}

/** `DELETE .../subscriptions/{identifier}`: removes the subscriber's subscription (204). */
export function deleteInboxSubscription(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  topicKey: string,
  identifier: string,
): void {
  const subscription = ownByIdentifier(scope, subscriber, topicKey, identifier);
  if (!subscription) {
    throw ServiceError.http(404, `Subscription with identifier ${identifier} not found`);
  }
  tables.subscriptions.removeWhere(scope.data, (candidate) => candidate === subscription);
}

/**
 * `PATCH /v1/inbox/subscriptions/{subscriptionIdentifier}/preferences/{workflowId}`: sets whether
 * (or on which `condition`) the subscription receives one workflow.
 */
export function updateInboxSubscriptionPreference(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  subscriptionIdentifier: string,
  workflowId: string,
  body: unknown,
): SubscriptionPreferenceDto {
  const input = validateBody(
    z.looseObject({
      enabled: z.optional(z.boolean()),
      condition: z.optional(z.record(z.string(), z.unknown())),
    }),
    body ?? {},
  );
  const subscription = tables.subscriptions
    .of(scope.data, subscriber._id)
    .find(
      (candidate) =>
        candidate.identifier === subscriptionIdentifier || candidate._id === subscriptionIdentifier,
    );
  if (!subscription) {
    throw ServiceError.http(
      404,
      `Subscription with identifier ${subscriptionIdentifier} not found`,
    );
  }
  const workflow = findWorkflow(scope.data, workflowId);
  if (!workflow) throw ServiceError.http(404, 'Workflow cannot be found', { workflowId });
  tables.subscriptions.edit(scope.data, subscription);
  const others = (subscription.preferences ?? []).filter(
    (preference) => preference._templateId !== workflow._id,
  );
  subscription.preferences = [
    ...others,
    {
      _templateId: workflow._id,
      enabled: input.enabled ?? true,
      ...(input.condition === undefined ? {} : { condition: structuredClone(input.condition) }),
    },
  ];
  subscription.updatedAt = scope.iso();
  const answered = subscriptionPreferencesDto(subscription, [workflow]);
  return answered?.[0] as SubscriptionPreferenceDto;
}
