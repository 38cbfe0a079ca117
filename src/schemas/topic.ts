import * as z from 'zod/mini';
import { Timestamp, type WireShape } from './common';
import { CURSOR_QUERY } from './order';
import { SubscriberSummary } from './subscriber';

/** A topic (named group of subscribers). */
export const Topic = z.looseObject({
  /** The service's internal id. */
  _id: z.string(),
  /**
   * Your key of the topic: what triggers (`{ type: 'Topic', topicKey }`) and the API address it by.
   */
  key: z.string(),
  /** Display name. */
  name: z.optional(z.string()),
  /** Custom data: flat key-value pairs of scalars (string, number, boolean, string[]). */
  data: z.optional(z.record(z.string(), z.unknown())),
  /** When it was created (ISO 8601). */
  createdAt: z.optional(Timestamp),
  /** When it was last updated (ISO 8601). */
  updatedAt: z.optional(Timestamp),
});
export interface Topic extends WireShape<typeof Topic> {}

/** A subscriber's subscription to a topic (item of the subscriptions list). */
export const TopicSubscription = z.looseObject({
  /** The subscription's internal id. */
  _id: z.string(),
  /** The subscription's identifier (`tk_<topic key>:si_<subscriberId>` unless one was given). */
  identifier: z.optional(z.string()),
  /** The topic subscribed to. */
  topic: Topic,
  /** The subscriber, in short. */
  subscriber: SubscriberSummary,
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** Context keys the subscription is scoped to (`tenant:acme`). */
  contextKeys: z.optional(z.array(z.string())),
});
export interface TopicSubscription extends WireShape<typeof TopicSubscription> {}

/** Longest topic key the service accepts. */
export const TOPIC_KEY_MAX_LENGTH = 100;

/** A value of a topic's custom `data`: a string, number, boolean or string[]. */
const TopicDataValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/**
 * Body of `POST /v2/topics` (an upsert): the key (1-100 characters: letters, digits, `-`, `_`,
 * `:`, `.`, or an email address) and an optional name.
 */
export const TopicCreateBody = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(TOPIC_KEY_MAX_LENGTH)),
  name: z.optional(z.string().check(z.maxLength(100))),
  /** Custom data: flat scalars (string, number, boolean, string[]), at most 64 KB of JSON. */
  data: z.optional(z.nullable(z.record(z.string(), TopicDataValue))),
});
export type TopicCreateBody = z.infer<typeof TopicCreateBody>;

/** Body of `PATCH /v2/topics/{topicKey}`: a new name and/or custom `data` (`null` clears it). */
export const TopicUpdateBody = z.object({
  name: z.optional(z.string().check(z.maxLength(100))),
  data: z.optional(z.nullable(z.record(z.string(), TopicDataValue))),
});
export type TopicUpdateBody = z.infer<typeof TopicUpdateBody>;

/** Query of `GET /v2/topics` (cursor-paginated): `key` and `name` match case-insensitively. */
export const TopicListQuery = z.object({
  ...CURSOR_QUERY,
  key: z.optional(z.string()),
  name: z.optional(z.string()),
});
export type TopicListQuery = z.infer<typeof TopicListQuery>;

/** Answer of `DELETE /v2/topics/{topicKey}`. */
export const DeleteTopicResponse = z.looseObject({
  /** Whether the service acknowledged the deletion. */
  acknowledged: z.boolean(),
});
export interface DeleteTopicResponse extends WireShape<typeof DeleteTopicResponse> {}

/** Query of `GET /v2/topics/{topicKey}/subscriptions` (cursor-paginated). */
export const TopicSubscriptionsListQuery = z.object({
  ...CURSOR_QUERY,
  subscriberId: z.optional(z.string()),
  contextKeys: z.optional(z.array(z.string())),
});
export type TopicSubscriptionsListQuery = z.infer<typeof TopicSubscriptionsListQuery>;

/** Most subscriptions one create or delete call takes. */
export const TOPIC_SUBSCRIPTIONS_LIMIT = 100;

/** A JSON Logic rule of a subscription preference, judged at fan-out against `{ payload }`. */
export const SubscriptionPreferenceCondition = z.record(z.string(), z.unknown());
export type SubscriptionPreferenceCondition = z.infer<typeof SubscriptionPreferenceCondition>;

/**
 * One item of a subscriptions create's `preferences`: a workflow id (its `_id` or trigger
 * identifier), `{ workflowId, enabled?, condition? }`, or a group
 * `{ filter: { workflowIds?, tags? }, enabled?, condition? }` (docs/behaviour/topics.md#subscription-preferences).
 */
export const SubscriptionPreferenceInput = z.union([
  z.string(),
  z.object({
    workflowId: z.string(),
    enabled: z.optional(z.boolean()),
    condition: z.optional(SubscriptionPreferenceCondition),
  }),
  z.object({
    filter: z.object({
      workflowIds: z.optional(z.array(z.string())),
      tags: z.optional(z.array(z.string())),
    }),
    enabled: z.optional(z.boolean()),
    condition: z.optional(SubscriptionPreferenceCondition),
  }),
]);
export type SubscriptionPreferenceInput = z.infer<typeof SubscriptionPreferenceInput>;

/**
 * Body of `POST /v2/topics/{topicKey}/subscriptions` (the topic is created when missing):
 * `subscriptions` (subscriber ids, or `{ identifier, subscriberId }`) or the older
 * `subscriberIds`, at most 100; `preferences` sets, per matched workflow, whether the
 * subscription receives it at fan-out.
 */
