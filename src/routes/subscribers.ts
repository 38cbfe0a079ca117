import * as z from 'zod/mini';
import { MarkAsBody, MessageList } from '../schemas/message';
import { SubscriberSearchResponse, SubscriptionsListResponse } from '../schemas/pagination';
import {
  PreferencesListQuery,
  PreferencesUpdateBody,
  SubscriberPreferences,
} from '../schemas/preference';
import {
  BulkPreferencesUpdateBody,
  BulkPreferencesUpdateResponse,
} from '../schemas/preference-bulk';
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

/** `GET /v2/subscribers`: a cursor page of subscribers matching the filters. */
export const subscribersSearchRoute = {
  operation: 'subscribers.search',
  method: 'GET',
  path: '/v2/subscribers',
  status: 200,
  category: 'configuration',
  query: SubscriberSearchQuery,
  response: SubscriberSearchResponse,
} as const satisfies Route;

/** `GET /v2/subscribers/{subscriberId}`: one subscriber. */
export const subscribersRetrieveRoute = {
  operation: 'subscribers.retrieve',
  method: 'GET',
  path: '/v2/subscribers/:subscriberId',
  status: 200,
  category: 'configuration',
  response: Subscriber,
} as const satisfies Route;

/** `PATCH /v2/subscribers/{subscriberId}`: updates a subscriber's profile. */
export const subscribersUpdateRoute = {
  operation: 'subscribers.update',
  method: 'PATCH',
  path: '/v2/subscribers/:subscriberId',
  status: 200,
  category: 'configuration',
  body: SubscriberUpdateBody,
  response: Subscriber,
} as const satisfies Route;

/** `GET /v2/subscribers/{subscriberId}/subscriptions`: a cursor page of topic subscriptions. */
export const subscribersSubscriptionsListRoute = {
  operation: 'subscribers.subscriptions.list',
  method: 'GET',
  path: '/v2/subscribers/:subscriberId/subscriptions',
  status: 200,
  category: 'configuration',
  query: SubscriptionsListQuery,
  response: SubscriptionsListResponse,
} as const satisfies Route;

/** `PATCH /v1/subscribers/{subscriberId}/credentials`: upserts one provider's credentials. */
export const subscribersCredentialsUpsertRoute = {
  operation: 'subscribers.credentials.upsert',
  method: 'PATCH',
  path: '/v1/subscribers/:subscriberId/credentials',
  status: 200,
  category: 'configuration',
  body: CredentialsUpsertBody,
  response: Subscriber,
} as const satisfies Route;

/** `POST /v1/subscribers/{subscriberId}/messages/mark-as`: marks messages read, seen and so on. */
export const subscribersMessagesMarkAsRoute = {
  operation: 'subscribers.messages.markAs',
  method: 'POST',
  path: '/v1/subscribers/:subscriberId/messages/mark-as',
  status: 201,
  category: 'configuration',
  body: MarkAsBody,
  response: MessageList,
} as const satisfies Route;

/** `POST /v2/subscribers`: creates or updates a subscriber (409 with `failIfExists`). */
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

/** `DELETE /v2/subscribers/{subscriberId}`: deletes a subscriber and what belongs to it. */
export const subscribersDeleteRoute = {
  operation: 'subscribers.delete',
  method: 'DELETE',
  path: '/v2/subscribers/:subscriberId',
  status: 200,
  category: 'configuration',
  response: RemoveSubscriberResponse,
} as const satisfies Route;

/** `POST /v1/subscribers/bulk`: creates or updates up to 500 subscribers. */
export const subscribersCreateBulkRoute = {
  operation: 'subscribers.createBulk',
  method: 'POST',
  path: '/v1/subscribers/bulk',
  status: 201,
  category: 'configuration',
  body: BulkCreateSubscribersBody,
  response: BulkCreateSubscribersResponse,
} as const satisfies Route;

/** `PUT /v1/subscribers/{subscriberId}/credentials`: replaces one provider's credentials. */
export const subscribersCredentialsUpdateRoute = {
  operation: 'subscribers.credentials.update',
  method: 'PUT',
  path: '/v1/subscribers/:subscriberId/credentials',
  status: 200,
  category: 'configuration',
  body: CredentialsUpdateBody,
  response: Subscriber,
} as const satisfies Route;

/** `DELETE /v1/subscribers/{subscriberId}/credentials/{providerId}`: removes them; 204. */
export const subscribersCredentialsDeleteRoute = {
  operation: 'subscribers.credentials.delete',
  method: 'DELETE',
  path: '/v1/subscribers/:subscriberId/credentials/:providerId',
  status: 204,
  category: 'configuration',
  response: z.undefined(),
} as const satisfies Route;

/** `GET /v2/subscribers/{subscriberId}/preferences`: global and per-workflow preferences. */
export const subscribersPreferencesListRoute = {
  operation: 'subscribers.preferences.list',
  method: 'GET',
  path: '/v2/subscribers/:subscriberId/preferences',
  status: 200,
  category: 'configuration',
  query: PreferencesListQuery,
  response: SubscriberPreferences,
} as const satisfies Route;

/** `PATCH /v2/subscribers/{subscriberId}/preferences`: turns channels on or off. */
export const subscribersPreferencesUpdateRoute = {
  operation: 'subscribers.preferences.update',
  method: 'PATCH',
  path: '/v2/subscribers/:subscriberId/preferences',
  status: 200,
  category: 'configuration',
  body: PreferencesUpdateBody,
  response: SubscriberPreferences,
} as const satisfies Route;

/**
 * `PATCH /v2/subscribers/{subscriberId}/preferences/bulk`: turns channels on or off for up to 100
 * workflows at once.
 */
export const subscribersPreferencesBulkUpdateRoute = {
  operation: 'subscribers.preferences.bulkUpdate',
  method: 'PATCH',
  path: '/v2/subscribers/:subscriberId/preferences/bulk',
  status: 200,
  category: 'configuration',
  body: BulkPreferencesUpdateBody,
  response: BulkPreferencesUpdateResponse,
} as const satisfies Route;
