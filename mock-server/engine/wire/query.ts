/**
 * Query-string reading with the service's quirks: a repeated scalar key takes its first value,
 * `limit=0` or a non-numeric limit falls back to the default where the service does so, and
 * list parameters accept `key=a&key=b`, `key[]=a` and a single value.
 *
 * @module
 */

import type { SubscriberSearch } from '../resources/subscribers';
import type { SubscriptionSearch } from '../resources/subscriptions';
import type { WorkflowOrderBy, WorkflowSearch } from '../resources/workflows';
import { ServiceError } from './service-error';

/** The first value of a query parameter, or `undefined` when absent. */
export function queryString(params: URLSearchParams, name: string): string | undefined {
  return params.get(name) ?? undefined;
}

/** Every value of a list parameter (`name=a&name=b` or `name[]=a`), or `undefined` when absent. */
export function queryList(params: URLSearchParams, name: string): string[] | undefined {
  const values = [...params.getAll(name), ...params.getAll(`${name}[]`)];
  return values.length === 0 ? undefined : values;
}

/** A boolean parameter the way the service reads it: only the literal `true` is true. */
export function queryFlag(params: URLSearchParams, name: string): boolean {
  return params.get(name) === 'true';
}

/** How a numeric parameter was read. */
export type NumberReading =
  | { kind: 'absent' }
  | { kind: 'not-a-number'; raw: string }
  | { kind: 'number'; value: number; raw: string };

/** Reads a numeric parameter without deciding what a bad value means (each endpoint does). */
export function queryNumber(params: URLSearchParams, name: string): NumberReading {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return { kind: 'absent' };
  const value = Number(raw);
  return Number.isFinite(value) ? { kind: 'number', value, raw } : { kind: 'not-a-number', raw };
}

/**
 * Reads a numeric parameter as a DTO with `@Type(() => Number)` or `Number(value)` does: a blank
 * value (`limit=`) is `Number('')`, 0, not an absent one.
 */
export function queryDtoNumber(params: URLSearchParams, name: string): NumberReading {
  const raw = params.get(name);
  if (raw !== null && raw.trim() === '') return { kind: 'number', value: 0, raw };
  return queryNumber(params, name);
}

/**
 * The `contextKeys` filter as the service's DTOs read it: absent is no filter, each value is one
 * `type:id` key (commas are not separators), empty values drop, so `contextKeys=` alone is `[]`
 * ("without context").
 */
export function queryContextKeys(params: URLSearchParams): string[] | undefined {
  return queryList(params, 'contextKeys')?.filter((value) => value !== '');
}

const MAX_CURSOR_LIMIT = 100;

/**
 * The query of `GET /v2/subscribers` (docs/behaviour/subscribers.md#search): `limit` 0, missing or non-numeric → 10, else 1-100
 * (422 command validation); `orderBy` default `_id`; only exactly `DESC` (the default) is
 * descending.
 */
export function parseSubscriberSearch(params: URLSearchParams): SubscriberSearch {
  const reading = queryNumber(params, 'limit');
  let limit = 10;
  if (reading.kind === 'number' && reading.value !== 0) {
    const problems: string[] = [];
    if (!Number.isInteger(reading.value)) problems.push('limit must be an integer number');
    if (reading.value < 1) problems.push('limit must not be less than 1');
    if (reading.value > MAX_CURSOR_LIMIT)
      problems.push(`limit must not be greater than ${MAX_CURSOR_LIMIT}`);
    if (problems.length > 0) {
      throw ServiceError.commandValidation('ListSubscribersCommand', {
        limit: { messages: problems, value: reading.value },
      });
    }
    limit = reading.value;
  }
  const direction = queryString(params, 'orderDirection');
  return {
    limit,
    after: queryString(params, 'after'),
    before: queryString(params, 'before'),
    includeCursor: queryFlag(params, 'includeCursor'),
    orderBy: queryString(params, 'orderBy') || '_id',
    orderDirection: direction === undefined || direction === 'DESC' ? 'DESC' : 'ASC',
    email: queryString(params, 'email'),
    phone: queryString(params, 'phone'),
    name: queryString(params, 'name'),
    subscriberId: queryString(params, 'subscriberId'),
  };
}