export const TopicSubscriptionsCreateBody = z.object({
  subscriberIds: z.optional(
    z.array(z.string()).check(z.minLength(1), z.maxLength(TOPIC_SUBSCRIPTIONS_LIMIT)),
  ),
  subscriptions: z.optional(
    z
      .array(
        z.union([
          z.string(),
          z.object({
            identifier: z.string().check(z.maxLength(512)),
            subscriberId: z.string(),
            name: z.optional(z.string()),
          }),
        ]),
      )
      .check(z.minLength(1), z.maxLength(TOPIC_SUBSCRIPTIONS_LIMIT)),
  ),
  name: z.optional(z.string()),
  context: z.optional(
    z.record(
      z.string(),
      z.union([
        z.string(),
        z.object({ id: z.string(), data: z.optional(z.record(z.string(), z.unknown())) }),
      ]),
    ),
  ),
  preferences: z.optional(z.array(SubscriptionPreferenceInput)),
});
export type TopicSubscriptionsCreateBody = z.infer<typeof TopicSubscriptionsCreateBody>;

/**
 * Body of `DELETE /v2/topics/{topicKey}/subscriptions`: subscriber ids, or objects naming a
 * subscription by `identifier` and/or `subscriberId` (a `subscriberId` alone removes all of that
 * subscriber's subscriptions to the topic).
 */
export const TopicSubscriptionsDeleteBody = z.object({
  subscriberIds: z.optional(
    z.array(z.string()).check(z.minLength(1), z.maxLength(TOPIC_SUBSCRIPTIONS_LIMIT)),
  ),
  subscriptions: z.optional(
    z
      .array(
        z.union([
          z.string(),
          z.object({
            identifier: z.optional(z.string()),
            subscriberId: z.optional(z.string()),
          }),
        ]),
      )
      .check(z.minLength(1), z.maxLength(TOPIC_SUBSCRIPTIONS_LIMIT)),
  ),
});
export type TopicSubscriptionsDeleteBody = z.infer<typeof TopicSubscriptionsDeleteBody>;

/** A subscription's preference for one workflow, as a subscriptions create answers it. */
export const TopicSubscriptionPreference = z.looseObject({
  /** The subscription's id. */
  subscriptionId: z.string(),
  /** The workflow the preference is for; `null` or absent for all workflows. */
  workflow: z.optional(
    z.nullable(
      z.looseObject({
        /** The workflow's internal id. */
        id: z.string(),
        /** The workflow's identifier (its trigger name). */
        identifier: z.string(),
        /** The workflow's name. */
        name: z.string(),
        /** Whether the workflow is critical (subscribers cannot turn it off). */
        critical: z.boolean(),
        /** The workflow's tags. */
        tags: z.optional(z.array(z.string())),
        /** Custom data of the workflow. */
        data: z.optional(z.record(z.string(), z.unknown())),
        /** The workflow's severity (`high`, `medium`, `low`, `none`). */
        severity: z.string(),
      }),
    ),
  ),
  /** Whether notifications of the workflow are on for the subscription. */
  enabled: z.boolean(),
  /** The condition notifications must meet to be delivered (JSON Logic), if any. */
  condition: z.optional(SubscriptionPreferenceCondition),
});
export interface TopicSubscriptionPreference
  extends WireShape<typeof TopicSubscriptionPreference> {}

/** One subscription in the answer of a subscriptions create or delete. */
export const TopicSubscriptionChange = z.looseObject({
  /** The subscription's internal id. */
  _id: z.string(),
  /** Your identifier of the subscription. */
  identifier: z.optional(z.string()),
  /** The subscription's name, when one was given. */
  name: z.optional(z.string()),
  /** The topic of the subscription. */
  topic: z.looseObject({
    /** The topic's internal id. */
    _id: z.string(),
    /** Your key of the topic. */
    key: z.string(),
    /** The topic's name. */
    name: z.optional(z.string()),
  }),
  /** The subscriber, `null` when it no longer exists, with its own dates. */
  subscriber: z.nullable(
    z.extend(SubscriberSummary, {
      createdAt: z.optional(Timestamp),
      updatedAt: z.optional(Timestamp),
    }),
  ),
  /** The subscription's workflow preferences. */
  preferences: z.optional(z.array(TopicSubscriptionPreference)),
  /** The context keys the subscription is scoped to. */
  contextKeys: z.optional(z.array(z.string())),
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** When it was last updated (ISO 8601). */
  updatedAt: Timestamp,
});
/**
 * One subscription a topic subscriptions create or delete changed (`TopicSubscriptionsResult.data`).
 */
export interface TopicSubscriptionChange extends WireShape<typeof TopicSubscriptionChange> {}

/**
 * Answer of a subscriptions create or delete: what was done, counts, and one error per
 * subscriber that could not be handled (`SUBSCRIBER_NOT_FOUND`, `SUBSCRIPTION_NOT_FOUND`, ...).
 */
export const TopicSubscriptionsResult = z.looseObject({
  /** The subscriptions created or deleted. */
  data: z.array(TopicSubscriptionChange),
  /** How many subscribers the request named, and how many succeeded and failed. */
  meta: z.looseObject({
    /** Number of subscribers in the request. */
    totalCount: z.number(),
    /** Number handled. */
    successful: z.number(),
    /** Number that failed (each in `errors`). */
    failed: z.number(),
  }),
  /** One error per subscriber that could not be handled. */
  errors: z.optional(
    z.array(
      z.looseObject({
        /** Your id of the subscriber. */
        subscriberId: z.string(),
        /** The subscription identifier the entry named, when it named one. */
        identifier: z.optional(z.string()),
        /** Why it failed (`SUBSCRIBER_NOT_FOUND`, `SUBSCRIPTION_NOT_FOUND`, ...). */
        code: z.string(),
        /** A readable description. */
        message: z.string(),
      }),
    ),
  ),
});
export interface TopicSubscriptionsResult extends WireShape<typeof TopicSubscriptionsResult> {}
