import type { EngineScope } from '../scope';
/**
 * Subscribers of an environment: the `subscriberId` map, the sorted `_id` index, and the
 * retrieve / update / search / credentials rules (docs/behaviour/subscribers.md).
 *
 * @module
 */

import { CredentialsUpsertBody, SubscriberUpdateBody } from '../../../src/schemas/subscriber';
import { isObjectId } from '../store/ids';
import type { EnvironmentData, StoredChannel, SubscriberRecord } from '../store/state';
import { PROFILE_FIELDS } from '../store/state';
import { rememberedMatches } from '../store/subscriber-match-cache';
import { fullName, type TextFilter, textCandidates } from '../store/subscriber-text-index';
import { tables } from '../store/tables';
import {
  arrayView,
  type CursorOptions,
  type CursorPage,
  compareValues,
  cursorPage,
  emptyCursorPage,
  type SortedView,
} from '../wire/cursor-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { newestActiveIntegration } from './integrations';

/**
 * The v2 subscriber DTO: the stored entity with `lastOnlineAt`/`isOnline` null when unset.
 *
 * @example
 * ```ts
 * const subscriber: SubscriberDto = engine.operations['subscribers.retrieve'](engine.scope('Development'), {
 *   params: { subscriberId: 'user-1' },
 * });
 * ```
 */
export type SubscriberDto = Omit<SubscriberRecord, '__v' | 'isOnline' | 'lastOnlineAt'> & {
  isOnline: boolean | null;
  lastOnlineAt: string | null;
};

/** Most device tokens one subscriber channel may hold. */
export const DEVICE_TOKEN_LIMIT = 100;

/** Maps a stored subscriber to the v2 response shape (docs/behaviour/subscribers.md#update). */
export function toSubscriberDto(record: SubscriberRecord): SubscriberDto {
  const { __v: _version, isOnline, lastOnlineAt, ...rest } = record;
  return {
    ...structuredClone(rest),
    isOnline: isOnline ?? null,
    lastOnlineAt: lastOnlineAt ?? null,
  };
}

/** Stores a subscriber and keeps the `_id` index sorted (ids are monotonic, so this appends). */
export function putSubscriber(data: EnvironmentData, record: SubscriberRecord): void {
  tables.subscribers.put(data, record);
}

/** A live subscriber by `subscriberId`, or `undefined`. */
export function findSubscriber(
  data: EnvironmentData,
  subscriberId: string,
): SubscriberRecord | undefined {
  const record = tables.subscribers.get(data, subscriberId);
  return record && !record.deleted ? record : undefined;
}

/** A live subscriber by internal `_id`, or `undefined`. */
export function subscriberByObjectId(
  data: EnvironmentData,
  objectId: string,
): SubscriberRecord | undefined {
  const key = tables.subscribers.subscriberIdOf(data, objectId);
  return key === undefined ? undefined : findSubscriber(data, key);
}

/**
 * `GET /v2/subscribers/{subscriberId}`: exact `subscriberId` in the environment (docs/behaviour/subscribers.md#retrieve).
 */
export function retrieveSubscriber(scope: EngineScope, subscriberId: string): SubscriberDto {
  const { data } = scope;
  const record = findSubscriber(data, subscriberId);
  if (!record) throw ServiceError.http(404, `Subscriber: ${subscriberId} was not found`);
  return toSubscriberDto(record);
}

const UPDATABLE_FIELDS = [...PROFILE_FIELDS, 'data'] as const;

/** Whether a text is an email address, as the service's `@IsEmail()` sees it (roughly). */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/**
 * A BCP 47 language tag as the service's `@IsLocale()` reads it (validator.js `isLocale`): `-` or
 * `_` between the parts, so `en_US` and `zh-Hant-TW` pass.
 */
