import * as z from 'zod/mini';
import { Timestamp } from './common';
import { SubscriberSummary } from './subscriber';

/**
 * A topic (named group of subscribers).
 *
 * @example
 * ```ts
 * Topic.parse({ _id: '64da692e9a94fb2e6449ad06', key: 'product-updates', name: 'Product Updates' });
 * ```
 */
export const Topic = z.looseObject({
  _id: z.string(),
  key: z.string(),
  name: z.optional(z.string()),
  createdAt: z.optional(Timestamp),
  updatedAt: z.optional(Timestamp),
});
/** A topic. */
export type Topic = z.infer<typeof Topic>;

/**
 * A subscriber's subscription to a topic (item of the subscriptions list).
 *
 * @example
 * ```ts
 * TopicSubscription.parse({
 *   _id: '64da692e9a94fb2e6449ad08',
 *   identifier: 'tk_product-updates:si_user-123',
 *   topic: { _id: '64da692e9a94fb2e6449ad06', key: 'product-updates' },
 *   subscriber: { _id: '64da692e9a94fb2e6449ad07', subscriberId: 'user-123' },
 *   createdAt: '2024-01-01T00:00:00.000Z',
 * });
 * ```
 */
export const TopicSubscription = z.looseObject({
  _id: z.string(),
  identifier: z.optional(z.string()),
  topic: Topic,
  subscriber: SubscriberSummary,
  createdAt: Timestamp,
  contextKeys: z.optional(z.array(z.string())),
});
/** A subscriber's subscription to a topic. */
export type TopicSubscription = z.infer<typeof TopicSubscription>;
