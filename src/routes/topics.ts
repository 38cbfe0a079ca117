/**
 * Routes of the `topics` namespace (with its subscriptions).
 *
 * @module
 */
import { SubscriptionsListResponse, TopicListResponse } from '../schemas/pagination';
import {
  DeleteTopicResponse,
  Topic,
  TopicCreateBody,
  TopicListQuery,
  TopicSubscriptionsCreateBody,
  TopicSubscriptionsDeleteBody,
  TopicSubscriptionsListQuery,
  TopicSubscriptionsResult,
  TopicUpdateBody,
} from '../schemas/topic';
import type { Route } from './route';

/**
 * `POST /v2/topics`: creates a topic, or renames the existing one (201 created, 200 updated).
 *
 * @example
 * ```ts
 * topicsCreateRoute.path; // '/v2/topics'
 * ```
 */
export const topicsCreateRoute = {
  operation: 'topics.create',
  method: 'POST',
  path: '/v2/topics',
  status: 201,
  category: 'configuration',
  body: TopicCreateBody,
  response: Topic,
} as const satisfies Route;

/**
 * `GET /v2/topics`: a cursor page of topics.
 *
 * @example
 * ```ts
 * topicsListRoute.method; // 'GET'
 * ```
 */
export const topicsListRoute = {
  operation: 'topics.list',
  method: 'GET',
  path: '/v2/topics',
  status: 200,
  category: 'configuration',
  query: TopicListQuery,
  response: TopicListResponse,
} as const satisfies Route;

/**
 * `GET /v2/topics/{topicKey}`: one topic.
 *
 * @example
 * ```ts
 * topicsRetrieveRoute.path; // '/v2/topics/:topicKey'
 * ```
 */
export const topicsRetrieveRoute = {
  operation: 'topics.retrieve',
  method: 'GET',
  path: '/v2/topics/:topicKey',
  status: 200,
  category: 'configuration',
  response: Topic,
} as const satisfies Route;

/**
 * `PATCH /v2/topics/{topicKey}`: renames a topic.
 *
 * @example
 * ```ts
 * topicsUpdateRoute.method; // 'PATCH'
 * ```
 */
export const topicsUpdateRoute = {
  operation: 'topics.update',
  method: 'PATCH',
  path: '/v2/topics/:topicKey',
  status: 200,
  category: 'configuration',
  body: TopicUpdateBody,
  response: Topic,
} as const satisfies Route;

/**
 * `DELETE /v2/topics/{topicKey}`: deletes a topic and its subscriptions.
 *
 * @example
 * ```ts
 * topicsDeleteRoute.method; // 'DELETE'
 * ```
 */
export const topicsDeleteRoute = {
  operation: 'topics.delete',
  method: 'DELETE',
  path: '/v2/topics/:topicKey',
  status: 200,
  category: 'configuration',
  response: DeleteTopicResponse,
} as const satisfies Route;

/**
 * `GET /v2/topics/{topicKey}/subscriptions`: a cursor page of the topic's subscriptions.
 *
 * @example
 * ```ts
 * topicsSubscriptionsListRoute.path; // '/v2/topics/:topicKey/subscriptions'
 * ```
 */
export const topicsSubscriptionsListRoute = {
  operation: 'topics.subscriptions.list',
  method: 'GET',
  path: '/v2/topics/:topicKey/subscriptions',
  status: 200,
  category: 'configuration',
  query: TopicSubscriptionsListQuery,
  response: SubscriptionsListResponse,
} as const satisfies Route;

/**
 * `POST /v2/topics/{topicKey}/subscriptions`: subscribes subscribers (the topic is created when
 * missing).
 *
 * @example
 * ```ts
 * topicsSubscriptionsCreateRoute.status; // 201
 * ```
 */
export const topicsSubscriptionsCreateRoute = {
  operation: 'topics.subscriptions.create',
  method: 'POST',
  path: '/v2/topics/:topicKey/subscriptions',
  status: 201,
  category: 'configuration',
  body: TopicSubscriptionsCreateBody,
  response: TopicSubscriptionsResult,
} as const satisfies Route;

/**
 * `DELETE /v2/topics/{topicKey}/subscriptions`: unsubscribes subscribers.
 *
 * @example
 * ```ts
 * topicsSubscriptionsDeleteRoute.method; // 'DELETE'
 * ```
 */
export const topicsSubscriptionsDeleteRoute = {
  operation: 'topics.subscriptions.delete',
  method: 'DELETE',
  path: '/v2/topics/:topicKey/subscriptions',
  status: 200,
  category: 'configuration',
  body: TopicSubscriptionsDeleteBody,
  response: TopicSubscriptionsResult,
} as const satisfies Route;
