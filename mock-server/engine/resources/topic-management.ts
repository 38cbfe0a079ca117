import type { EngineScope } from '../scope';
/**
 * Topics of an environment: `POST /v2/topics` (an upsert), `GET /v2/topics`, `GET`, `PATCH` and
 * `DELETE /v2/topics/{topicKey}` (docs/behaviour/topics.md).
 *
 * @module
 */

import * as z from 'zod/mini';
import { TOPIC_KEY_MAX_LENGTH, type Topic } from '../../../src/schemas/topic';
import { isObjectId } from '../store/ids';
import type { EnvironmentData, TopicRecord } from '../store/state';
import { tables } from '../store/tables';
import {
  arrayView,
  type CursorOptions,
  type CursorPage,
  compareValues,
  cursorPage,
  emptyCursorPage,
} from '../wire/cursor-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { isValidIdentifier } from './subscriber-lifecycle';
import { topicDataProblems } from './topic-data';

/**
 * A topic in the wire shape (`name` absent when it has none): the client's `Topic`, its schema's
 * type, so the two cannot drift.
 *
 * @example
 * ```ts
 * const topic: TopicDto = engine.operations['topics.retrieve'](engine.scope('Development'), {
 *   params: { topicKey: 'news' },
 * });
 * ```
 */
export type TopicDto = Topic;

/** The wire shape of a stored topic. */
export function toTopicDto(topic: TopicRecord): TopicDto {
  return {
    _id: topic._id,
    key: topic.key,
    ...(topic.name === undefined ? {} : { name: topic.name }),
    ...(topic.data === undefined ? {} : { data: structuredClone(topic.data) }),
    createdAt: topic.createdAt,
    updatedAt: topic.updatedAt,
  };
}

/** Whether a topic key has the form the service accepts for a new topic. */
export function isValidTopicKey(key: string): boolean {
  return isValidIdentifier(key);
}

/**
 * Creates a topic with a valid key, or answers the existing one (no update): what a
 * subscriptions create does with its topic.
 */
export function ensureTopic(
  scope: EngineScope,
  key: string,
  name?: string,
): { topic: TopicRecord; created: boolean } {
  const { data } = scope;
  const { ids } = scope;
  const now = scope.iso();
  const existing = tables.topics.get(data, key);
  if (existing) return { topic: existing, created: false };
  if (!isValidTopicKey(key)) {
    throw ServiceError.http(
      400,
      `Invalid topic key: "${key}". Topic keys must contain only alphanumeric characters (a-z, A-Z, 0-9), hyphens (-), underscores (_), colons (:), or be a valid email address.`,
    );
  }
  const topic: TopicRecord = {
    _id: ids.objectId(),
    key,
    ...(name === undefined ? {} : { name }),
    createdAt: now,
    updatedAt: now,
  };
  tables.topics.set(data, key, topic);
  return { topic, created: true };
}

const UpsertShape = z.object({
  key: z.string(),
  name: z.optional(z.string()),
  data: z.optional(z.unknown()),
});

/** Stores `data` on the topic: an object is kept (a copy), `null` clears it. */
function setData(topic: TopicRecord, data: unknown): void {
  if (data === null) delete topic.data;
  else topic.data = structuredClone(data as Record<string, unknown>);
}

/**
 * `POST /v2/topics` (docs/behaviour/topics.md#create): creates the topic (key checked), or sets
 * the given name on the existing one; `failIfExists` answers 409 for an existing key.
 */
export function upsertTopic(
  scope: EngineScope,
  body: unknown,
  options: { failIfExists: boolean },
): { topic: TopicDto; created: boolean } {
  const { data } = scope;
  const now = scope.iso();
  const input = validateBody(UpsertShape, body);
  const messages: string[] = [];
  if (input.key === '') messages.push('key should not be empty');
  if (input.key.length > TOPIC_KEY_MAX_LENGTH) {
    messages.push(`key must be shorter than or equal to ${TOPIC_KEY_MAX_LENGTH} characters`);
  }
  if (input.name !== undefined && input.name.length > 100) {
    messages.push('name must be shorter than or equal to 100 characters');
  }
  messages.push(...topicDataProblems(input.data));
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  const existing = tables.topics.get(data, input.key);
  if (existing && options.failIfExists) {
    throw ServiceError.http(409, `Topic with key "${input.key}" already exists`);
  }
  if (existing) {
    const name = input.name;
    const renamed = name !== undefined && name !== existing.name;
    if (renamed || input.data !== undefined) {
      tables.topics.update(data, existing, () => {
        if (name !== undefined) existing.name = name;
        if (input.data !== undefined) setData(existing, input.data);
        existing.updatedAt = now;
      });
    }
    return { topic: toTopicDto(existing), created: false };
  }
  const { topic } = ensureTopic(scope, input.key, input.name);
  if (input.data != null) tables.topics.update(data, topic, () => setData(topic, input.data));
  return { topic: toTopicDto(topic), created: true };
}

