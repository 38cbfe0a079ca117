/**
 * Routes of the `subscribers` namespace (with its credentials, subscriptions and messages).
 *
 * @module
 */
import { MarkAsBody, MessageList } from '../schemas/message';
import { SubscriberSearchResponse, SubscriptionsListResponse } from '../schemas/pagination';
import {
  CredentialsUpsertBody,
  Subscriber,
  SubscriberSearchQuery,
  SubscriberUpdateBody,
  SubscriptionsListQuery,
} from '../schemas/subscriber';
import type { Route } from './route';

/**
 * `GET /v2/subscribers`: a cursor page of subscribers matching the filters.
 *
 * @example
 * ```ts
 * subscribersSearchRoute.path; // '/v2/subscribers'
 * ```
 */
export const subscribersSearchRoute = {
  operation: 'subscribers.search',
  method: 'GET',
  path: '/v2/subscribers',
  status: 200,
  category: 'configuration',
  query: SubscriberSearchQuery,
  response: SubscriberSearchResponse,
} as const satisfies Route;

/**
 * `GET /v2/subscribers/{subscriberId}`: one subscriber.
 *
 * @example
 * ```ts
 * subscribersRetrieveRoute.method; // 'GET'
 * ```
 */
export const subscribersRetrieveRoute = {
  operation: 'subscribers.retrieve',
  method: 'GET',
  path: '/v2/subscribers/:subscriberId',
  status: 200,
  category: 'configuration',
  response: Subscriber,
} as const satisfies Route;

/**
 * `PATCH /v2/subscribers/{subscriberId}`: updates a subscriber's profile.
 *
 * @example
 * ```ts
 * subscribersUpdateRoute.method; // 'PATCH'
 * ```
 */
export const subscribersUpdateRoute = {
  operation: 'subscribers.update',
  method: 'PATCH',
  path: '/v2/subscribers/:subscriberId',
  status: 200,
  category: 'configuration',
  body: SubscriberUpdateBody,
  response: Subscriber,
} as const satisfies Route;

/**
 * `GET /v2/subscribers/{subscriberId}/subscriptions`: a cursor page of a subscriber's topic
 * subscriptions.
 *
 * @example
 * ```ts
 * subscribersSubscriptionsListRoute.path; // '/v2/subscribers/:subscriberId/subscriptions'
 * ```
 */
export const subscribersSubscriptionsListRoute = {
  operation: 'subscribers.subscriptions.list',
  method: 'GET',
  path: '/v2/subscribers/:subscriberId/subscriptions',
  status: 200,
  category: 'configuration',
  query: SubscriptionsListQuery,
  response: SubscriptionsListResponse,
} as const satisfies Route;

/**
 * `PATCH /v1/subscribers/{subscriberId}/credentials`: upserts one provider's credentials.
 *
 * @example
 * ```ts
 * subscribersCredentialsUpsertRoute.method; // 'PATCH'
 * ```
 */
export const subscribersCredentialsUpsertRoute = {
  operation: 'subscribers.credentials.upsert',
  method: 'PATCH',
  path: '/v1/subscribers/:subscriberId/credentials',
  status: 200,
  category: 'configuration',
  body: CredentialsUpsertBody,
  response: Subscriber,
} as const satisfies Route;

/**
 * `POST /v1/subscribers/{subscriberId}/messages/mark-as`: marks messages read, seen and so on.
 *
 * @example
 * ```ts
 * subscribersMessagesMarkAsRoute.status; // 201
 * ```
 */
export const subscribersMessagesMarkAsRoute = {
  operation: 'subscribers.messages.markAs',
  method: 'POST',
  path: '/v1/subscribers/:subscriberId/messages/mark-as',
  status: 201,
  category: 'configuration',
  body: MarkAsBody,
  response: MessageList,
} as const satisfies Route;