const LOCALE_PATTERN = (() => {
  const extlang = '([A-Za-z]{3}(-[A-Za-z]{3}){0,2})';
  const language = `(([a-zA-Z]{2,3}(-${extlang})?)|([a-zA-Z]{5,8}))`;
  const script = '([A-Za-z]{4})';
  const region = '(([A-Za-z]{2})|(\\d{3}))';
  const variant = '(([A-Za-z0-9]{5,8})|(\\d[A-Z-a-z0-9]{3}))';
  const singleton = '(\\d|[A-W]|[Y-Z]|[a-w]|[y-z])';
  const extension = `(${singleton}(-[A-Za-z0-9]{2,8})+)`;
  const privateuse = '(x(-[A-Za-z0-9]{1,8})+)';
  const irregular =
    '((en-GB-oed)|(i-ami)|(i-bnn)|(i-default)|(i-enochian)|(i-hak)|(i-klingon)|(i-lux)|' +
    '(i-mingo)|(i-navajo)|(i-pwn)|(i-tao)|(i-tay)|(i-tsu)|(sgn-BE-FR)|(sgn-BE-NL)|(sgn-CH-DE))';
  const regular =
    '((art-lojban)|(cel-gaulish)|(no-bok)|(no-nyn)|(zh-guoyu)|(zh-hakka)|(zh-min)|' +
    '(zh-min-nan)|(zh-xiang))';
  const delimiter = '(-|_)';
  const langtag =
    `${language}(${delimiter}${script})?(${delimiter}${region})?(${delimiter}${variant})*` +
    `(${delimiter}${extension})*(${delimiter}${privateuse})?`;
  return new RegExp(`(^${privateuse}$)|(^(${irregular}|${regular})$)|(^${langtag}$)`);
})();

/**
 * Whether a text is a locale (`@IsLocale()`): a language tag with `-` or `_` between its parts.
 *
 * @example
 * ```ts
 * isLocale('en_US'); // true
 * isLocale('english please'); // false
 * ```
 */
export function isLocale(value: string): boolean {
  return LOCALE_PATTERN.test(value);
}

/** Whether a text is an IANA time zone (`@IsTimeZone()`). */
export function isTimeZone(value: string): boolean {
  if (value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * `PATCH /v2/subscribers/{subscriberId}` (docs/behaviour/subscribers.md#update): each given field is set as given (`null` clears,
 * `data` replaces the object); the response is `{...old, ...changes}` with the old `updatedAt`.
 */
export function updateSubscriber(
  scope: EngineScope,
  subscriberId: string,
  body: unknown,
): SubscriberDto {
  const { data } = scope;
  const at = scope.iso();
  const input = validateBody(SubscriberUpdateBody, stripUnknown(body));
  const messages: string[] = [];
  if (typeof input.email === 'string' && !isEmail(input.email))
    messages.push('email must be an email');
  if (typeof input.locale === 'string' && !isLocale(input.locale))
    messages.push('locale must be locale');
  if (typeof input.timezone === 'string' && !isTimeZone(input.timezone)) {
    messages.push('timezone must be a valid IANA time-zone');
  }
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  const record = findSubscriber(data, subscriberId);
  if (!record) throw ServiceError.http(404, `Subscriber ${subscriberId} was not found`);
  const changes: Partial<SubscriberRecord> = {};
  for (const field of UPDATABLE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (JSON.stringify(value) === JSON.stringify(record[field])) continue;
    (changes as Record<string, unknown>)[field] = value;
  }
  if (Object.keys(changes).length === 0) return toSubscriberDto(record);
  const response = toSubscriberDto({ ...record, ...structuredClone(changes) });
  tables.subscribers.update(data, record, () => {
    Object.assign(record, structuredClone(changes), { updatedAt: at });
  });
  return response;
}

/** Unknown body keys are ignored by the service's whitelist, not rejected. */
function stripUnknown(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).filter(([key]) => (UPDATABLE_FIELDS as readonly string[]).includes(key)),
  );
}

/**
 * Filters and order of a subscriber search (already defaulted).
 *
 * @example
 * ```ts
 * const search: SubscriberSearch = {
 *   limit: 10,
 *   includeCursor: false,
 *   orderBy: 'createdAt',
 *   orderDirection: 'DESC',
 *   email: 'ada@',
 * };
 * ```
 */
export interface SubscriberSearch extends CursorOptions {
  orderBy: string;
  orderDirection: 'ASC' | 'DESC';
  email?: string | undefined;
  phone?: string | undefined;
  name?: string | undefined;
  subscriberId?: string | undefined;
}

function matches(record: SubscriberRecord, search: SubscriberSearch): boolean {
  if (record.deleted) return false;
  if (search.subscriberId !== undefined && record.subscriberId !== search.subscriberId)
    return false;
  if (search.email !== undefined && !(record.email ?? '').includes(search.email)) return false;
  if (search.phone !== undefined && !(record.phone ?? '').includes(search.phone)) return false;
  if (search.name !== undefined && !fullName(record).includes(search.name)) return false;
  return true;
}

