/**
 * Routes of the `subscribers` namespace (with its credentials, subscriptions and messages).
 *
 * @module
 */

import * as z from 'zod/mini';
import { MarkAsBody, MessageList } from '../schemas/message';
import { SubscriberSearchResponse, SubscriptionsListResponse } from '../schemas/pagination';
import {
  PreferencesListQuery,
  PreferencesUpdateBody,
  SubscriberPreferences,
} from '../schemas/preference';
import {
  BulkCreateSubscribersBody,
  BulkCreateSubscribersResponse,
  CreateSubscriberBody,
  CreateSubscriberQuery,
  CredentialsUpdateBody,
  CredentialsUpsertBody,
  RemoveSubscriberResponse,
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

/**
 * `POST /v2/subscribers`: creates a subscriber, or updates the existing one (409 with
 * `failIfExists`).
 *
 * @example
 * ```ts
 * subscribersCreateRoute.status; // 201
 * ```
 */
export const subscribersCreateRoute = {
  operation: 'subscribers.create',
  method: 'POST',
  path: '/v2/subscribers',
  status: 201,
  category: 'configuration',
  body: CreateSubscriberBody,
  query: CreateSubscriberQuery,
  response: Subscriber,
} as const satisfies Route;

/**
 * `DELETE /v2/subscribers/{subscriberId}`: deletes a subscriber with its subscriptions,
 * preferences and messages.
 *
 * @example
 * ```ts
 * subscribersDeleteRoute.method; // 'DELETE'
 * ```
 */
export const subscribersDeleteRoute = {
  operation: 'subscribers.delete',
  method: 'DELETE',
  path: '/v2/subscribers/:subscriberId',
  status: 200,
  category: 'configuration',
  response: RemoveSubscriberResponse,
} as const satisfies Route;

/**
 * `POST /v1/subscribers/bulk`: creates or updates up to 500 subscribers.
 *
 * @example
 * ```ts
 * subscribersCreateBulkRoute.path; // '/v1/subscribers/bulk'
 * ```
 */
export const subscribersCreateBulkRoute = {
  operation: 'subscribers.createBulk',
  method: 'POST',
  path: '/v1/subscribers/bulk',
  status: 201,
  category: 'configuration',
  body: BulkCreateSubscribersBody,
  response: BulkCreateSubscribersResponse,
} as const satisfies Route;

/**
 * `PUT /v1/subscribers/{subscriberId}/credentials`: sets one provider's credentials, replacing
 * the device tokens.
 *
 * @example
 * ```ts
 * subscribersCredentialsUpdateRoute.method; // 'PUT'
 * ```
 */
export const subscribersCredentialsUpdateRoute = {
  operation: 'subscribers.credentials.update',
  method: 'PUT',
  path: '/v1/subscribers/:subscriberId/credentials',
  status: 200,
  category: 'configuration',
  body: CredentialsUpdateBody,
  response: Subscriber,
} as const satisfies Route;

/**
 * `DELETE /v1/subscribers/{subscriberId}/credentials/{providerId}`: removes a provider's
 * credentials (204, no body).
 *
 * @example
 * ```ts
 * subscribersCredentialsDeleteRoute.status; // 204
 * ```
 */
export const subscribersCredentialsDeleteRoute = {
  operation: 'subscribers.credentials.delete',
  method: 'DELETE',
  path: '/v1/subscribers/:subscriberId/credentials/:providerId',
  status: 204,
  category: 'configuration',
  response: z.undefined(),
} as const satisfies Route;

/**
 * `GET /v2/subscribers/{subscriberId}/preferences`: the global preference and what applies to
 * each workflow.
 *
 * @example
 * ```ts
 * subscribersPreferencesListRoute.path; // '/v2/subscribers/:subscriberId/preferences'
 * ```
 */
export const subscribersPreferencesListRoute = {
  operation: 'subscribers.preferences.list',
  method: 'GET',
  path: '/v2/subscribers/:subscriberId/preferences',
  status: 200,
  category: 'configuration',
  query: PreferencesListQuery,
  response: SubscriberPreferences,
} as const satisfies Route;

/**
 * `PATCH /v2/subscribers/{subscriberId}/preferences`: turns channels on or off, globally or for
 * one workflow.
 *
 * @example
 * ```ts
 * subscribersPreferencesUpdateRoute.method; // 'PATCH'
 * ```
 */
export const subscribersPreferencesUpdateRoute = {
  operation: 'subscribers.preferences.update',
  method: 'PATCH',
  path: '/v2/subscribers/:subscriberId/preferences',
  status: 200,
  category: 'configuration',
  body: PreferencesUpdateBody,
  response: SubscriberPreferences,
} as const satisfies Route;
