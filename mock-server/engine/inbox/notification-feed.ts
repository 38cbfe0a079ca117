/**
 * `GET /v1/subscribers/{subscriberId}/notifications/feed`: the v1 page of a subscriber's in-app
 * messages (the service's `GetNotificationsFeed` usecase), over the same messages the Inbox
 * shows (docs/behaviour/subscribers.md#the-v1-feed).
 *
 * @module
 */

import { findSubscriber } from '../resources/subscribers';
import type { EngineScope } from '../scope';
import type { MessageRecord, SubscriberRecord } from '../store/state';
import { workflowByObjectId } from '../store/workflow-index';
import { checkJsonTextDepth } from '../wire/json-depth';
import { queryDtoNumber, queryList } from '../wire/query';
import { ServiceError } from '../wire/service-error';
import { inAppMessagesOf } from './inbox-counts';

/** The feed DTO's `limit`: default 10, at most 100. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

/** The longest `payload` filter read (base64 text): a URL carries no more in practice. */
const MAX_PAYLOAD_TEXT = 16 * 1024;

interface FeedSearch {
  page: number;
  limit: number;
  read: boolean | undefined;
  seen: boolean | undefined;
  payload: Record<string, unknown> | undefined;
  feedIdentifiers: string[] | undefined;
}

/** A whole number the DTO's `@Type(() => Number) @IsInt()` accepts, else its message. */
function integerOf(query: URLSearchParams, name: string, fallback: number, messages: string[]) {
  const reading = queryDtoNumber(query, name);
  if (reading.kind === 'absent') return fallback;
  if (reading.kind === 'not-a-number' || !Number.isInteger(reading.value)) {
    messages.push(`${name} must be an integer number`);
    return fallback;
  }
  return reading.value;
}

/** `true` or `false` as the message schema casts them; anything else cannot be cast. */
function booleanOf(query: URLSearchParams, name: string, messages: string[]) {
  const text = query.get(name);
  if (text === null) return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  messages.push(`${name} must be a boolean value`);
  return undefined;
}

/** The `payload` filter: base64 of a JSON object, else the usecase's 400. */
function payloadOf(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  const invalid = () =>
    ServiceError.http(400, 'Invalid payload, the JSON object should be encoded to base64 string.');
  if (text.length > MAX_PAYLOAD_TEXT) throw invalid();
  let json: string;
  let parsed: unknown;
  try {
    json = new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
  } catch {
    throw invalid();
  }
  checkJsonTextDepth(json, 'payload');
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid();
  }
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

function parseFeedSearch(query: URLSearchParams): FeedSearch {
  const messages: string[] = [];
  const page = integerOf(query, 'page', 0, messages);
  const limit = integerOf(query, 'limit', DEFAULT_LIMIT, messages);
  if (limit < 1) messages.push('limit must not be less than 1');
  if (limit > MAX_LIMIT) messages.push(`limit must not be greater than ${MAX_LIMIT}`);
  // The service passes a negative page on to its database, which refuses a negative skip.
  if (page < 0) messages.push('page must not be less than 0');
  const read = booleanOf(query, 'read', messages);
  const seen = booleanOf(query, 'seen', messages);
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  const feeds = queryList(query, 'feedIdentifier');
  return {
    page,
    limit,
    read,
    seen,
    payload: payloadOf(query.get('payload')),
    feedIdentifiers: feeds?.flatMap((feed) => feed.split(',')),
  };
}

/**
 * Whether `value` holds what `partial` says at each of its leaf paths (the usecase flattens the
 * filter to `payload.a.b` keys): an equal value, or an array holding a scalar leaf.
 */
function containsPayload(value: unknown, partial: unknown): boolean {
  if (partial !== null && typeof partial === 'object' && !Array.isArray(partial)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    return Object.entries(partial).every(([key, inner]) =>
      containsPayload(
        Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined,
        inner,
      ),
    );
  }
  if (Array.isArray(value) && !Array.isArray(partial)) {
    return value.some((item) => JSON.stringify(item) === JSON.stringify(partial));
  }
  return JSON.stringify(value) === JSON.stringify(partial);
}

function matchesFeed(message: MessageRecord, search: FeedSearch): boolean {
  // The engine keeps no feeds: an identifier names none of its messages' feeds.
  if (search.feedIdentifiers !== undefined) return false;
  if (search.read !== undefined && message.read !== search.read) return false;
  if (search.seen !== undefined && message.seen !== search.seen) return false;
  return search.payload === undefined || containsPayload(message.payload, search.payload);
}

/** A message as the feed lists it: the stored entity with its subscriber and workflow populated. */
function toFeedItem(scope: EngineScope, message: MessageRecord, subscriber: SubscriberRecord) {
  const workflow = workflowByObjectId(scope.data, message._templateId);
  return {
    ...structuredClone(message),
    subscriber: {
      _id: subscriber._id,
      subscriberId: subscriber.subscriberId,
      ...(subscriber.firstName === undefined ? {} : { firstName: subscriber.firstName }),
      ...(subscriber.lastName === undefined ? {} : { lastName: subscriber.lastName }),
      ...(subscriber.avatar === undefined ? {} : { avatar: subscriber.avatar }),
    },
    ...(workflow === undefined
      ? {}
      : { template: { _id: workflow._id, tags: [...workflow.tags] } }),
  };
}

/**
 * The page of in-app messages, newest first, `limit` from `page * limit`; `totalCount` is the
 * number from this page on, capped at `limit` (`hasMore` when more than the page's exist).
 */
export function notificationsFeed(
  scope: EngineScope,
  subscriberId: string,
  query: URLSearchParams,
) {
  const search = parseFeedSearch(query);
  const subscriber = findSubscriber(scope.data, subscriberId);
  if (!subscriber) {
    throw ServiceError.http(
      400,
      `Subscriber not found for this environment with the id: ${subscriberId}. ` +
        'Make sure to create a subscriber before fetching the feed.',
    );
  }
  const newestFirst = inAppMessagesOf(scope.data, subscriber)
    .filter((message) => matchesFeed(message, search))
    .reverse();
  const skip = search.page * search.limit;
  const page = newestFirst.slice(skip, skip + search.limit);
  // The usecase counts from `skip` with a `limit + 1` cap, and only for a page with items.
  const counted = page.length === 0 ? 0 : Math.min(newestFirst.length - skip, search.limit + 1);
  return {
    data: page.map((message) => toFeedItem(scope, message, subscriber)),
    totalCount: Math.min(counted, search.limit),
    hasMore: page.length < counted,
    pageSize: search.limit,
    page: search.page,
  };
}
