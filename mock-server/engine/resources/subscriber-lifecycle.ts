/**
 * Creating and deleting subscribers: `POST /v2/subscribers` (an upsert unless `failIfExists`),
 * `POST /v1/subscribers/bulk` and `DELETE /v2/subscribers/{subscriberId}` with its cascade
 * (docs/behaviour/subscribers.md#create, #bulk-create, #delete).
 *
 * @module
 */

import { BulkCreateSubscribersBody, CreateSubscriberBody } from '../../../src/schemas/subscriber';
import type { EngineScope } from '../scope';
import { withoutUndefined } from '../store/objects';
import { EMPTY_LIST } from '../store/shared';
import type { SubscriberRecord } from '../store/state';
import { PROFILE_FIELDS } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import {
  findSubscriber,
  isEmail,
  isLocale,
  isTimeZone,
  putSubscriber,
  type SubscriberDto,
  toSubscriberDto,
} from './subscribers';

/**
 * A subscriber id the service accepts, on create and as a trigger recipient alike (its shared
 * `VALID_ID_REGEX`): letters, digits, `_`, `-`, `:`, `.`, or an email address read loosely
 * (`\S+@\S+\.\S+`, so `a@b@c.d` passes).
 */
export function isValidIdentifier(value: string): boolean {
  return /^[a-zA-Z0-9_:.-]+$/.test(value) || /^\S+@\S+\.\S+$/.test(value);
}

type CreateInput = ReturnType<typeof CreateSubscriberBody.parse>;

function profileProblems(input: CreateInput, prefix: string): string[] {
  const messages: string[] = [];
  if (typeof input.email === 'string' && !isEmail(input.email)) {
    messages.push(`${prefix}email must be an email`);
  }
  if (typeof input.locale === 'string' && !isLocale(input.locale)) {
    messages.push(`${prefix}locale must be locale`);
  }
  if (typeof input.timezone === 'string' && !isTimeZone(input.timezone)) {
    messages.push(`${prefix}timezone must be a valid IANA time-zone`);
  }
  return messages;
}

/** What a subscriber that a seed replaces keeps of the one it replaces. */
export type KeptSubscriberFields = Pick<
  SubscriberRecord,
  '_id' | 'channels' | 'topics' | 'createdAt'
>;

/**
 * A new subscriber of the scope's environment, created now, with no channels or topics and the
 * given profile: what create, bulk create, a trigger's unknown recipient, a channel endpoint and
 * a seed start from (a seed replacing a subscriber passes what it keeps). One literal with one
 * time string: a seed of 100k subscribers builds each record once (a spread of a spread made
 * every record about twice its size).
 *
 * @example
 * ```ts
 * putSubscriber(scope.data, newSubscriberRecord(scope, 'ada', undefined, { email: 'ada@example.com' }));
 * ```
 */
export function newSubscriberRecord(
  scope: EngineScope,
  subscriberId: string,
  kept?: KeptSubscriberFields,
  profile?: Partial<SubscriberRecord>,
): SubscriberRecord {
  const at = scope.iso();
  return {
    _id: kept?._id ?? scope.ids.objectId(),
    _organizationId: scope.environment._organizationId,
    _environmentId: scope.environment._id,
    subscriberId,
    channels: kept?.channels ?? EMPTY_LIST,
    topics: kept?.topics ?? EMPTY_LIST,
    deleted: false,
    ...profile,
    createdAt: profile?.createdAt ?? kept?.createdAt ?? at,
    updatedAt: at,
    __v: 0,
  };
}

/**
 * `POST /v2/subscribers` (docs/behaviour/subscribers.md#create): creates the subscriber, or
 * updates the existing one with the given non-empty fields (`data` is set to the given object, or
 * `{}`); with `failIfExists` an existing one answers 409.
 */
