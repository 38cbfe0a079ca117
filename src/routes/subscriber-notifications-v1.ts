import { Message } from '../schemas/message';
import { Subscriber } from '../schemas/subscriber';
import {
  FeedPage,
  FeedQuery,
  MarkAllBody,
  MarkedCount,
  MessageActionBody,
  OnlineStatusBody,
} from '../schemas/subscriber-feed';
import type { Route } from './route';

/** `GET /v1/subscribers/{subscriberId}/notifications/feed`: a page of in-app messages, v1. */
export const subscribersNotificationsFeedRoute = {
  operation: 'subscribers.notifications.feed',
  method: 'GET',
  path: '/v1/subscribers/:subscriberId/notifications/feed',
  status: 200,
  category: 'configuration',
  query: FeedQuery,
  response: FeedPage,
} as const satisfies Route;

/** `POST /v1/subscribers/{subscriberId}/messages/mark-all`: marks every in-app message; 201. */
export const subscribersMessagesMarkAllRoute = {
  operation: 'subscribers.messages.markAll',
  method: 'POST',
  path: '/v1/subscribers/:subscriberId/messages/mark-all',
  status: 201,
  category: 'configuration',
  body: MarkAllBody,
  response: MarkedCount,
} as const satisfies Route;

/** `POST /v1/subscribers/{subscriberId}/messages/{messageId}/actions/{type}`: a button's status. */
export const subscribersMessagesUpdateActionRoute = {
  operation: 'subscribers.messages.updateAction',
  method: 'POST',
  path: '/v1/subscribers/:subscriberId/messages/:messageId/actions/:type',
  status: 201,
  category: 'configuration',
  body: MessageActionBody,
  response: Message,
} as const satisfies Route;

/** `PATCH /v1/subscribers/{subscriberId}/online-status`: sets `isOnline` (and `lastOnlineAt`). */
export const subscribersUpdateOnlineStatusRoute = {
  operation: 'subscribers.updateOnlineStatus',
  method: 'PATCH',
  path: '/v1/subscribers/:subscriberId/online-status',
  status: 200,
  category: 'configuration',
  body: OnlineStatusBody,
  response: Subscriber,
} as const satisfies Route;