/**
 * `GET /v2/subscribers` (docs/behaviour/subscribers.md#search, with the spec's case-sensitive matching). Unfiltered `_id` order reads
 * the sorted index directly; substring filters of 3+ characters verify the trigram index's
 * candidates instead of scanning; another sort key sorts the matches. A filter's matches are
 * remembered (and kept current by writes when sorted by `_id`), so paging stays cheap.
 */
export function searchSubscribers(
  scope: EngineScope,
  search: SubscriberSearch,
): CursorPage<SubscriberDto> {
  const { data } = scope;
  if (search.after !== undefined && search.before !== undefined) {
    throw ServiceError.http(
      400,
      'Cannot specify both "before" and "after" cursors at the same time.',
    );
  }
  const cursor = search.after ?? search.before;
  let cursorRecord: SubscriberRecord | undefined;
  if (cursor !== undefined) {
    cursorRecord = isObjectId(cursor)
      ? subscriberByObjectId(data, cursor.toLowerCase())
      : undefined;
    if (!cursorRecord) return emptyCursorPage();
  }
  const sign = search.orderDirection === 'DESC' ? -1 : 1;
  const field = search.orderBy;
  const byId = (a: SubscriberRecord, b: SubscriberRecord) =>
    a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
  const ascending =
    field === '_id'
      ? byId
      : (a: SubscriberRecord, b: SubscriberRecord) =>
          compareValues(sortValue(a, field), sortValue(b, field)) || byId(a, b);
  // DESC is the exact reverse of ASC: the `_id` tie-break reverses too.
  const compare = (a: SubscriberRecord, b: SubscriberRecord) => sign * ascending(a, b);
  const unfiltered =
    search.email === undefined &&
    search.phone === undefined &&
    search.name === undefined &&
    search.subscriberId === undefined;
  let view: SortedView<SubscriberRecord>;
  if (unfiltered && field === '_id') {
    const ids = arrayView(
      tables.subscribers.order(data),
      search.orderDirection === 'DESC' ? 'DESC' : 'ASC',
    );
    view = { length: ids.length, at: (index) => recordOf(data, ids.at(index)) };
  } else if (search.subscriberId !== undefined) {
    const only = findSubscriber(data, search.subscriberId);
    view = arrayView(only && matches(only, search) ? [only] : [], 'ASC');
  } else {
    const key = JSON.stringify([search.email, search.phone, search.name, field]);
    const remembered = {
      matches: (record: SubscriberRecord) => matches(record, search),
      idOrdered: field === '_id',
    };
    const found = rememberedMatches(data, key, remembered, () => {
      const candidates = textCandidates(data, textFilters(search));
      const verified: SubscriberRecord[] = [];
      for (const record of candidates?.records ?? tables.subscribers.values(data)) {
        if (matches(record, search)) verified.push(record);
      }
      // Index candidates come in ascending `_id` order: an `_id` sort keeps them as they are.
      return field === '_id' && candidates?.inIdOrder === true
        ? verified
        : verified.sort(ascending);
    });
    view = arrayView(found, search.orderDirection);
  }
  const page = cursorPage(view, search, (record) => record._id, compare, cursorRecord);
  return { ...page, data: page.data.map(toSubscriberDto) };
}

function textFilters(search: SubscriberSearch): TextFilter[] {
  const filters: TextFilter[] = [];
  if (search.email !== undefined) filters.push({ field: 'email', needle: search.email });
  if (search.phone !== undefined) filters.push({ field: 'phone', needle: search.phone });
  if (search.name !== undefined) filters.push({ field: 'name', needle: search.name });
  return filters;
}

function recordOf(data: EnvironmentData, objectId: string): SubscriberRecord {
  return tables.subscribers.get(
    data,
    tables.subscribers.subscriberIdOf(data, objectId) ?? '',
  ) as SubscriberRecord;
}

function sortValue(record: SubscriberRecord, field: string): unknown {
  return (record as unknown as Record<string, unknown>)[field];
}

/**
 * One provider's credentials for a subscriber, as the credentials rule takes them: the provider,
 * an optional integration identifier and the three kept fields.
 */
export interface ChannelCredentialsInput {
  providerId: string;
  integrationIdentifier?: string | undefined;
  credentials: StoredChannel['credentials'];
}