export function createSubscriber(
  scope: EngineScope,
  body: unknown,
  options: { failIfExists: boolean },
): SubscriberDto {
  const raw = validateBody(CreateSubscriberBody, body);
  const subscriberId = raw.subscriberId.trim();
  const messages: string[] = [];
  if (subscriberId === '') messages.push('SubscriberId is required');
  else if (!isValidIdentifier(subscriberId)) {
    messages.push(
      'SubscriberId must be a valid email address or a string of alphanumeric characters, hyphens, and underscores',
    );
  }
  messages.push(...profileProblems(raw, ''));
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  const { data } = scope;
  const at = scope.iso();
  const existing = findSubscriber(data, subscriberId);
  if (existing && options.failIfExists) {
    throw ServiceError.http(409, `Subscriber with id "${subscriberId}" already exists`);
  }
  // The controller passes each profile field as `value || undefined`, and `data || {}`.
  const changes: Partial<SubscriberRecord> = {};
  for (const field of PROFILE_FIELDS) {
    const value = raw[field];
    if (value) changes[field] = value;
  }
  changes.data = structuredClone(raw.data ?? {});
  if (existing) {
    const differs = Object.entries(changes).some(
      ([field, value]) =>
        JSON.stringify(value) !== JSON.stringify(existing[field as keyof SubscriberRecord]),
    );
    if (differs) {
      tables.subscribers.update(data, existing, () => {
        Object.assign(existing, changes, { updatedAt: at });
      });
    }
    return toSubscriberDto(existing);
  }
  const record: SubscriberRecord = { ...newSubscriberRecord(scope, subscriberId), ...changes };
  putSubscriber(data, record);
  return toSubscriberDto(record);
}

/**
 * The answer of `POST /v1/subscribers/bulk`.
 *
 * @example
 * ```ts
 * const result: BulkCreateResult = engine.operations['subscribers.createBulk'](engine.scope('Development'), {
 *   body: { subscribers: [{ subscriberId: 'u1' }] },
 * });
 * ```
 */
export interface BulkCreateResult {
  updated: { subscriberId: string }[];
  created: { subscriberId: string }[];
  failed: { message: string; subscriberId?: string }[];
}

/**
 * `POST /v1/subscribers/bulk` (docs/behaviour/subscribers.md#bulk-create): 1-500 subscribers,
 * each upserted in order with the fields it gives (`null` included); the answer says which were
 * created and which updated (a subscriberId given twice is created, then updated).
 */
export function bulkCreateSubscribers(scope: EngineScope, body: unknown): BulkCreateResult {
  const input = validateBody(BulkCreateSubscribersBody, body);
  const messages: string[] = [];
  input.subscribers.forEach((item, index) => {
    if (item.subscriberId === '') messages.push(`subscribers.${index}.SubscriberId is required`);
    messages.push(...profileProblems(item, `subscribers.${index}.`));
  });
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  const result: BulkCreateResult = { updated: [], created: [], failed: [] };
  const { data } = scope;
  const at = scope.iso();
  for (const item of input.subscribers) {
    const { subscriberId, ...fields } = withoutUndefined(item);
    const existing = findSubscriber(data, subscriberId);
    if (existing) {
      tables.subscribers.update(data, existing, () => {
        Object.assign(existing, structuredClone(fields), { updatedAt: at });
      });
      result.updated.push({ subscriberId });
    } else {
      putSubscriber(data, {
        ...newSubscriberRecord(scope, subscriberId),
        ...structuredClone(fields),
      });
      result.created.push({ subscriberId });
    }
  }
  return result;
}

/**
 * `DELETE /v2/subscribers/{subscriberId}` (docs/behaviour/subscribers.md#delete): removes the
 * subscriber with its topic subscriptions, preferences and messages; its notifications stay.
 */
export function deleteSubscriber(
  scope: EngineScope,
  subscriberId: string,
): { acknowledged: true; status: 'deleted' } {
  const { data } = scope;
  const record = findSubscriber(data, subscriberId);
  if (!record) {
    throw ServiceError.http(404, 'Subscriber was not found', {
      externalSubscriberId: subscriberId,
    });
  }
  const objectId = record._id;
  tables.subscribers.remove(data, record);
  tables.subscriptions.removeWhere(data, (subscription) => subscription._subscriberId === objectId);
  for (const [key, preference] of tables.preferences.entries(data)) {
    if (preference._subscriberId === objectId) tables.preferences.delete(data, key);
  }
  tables.messages.removeWhere(scope.state, data, (message) => message._subscriberId === objectId);
  return { acknowledged: true, status: 'deleted' };
}
