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