function topicOrThrow(data: EnvironmentData, key: string): TopicRecord {
  const topic = tables.topics.get(data, key);
  if (!topic) throw ServiceError.http(404, `Topic with key ${key} not found`);
  return topic;
}

/** `GET /v2/topics/{topicKey}`. */
export function retrieveTopic(scope: EngineScope, key: string): TopicDto {
  const { data } = scope;
  return toTopicDto(topicOrThrow(data, key));
}

const UpdateShape = z.object({ name: z.optional(z.string()), data: z.optional(z.unknown()) });

/**
 * `PATCH /v2/topics/{topicKey}` (docs/behaviour/topics.md#retrieve-update-delete): sets the
 * name and/or the custom `data` (`null` clears it).
 */
export function updateTopic(scope: EngineScope, key: string, body: unknown): TopicDto {
  const { data } = scope;
  const now = scope.iso();
  const input = validateBody(UpdateShape, body);
  const messages: string[] = [];
  if (input.name !== undefined && input.name.length > 100) {
    messages.push('name must be shorter than or equal to 100 characters');
  }
  messages.push(...topicDataProblems(input.data));
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  const topic = topicOrThrow(data, key);
  tables.topics.update(data, topic, () => {
    if (input.name !== undefined) topic.name = input.name;
    if (input.data !== undefined) setData(topic, input.data);
    topic.updatedAt = now;
  });
  return toTopicDto(topic);
}

/** `DELETE /v2/topics/{topicKey}`: removes the topic and every subscription to it. */
export function deleteTopic(scope: EngineScope, key: string): { acknowledged: true } {
  const { data } = scope;
  const topic = topicOrThrow(data, key);
  tables.topics.delete(data, key);
  tables.subscriptions.removeWhere(data, (subscription) => subscription._topicId === topic._id);
  return { acknowledged: true };
}

/**
 * Filters and order of a topics listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: TopicSearch = { limit: 10, includeCursor: false, orderBy: '_id', orderDirection: 'DESC' };
 * ```
 */
export interface TopicSearch extends CursorOptions {
  orderBy: string;
  orderDirection: 'ASC' | 'DESC';
  key?: string | undefined;
  name?: string | undefined;
}

/**
 * `GET /v2/topics` (docs/behaviour/topics.md#list): `key` and `name` match as case-insensitive
 * substrings; sorted by `orderBy` (default `_id`) then `_id`; cursors as the subscriber search's.
 */
export function listTopics(scope: EngineScope, search: TopicSearch): CursorPage<TopicDto> {
  const { data } = scope;
  if (search.after !== undefined && search.before !== undefined) {
    throw ServiceError.http(
      400,
      'Cannot specify both "before" and "after" cursors at the same time.',
    );
  }
  const all = [...tables.topics.values(data)];
  const cursor = search.after ?? search.before;
  let cursorTopic: TopicRecord | undefined;
  if (cursor !== undefined) {
    const id = cursor.toLowerCase();
    cursorTopic = isObjectId(cursor) ? all.find((topic) => topic._id === id) : undefined;
    if (!cursorTopic) return emptyCursorPage();
  }
  const contains = (value: string | undefined, needle: string | undefined) =>
    needle === undefined || (value ?? '').toLowerCase().includes(needle.toLowerCase());
  const field = search.orderBy;
  const byId = (a: TopicRecord, b: TopicRecord) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  const ascending = (a: TopicRecord, b: TopicRecord) =>
    field === '_id'
      ? byId(a, b)
      : compareValues(
          (a as unknown as Record<string, unknown>)[field],
          (b as unknown as Record<string, unknown>)[field],
        ) || byId(a, b);
  const sign = search.orderDirection === 'DESC' ? -1 : 1;
  const matching = all
    .filter((topic) => contains(topic.key, search.key) && contains(topic.name, search.name))
    .sort(ascending);
  const view = arrayView(matching, search.orderDirection);
  const page = cursorPage(
    view,
    search,
    (topic) => topic._id,
    (a, b) => sign * ascending(a, b),
    cursorTopic,
  );
  return { ...page, data: page.data.map(toTopicDto) };
}
