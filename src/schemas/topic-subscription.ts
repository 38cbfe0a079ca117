import * as z from 'zod/mini';
import type { WireShape } from './common';
import { SubscriptionPreferenceInput, TopicSubscriptionPreference } from './topic';

/**
 * One subscription of a topic by its identifier (`GET /v2/topics/{topicKey}/subscriptions/{identifier}`):
 * its id, identifier, name, stored workflow preferences and context keys.
 */
export const TopicSubscriptionDetails = z.looseObject({
  /** The subscription's internal id. */
  id: z.string(),
  /** Your identifier of the subscription. */
  identifier: z.optional(z.string()),
  /** The subscription's name, when one was given. */
  name: z.optional(z.string()),
  /** The subscription's own workflow preferences; absent when it has none. */
  preferences: z.optional(z.array(TopicSubscriptionPreference)),
  /** The context keys the subscription is scoped to. */
  contextKeys: z.optional(z.array(z.string())),
});
export interface TopicSubscriptionDetails extends WireShape<typeof TopicSubscriptionDetails> {}

/**
 * Body of `PATCH /v2/topics/{topicKey}/subscriptions/{identifier}`: a new `name`, and/or
 * `preferences` that replace the subscription's own (an empty list clears them).
 */
export const TopicSubscriptionUpdateBody = z.object({
  name: z.optional(z.string()),
  preferences: z.optional(z.array(SubscriptionPreferenceInput).check(z.maxLength(100))),
});
export type TopicSubscriptionUpdateBody = z.infer<typeof TopicSubscriptionUpdateBody>;

/**
 * A subscriber's subscription to a topic as the v1 check answers it
 * (`GET /v1/topics/{topicKey}/subscribers/{externalSubscriberId}`).
 */
export const TopicSubscriber = z.looseObject({
  /** The organization's id. */
  _organizationId: z.string(),
  /** The environment's id. */
  _environmentId: z.string(),
  /** The subscriber's internal id. */
  _subscriberId: z.string(),
  /** The topic's internal id. */
  _topicId: z.string(),
  /** Your key of the topic. */
  topicKey: z.string(),
  /** Your id of the subscriber. */
  externalSubscriberId: z.string(),
});
export interface TopicSubscriber extends WireShape<typeof TopicSubscriber> {}
