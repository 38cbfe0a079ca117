/**
 * The query of `GET /v1/notifications` (docs/behaviour/notifications.md#list): list filters that
 * accept one value or many, the page and limit rules, and the date errors.
 *
 * @module
 */

import { CHANNEL_TYPES } from '../../../src/schemas/common';
import { SEVERITIES } from '../../../src/schemas/workflow';
import { isObjectId } from '../store/ids';
import { queryContextKeys, queryDtoNumber, queryList, queryString } from './query';
import { ServiceError } from './service-error';

/**
 * A parsed notification list query.
 *
 * @example
 * ```ts
 * const search: NotificationSearch = { page: 0, limit: 10, channels: ['email'] };
 * ```
 */
export interface NotificationSearch {
  page: number;
  limit: number;
  channels?: string[];
  templates?: string[];
  emails?: string[];
  subscriberIds?: string[];
  search?: string;
  severity?: string[];
  transactionIds?: string[];
  topicKey?: string;
  /** A topic subscription identifier that reached the subscriber. */
  subscriptionId?: string;
  /** Exact set of `type:id` context keys; `[]` (from `contextKeys=`) means "no context". */
  contextKeys?: string[];
  /** Inclusive bounds on `createdAt` (epoch ms). */
  after?: number;
  before?: number;
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

function readDate(params: URLSearchParams, name: 'after' | 'before'): number | undefined {
  const raw = queryString(params, name);
  if (raw === undefined || raw === '') return undefined;
  const value = Date.parse(raw);
  if (!Number.isFinite(value)) {
    throw ServiceError.http(
      400,
      `Invalid date format for parameter '${name}': ${raw}. Please provide a valid ISO 8601 date string.`,
    );
  }
  return value;
}

/**
 * Reads the query of `GET /v1/notifications`; bad values answer the service's 422 (validation)
 * or 400 (dates).
 */
export function parseNotificationSearch(params: URLSearchParams): NotificationSearch {
  const messages: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const reading = queryDtoNumber(params, name);
    if (reading.kind === 'absent') return fallback;
    if (reading.kind === 'not-a-number' || !Number.isInteger(reading.value)) {
      messages.push(`${name} must be an integer number`);
      return fallback;
    }
    if (reading.value < min) messages.push(`${name} must not be less than ${min}`);
    if (reading.value > max) messages.push(`${name} must not be greater than ${max}`);
    return reading.value;
  };
  const page = integer('page', 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = integer('limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
  const channels = queryList(params, 'channels');
  if (channels?.some((channel) => !(CHANNEL_TYPES as readonly string[]).includes(channel))) {
    messages.push(
      `each value in channels must be one of the following values: ${CHANNEL_TYPES.join(', ')}`,
    );
  }
  const templates = queryList(params, 'templates');
  if (templates?.some((id) => !isObjectId(id))) {
    messages.push('each value in templates must be a mongodb id');
  }
  const severity = queryList(params, 'severity');
  if (severity?.some((value) => !(SEVERITIES as readonly string[]).includes(value))) {
    messages.push(
      `each value in severity must be one of the following values: ${SEVERITIES.join(', ')}`,
    );
  }
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  const after = readDate(params, 'after');
  const before = readDate(params, 'before');
  if (after !== undefined && before !== undefined && after > before) {
    throw ServiceError.http(
      400,
      'Invalid date range: start date (after) must be earlier than end date (before)',
    );
  }
  const optional = <K extends string, V>(key: K, value: V | undefined) =>
    (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
  return {
    page,
    limit,
    ...optional('channels', channels),
    ...optional(
      'templates',
      templates?.map((id) => id.toLowerCase()),
    ),
    ...optional('emails', queryList(params, 'emails')),
    ...optional('subscriberIds', queryList(params, 'subscriberIds')),
    ...optional('search', queryString(params, 'search')),
    ...optional('severity', severity),
    ...optional('transactionIds', queryList(params, 'transactionId')),
    ...optional('topicKey', queryString(params, 'topicKey')),
    ...optional('subscriptionId', queryString(params, 'subscriptionId')),
    ...optional('contextKeys', queryContextKeys(params)),
    ...optional('after', after),
    ...optional('before', before),
  };
}