/**
 * Sets one provider's credentials on a subscriber, the rule of the credentials endpoint and of a
 * trigger's subscriber channels alike (the service runs its `UpdateSubscriberChannel` for both,
 * docs/behaviour/subscribers.md#credentials): the newest active integration of the provider (and
 * identifier, when given); the channel entry of (`providerId`, integration) created or merged, given
 * `deviceTokens` (once each) replacing the stored list; at most {@link DEVICE_TOKEN_LIMIT} tokens.
 * Answers the refusal instead of throwing it, so a trigger can stop its subscriber's run where the
 * endpoint answers the error; a refused call changes nothing.
 */
export function setChannelCredentials(
  scope: EngineScope,
  record: SubscriberRecord,
  input: ChannelCredentialsInput,
): ServiceError | undefined {
  const { data } = scope;
  const environmentId = scope.environment._id;
  const at = scope.iso();
  const integration = newestActiveIntegration(
    data,
    (candidate) => candidate.providerId === input.providerId,
    input.integrationIdentifier === undefined
      ? tables.integrations.values(data)
      : tables.integrations.withIdentifier(data, input.integrationIdentifier),
  );
  if (!integration) {
    return ServiceError.http(
      400,
      `Subscribers environment (${environmentId}) do not have active ${input.providerId} integration.`,
    );
  }
  const { deviceTokens, ...rest } = input.credentials;
  const credentials: StoredChannel['credentials'] = {
    ...rest,
    ...(deviceTokens === undefined ? {} : { deviceTokens: [...new Set(deviceTokens)] }),
  };
  const existing = record.channels.find(
    (channel) =>
      channel.providerId === input.providerId && channel._integrationId === integration._id,
  );
  const merged: StoredChannel['credentials'] = { ...existing?.credentials, ...credentials };
  const count = merged.deviceTokens?.length ?? 0;
  if (count > DEVICE_TOKEN_LIMIT) {
    return new ServiceError(
      400,
      `Device tokens limit exceeded. Maximum allowed tokens per subscriber channel is ${DEVICE_TOKEN_LIMIT}, but got ${count} tokens.`,
      {
        ctx: {
          error: 'Bad Request',
          statusCode: 400,
          currentCount: count,
          limit: DEVICE_TOKEN_LIMIT,
        },
      },
    );
  }
  tables.subscribers.update(data, record, () => {
    if (existing) {
      if (JSON.stringify(existing.credentials) !== JSON.stringify(merged)) {
        existing.credentials = merged;
        record.updatedAt = at;
      }
      if (input.integrationIdentifier !== undefined) {
        existing.integrationIdentifier = input.integrationIdentifier;
      }
    } else {
      // A new list, not a push: a subscriber without channels holds the shared `EMPTY_LIST`.
      record.channels = [
        ...record.channels,
        {
          providerId: input.providerId,
          _integrationId: integration._id,
          ...(input.integrationIdentifier === undefined
            ? {}
            : { integrationIdentifier: input.integrationIdentifier }),
          credentials: merged,
        },
      ];
      record.updatedAt = at;
    }
  });
  return undefined;
}

/**
 * `PATCH /v1/subscribers/{subscriberId}/credentials` (docs/behaviour/subscribers.md#credentials, with the spec's replace rule): the
 * channel entry of (`providerId`, integration) is created or merged; given `deviceTokens` replace
 * the stored list, an omitted list leaves it alone ({@link setChannelCredentials}). Answers the v1
 * entity.
 */
export function upsertCredentials(
  scope: EngineScope,
  subscriberId: string,
  body: unknown,
): SubscriberRecord {
  const { data } = scope;
  const input = validateBody(CredentialsUpsertBody, body, {
    providerId: 'providerId must be a valid provider ID',
  });
  const record = findSubscriber(data, subscriberId);
  if (!record) throw ServiceError.http(400, `SubscriberId: ${subscriberId} not found`);
  const { webhookUrl, channel, deviceTokens } = input.credentials;
  const refusal = setChannelCredentials(scope, record, {
    providerId: input.providerId,
    integrationIdentifier: input.integrationIdentifier,
    credentials: {
      ...(webhookUrl === undefined ? {} : { webhookUrl }),
      ...(channel === undefined ? {} : { channel }),
      ...(deviceTokens === undefined ? {} : { deviceTokens }),
    },
  });
  if (refusal) throw refusal;
  return structuredClone(record);
}
