/**
 * Listing and counting a subscriber's in-app notifications: what the Inbox's
 * `GET /v1/inbox/notifications{,/count}` and the admin API's
 * `GET /v2/subscribers/{subscriberId}/notifications{,/count}` answer (the service runs the same
 * usecases behind both).
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type { SubscriberRecord } from '../store/state';
import { ServiceError } from '../wire/service-error';
import { inAppMessagesOf } from './inbox-counts';
import {
  type InboxFilter,
  MAX_COUNT,
  matchesFilter,
  parseCountFilters,
  parseListQuery,
} from './notification-filter';
import type { InboxNotification } from './notification-shapes';
import { toInboxNotification } from './notification-view';

/** A page of notifications, newest first, with the filter echoed. */
export function listNotifications(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  query: URLSearchParams,
): { data: InboxNotification[]; hasMore: boolean; filter: InboxFilter } {
  const { limit, after, offset, filter } = parseListQuery(query);
  const now = scope.now();
  const newestFirst = inAppMessagesOf(scope.data, subscriber)
    .filter((message) => matchesFilter(scope.data, message, filter, now))
    .reverse();
  const start = after === undefined ? 0 : newestFirst.findIndex((message) => message._id < after);
  const from = (start === -1 ? newestFirst.length : start) + offset;
  const page = newestFirst.slice(from, from + limit);
  return {
    data: page.map((message) => toInboxNotification(scope.data, message, subscriber, now)),
    hasMore: newestFirst.length > from + limit,
    filter,
  };
}

/** One count (at most 99) per filter of the query's `filters`. */
export function countNotifications(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  query: URLSearchParams,
): { data: { count: number; filter: InboxFilter }[] } {
  const filters = parseCountFilters(query);
  const now = scope.now();
  const messages = inAppMessagesOf(scope.data, subscriber);
  return {
    data: filters.map((filter) => ({
      count: Math.min(
        MAX_COUNT,
        messages.filter((message) => matchesFilter(scope.data, message, filter, now)).length,
      ),
      filter,
    })),
  };
}

/** Most messages the v1 unseen count counts (its command's `@Max(1000)`). */
const MAX_UNSEEN_LIMIT = 1000;

/**
 * `GET /v1/subscribers/{subscriberId}/notifications/unseen`: the in-app messages whose `seen` is
 * the query's (default `false`), counted up to `limit` (1 to 1000, default 100).
 */
export function countUnseen(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  query: URLSearchParams,
): { count: number } {
  const seenText = query.get('seen');
  if (seenText !== null && seenText !== 'true' && seenText !== 'false') {
    throw ServiceError.dtoValidation(['seen must be a boolean value']);
  }
  const limitText = query.get('limit');
  const limit = limitText === null || limitText === '' ? 100 : Number(limitText);
  if (Number.isNaN(limit) || limit < 1 || limit > MAX_UNSEEN_LIMIT) {
    throw ServiceError.dtoValidation([
      `limit must not be ${limit < 1 ? 'less than 1' : `greater than ${MAX_UNSEEN_LIMIT}`}`,
    ]);
  }
  const seen = seenText === 'true';
  const count = inAppMessagesOf(scope.data, subscriber).filter(
    (message) => message.seen === seen,
  ).length;
  return { count: Math.min(count, limit) };
}
