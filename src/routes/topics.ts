import * as z from 'zod/mini';
import { SubscriptionsListResponse, TopicListResponse } from '../schemas/pagination';
import {
  DeleteTopicResponse,
  Topic,
  TopicCreateBody,
  TopicListQuery,
  TopicSubscriptionChange,
  TopicSubscriptionsCreateBody,
  TopicSubscriptionsDeleteBody,
  TopicSubscriptionsListQuery,
  TopicSubscriptionsResult,
  TopicUpdateBody,
} from '../schemas/topic';
import {
  TopicSubscriber,
  TopicSubscriptionDetails,
  TopicSubscriptionUpdateBody,
} from '../schemas/topic-subscription';
import type { Route } from './route';

/** `POST /v2/topics`: creates a topic, or renames the existing one (201 created, 200 updated). */
export const topicsCreateRoute = {
  operation: 'topics.create',
  method: 'POST',
  path: '/v2/topics',
  status: 201,
  category: 'configuration',
  body: TopicCreateBody,
  response: Topic,
} as const satisfies Route;

/** `GET /v2/topics`: a cursor page of topics. */
export const topicsListRoute = {
  operation: 'topics.list',
  method: 'GET',
  path: '/v2/topics',
  status: 200,
  category: 'configuration',
  query: TopicListQuery,
  response: TopicListResponse,
} as const satisfies Route;

/** `GET /v2/topics/{topicKey}`: one topic. */
export const topicsRetrieveRoute = {
  operation: 'topics.retrieve',
  method: 'GET',
  path: '/v2/topics/:topicKey',
  status: 200,
  category: 'configuration',
  response: Topic,
} as const satisfies Route;

/** `PATCH /v2/topics/{topicKey}`: renames a topic. */
export const topicsUpdateRoute = {
  operation: 'topics.update',
  method: 'PATCH',
  path: '/v2/topics/:topicKey',
  status: 200,
  category: 'configuration',
  body: TopicUpdateBody,
  response: Topic,
} as const satisfies Route;

/** `DELETE /v2/topics/{topicKey}`: deletes a topic and its subscriptions. */
export const topicsDeleteRoute = {
  operation: 'topics.delete',
  method: 'DELETE',
  path: '/v2/topics/:topicKey',
  status: 200,
  category: 'configuration',
  response: DeleteTopicResponse,
} as const satisfies Route;

/** `GET /v2/topics/{topicKey}/subscriptions`: a cursor page of the topic's subscriptions. */
export const topicsSubscriptionsListRoute = {
  operation: 'topics.subscriptions.list',
  method: 'GET',
  path: '/v2/topics/:topicKey/subscriptions',
  status: 200,
  category: 'configuration',
  query: TopicSubscriptionsListQuery,
  response: SubscriptionsListResponse,
} as const satisfies Route;

/** `POST /v2/topics/{topicKey}/subscriptions`: subscribes subscribers, creating the topic. */
export const topicsSubscriptionsCreateRoute = {
  operation: 'topics.subscriptions.create',
  method: 'POST',
  path: '/v2/topics/:topicKey/subscriptions',
  status: 201,
  category: 'configuration',
  body: TopicSubscriptionsCreateBody,
  response: TopicSubscriptionsResult,
} as const satisfies Route;

/** `DELETE /v2/topics/{topicKey}/subscriptions`: unsubscribes subscribers. */
export const topicsSubscriptionsDeleteRoute = {
  operation: 'topics.subscriptions.delete',
  method: 'DELETE',
  path: '/v2/topics/:topicKey/subscriptions',
  status: 200,
  category: 'configuration',
  body: TopicSubscriptionsDeleteBody,
  response: TopicSubscriptionsResult,
} as const satisfies Route;

/**
 * `GET /v2/topics/{topicKey}/subscriptions/{identifier}`: one subscription by its identifier;
 * 204 and no body when the topic has none with it.
 */
export const topicsSubscriptionsRetrieveRoute = {
  operation: 'topics.subscriptions.retrieve',
  method: 'GET',
  path: '/v2/topics/:topicKey/subscriptions/:identifier',
  status: 200,
  category: 'configuration',
  response: z.optional(TopicSubscriptionDetails),
} as const satisfies Route;

/** `PATCH /v2/topics/{topicKey}/subscriptions/{identifier}`: renames it or replaces its preferences. */
export const topicsSubscriptionsUpdateRoute = {
  operation: 'topics.subscriptions.update',
  method: 'PATCH',
  path: '/v2/topics/:topicKey/subscriptions/:identifier',
  status: 200,
  category: 'configuration',
  body: TopicSubscriptionUpdateBody,
  response: TopicSubscriptionChange,
} as const satisfies Route;

/** `GET /v1/topics/{topicKey}/subscribers/{externalSubscriberId}`: whether the subscriber is subscribed (404 if not). */
export const topicsSubscribersRetrieveRoute = {
  operation: 'topics.subscribers.retrieve',
  method: 'GET',
  path: '/v1/topics/:topicKey/subscribers/:externalSubscriberId',
  status: 200,
  category: 'configuration',
  response: TopicSubscriber,
} as const satisfies Route;