/**
 * The query of `GET /v2/subscribers/{id}/subscriptions` (docs/behaviour/subscribers.md#subscriptions): `limit` 0 or missing → 10; above
 * 100 or non-numeric → 422 (validation pipe); `orderDirection=ASC` ascending, anything else
 * descending; `contextKeys=` (empty) means "no context".
 */
export function parseSubscriptionSearch(params: URLSearchParams): SubscriptionSearch {
  const reading = queryNumber(params, 'limit');
  let limit = 10;
  if (reading.kind === 'not-a-number') {
    throw ServiceError.dtoValidation([
      'limit must be a number conforming to the specified constraints',
    ]);
  }
  if (reading.kind === 'number' && reading.value !== 0) {
    if (reading.value > MAX_CURSOR_LIMIT) {
      throw ServiceError.dtoValidation([`limit must not be greater than ${MAX_CURSOR_LIMIT}`]);
    }
    if (reading.value < 1) throw ServiceError.dtoValidation(['limit must not be less than 1']);
    if (!Number.isInteger(reading.value)) {
      throw ServiceError.dtoValidation(['limit must be an integer number']);
    }
    limit = reading.value;
  }
  return {
    limit,
    after: queryString(params, 'after'),
    before: queryString(params, 'before'),
    includeCursor: queryFlag(params, 'includeCursor'),
    orderDirection: queryString(params, 'orderDirection') === 'ASC' ? 'ASC' : 'DESC',
    key: queryString(params, 'key'),
    contextKeys: queryContextKeys(params),
  };
}

const WORKFLOW_ORDER_BY: readonly WorkflowOrderBy[] = [
  'createdAt',
  'updatedAt',
  'name',
  'lastTriggeredAt',
];
const WORKFLOW_STATUSES = ['ACTIVE', 'INACTIVE', 'ERROR'];

/**
 * The query of `GET /v2/workflows` (docs/behaviour/workflows.md#list): `limit` default 50
 * (non-numeric → 50; 0, negative, fractional or over 100 → 422), `offset` integer ≥ 0, closed `orderBy`/`orderDirection`/`status`.
 */
export function parseWorkflowSearch(params: URLSearchParams): WorkflowSearch {
  const problems: string[] = [];
  const limitReading = queryNumber(params, 'limit');
  let limit = 50;
  if (limitReading.kind === 'number') {
    if (!Number.isInteger(limitReading.value)) problems.push('limit must be an integer number');
    else if (limitReading.value < 1) problems.push('limit must not be less than 1');
    else if (limitReading.value > 100) problems.push('limit must not be greater than 100');
    else limit = limitReading.value;
  }
  const offsetReading = queryNumber(params, 'offset');
  let offset = 0;
  if (offsetReading.kind === 'not-a-number') {
    problems.push('offset must be an integer number');
  } else if (offsetReading.kind === 'number') {
    if (!Number.isInteger(offsetReading.value)) problems.push('offset must be an integer number');
    else if (offsetReading.value < 0) problems.push('offset must not be less than 0');
    else offset = offsetReading.value;
  }
  const orderBy = queryString(params, 'orderBy') ?? 'createdAt';
  if (!(WORKFLOW_ORDER_BY as readonly string[]).includes(orderBy)) {
    problems.push(`orderBy must be one of the following values: ${WORKFLOW_ORDER_BY.join(', ')}`);
  }
  const orderDirection = queryString(params, 'orderDirection') ?? 'DESC';
  if (orderDirection !== 'ASC' && orderDirection !== 'DESC') {
    problems.push('orderDirection must be one of the following values: ASC, DESC');
  }
  const status = queryList(params, 'status');
  if (status?.some((value) => !WORKFLOW_STATUSES.includes(value))) {
    problems.push(
      `each value in status must be one of the following values: ${WORKFLOW_STATUSES.join(', ')}`,
    );
  }
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  return {
    limit,
    offset,
    orderBy: orderBy as WorkflowOrderBy,
    orderDirection: orderDirection as 'ASC' | 'DESC',
    query: queryString(params, 'query'),
    tags: queryList(params, 'tags'),
    status,
  };
}
