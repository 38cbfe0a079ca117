/**
 * The queries of `GET /v1/messages` and `DELETE /v1/messages/transaction/{transactionId}` as the
 * service reads them (docs/behaviour/messages.md#list).
 *
 * @module
 */

import { CHANNEL_TYPES } from '../../../src/schemas/common';
import { MESSAGE_LIST_LIMIT } from '../../../src/schemas/message-list';
import { queryContextKeys, queryDtoNumber, queryList, queryString } from './query';
import { ServiceError } from './service-error';

/**
 * A message listing, validated and defaulted.
 *
 * @example
 * ```ts
 * const search: MessageSearch = { page: 0, limit: 10, channel: 'in_app' };
 * ```
 */
export interface MessageSearch {
  page: number;
  limit: number;
  channel?: string;
  subscriberId?: string;
  transactionIds?: string[];
  /** Exact set of `type:id` context keys; `[]` (from `contextKeys=`) means "no context". */
  contextKeys?: string[];
}

const DEFAULT_LIMIT = 10;

/**
 * Reads the query of `GET /v1/messages`: `page` (default 0) and `limit` (default 10) must be
 * numbers (422; a blank value is 0, as the service's `Number(value)` reads it); a `limit` over
 * 1000 answers 400 `Limit can not be larger then 1000`; `page` below 0, `limit` below 1 or a
 * fraction answer 422 (the engine's rule where the service's database would fail). `channel` is not checked: an unknown one matches nothing.
 */
export function parseMessageSearch(params: URLSearchParams): MessageSearch {
  const messages: string[] = [];
  const number = (name: string, fallback: number, min: number): number => {
    const reading = queryDtoNumber(params, name);
    if (reading.kind === 'absent') return fallback;
    if (reading.kind === 'not-a-number') {
      messages.push(`${name} must be a number conforming to the specified constraints`);
      return fallback;
    }
    if (!Number.isInteger(reading.value)) messages.push(`${name} must be an integer number`);
    else if (reading.value < min) messages.push(`${name} must not be less than ${min}`);
    return reading.value;
  };
  const page = number('page', 0, 0);
  const limit = number('limit', DEFAULT_LIMIT, 1);
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  if (limit > MESSAGE_LIST_LIMIT) {
    throw ServiceError.http(400, `Limit can not be larger then ${MESSAGE_LIST_LIMIT}`);
  }
  const channel = queryString(params, 'channel');
  const subscriberId = queryString(params, 'subscriberId');
  const transactionIds = queryList(params, 'transactionId');
  const contextKeys = queryContextKeys(params);
  return {
    page,
    limit,
    ...(channel === undefined || channel === '' ? {} : { channel }),
    ...(subscriberId === undefined || subscriberId === '' ? {} : { subscriberId }),
    ...(transactionIds === undefined ? {} : { transactionIds }),
    ...(contextKeys === undefined ? {} : { contextKeys }),
  };
}

/** Reads the `channel` of a delete by transaction: absent, or one of the channels (422). */
export function parseDeleteChannel(params: URLSearchParams): string | undefined {
  const channel = queryString(params, 'channel');
  if (channel === undefined) return undefined;
  if (!(CHANNEL_TYPES as readonly string[]).includes(channel)) {
    throw ServiceError.dtoValidation([
      `channel must be one of the following values: ${CHANNEL_TYPES.join(', ')}`,
    ]);
  }
  return channel;
}
