/**
 * What the channel connections and endpoints share: their per-environment cap, size limits, the
 * context a body names (found or created as the service does), the exact context-key match, and
 * the cursor listing (docs/behaviour/channels.md).
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type { ContextRecord } from '../store/state';
import { tables } from '../store/tables';
import { contextKeysOf } from '../wire/context-keys';
import type { CursorOptions, CursorPage } from '../wire/cursor-page';
import { recordPage } from '../wire/record-page';
import { ServiceError } from '../wire/service-error';

/** The most connections, and the most endpoints, one environment keeps. */
export const MAX_CHANNEL_RECORDS = 10_000;

/** The longest identifier (and other text field) of a connection or endpoint. */
export const MAX_CHANNEL_TEXT_LENGTH = 512;

/** The largest `workspace`, `auth` or `endpoint` object, as UTF-8 JSON. */
export const MAX_CHANNEL_OBJECT_BYTES = 16 * 1024;

/**
 * Filters and order of a connections or endpoints listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: ChannelSearch = { limit: 10, includeCursor: false, orderBy: 'createdAt', orderDirection: 'DESC', filters: { subscriberId: 'ada' } };
 * ```
 */
export interface ChannelSearch extends CursorOptions {
  orderBy: string;
  orderDirection: 'ASC' | 'DESC';
  /** Exact matches on the record's fields. */
  filters: Record<string, string | undefined>;
  /** Exactly these context keys in any order; `[]` is "without context". */
  contextKeys?: string[] | undefined;
}

interface ChannelRow {
  _id: string;
  contextKeys: string[];
}

/** Refuses one more record past {@link MAX_CHANNEL_RECORDS}. */
export function assertRoomFor(count: number, what: 'channel connections' | 'channel endpoints') {
  if (count >= MAX_CHANNEL_RECORDS) {
    throw ServiceError.http(
      400,
      `An environment keeps at most ${MAX_CHANNEL_RECORDS} ${what}; delete some first`,
    );
  }
}

/** The service's validation words for text fields and objects past the engine's limits. */
export function sizeProblems(
  texts: Record<string, string | undefined>,
  objects: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  for (const [field, value] of Object.entries(texts)) {
    if (value !== undefined && value.length > MAX_CHANNEL_TEXT_LENGTH) {
      problems.push(
        `${field} must be shorter than or equal to ${MAX_CHANNEL_TEXT_LENGTH} characters`,
      );
    }
  }
  for (const [field, value] of Object.entries(objects)) {
    if (value === undefined) continue;
    const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
    if (bytes > MAX_CHANNEL_OBJECT_BYTES) {
      problems.push(`${field} must be at most ${MAX_CHANNEL_OBJECT_BYTES / 1024}KB as JSON`);
    }
  }
  return problems;
}

/**
 * The keys of a body's context, creating each context the environment lacks (with the entry's
 * `data`), as the service's `findOrCreateContextsFromPayload` does.
 */
export function resolveContexts(scope: EngineScope, context: unknown): string[] {
  const keys = contextKeysOf(context);
  if (keys.length === 0) return keys;
  const entries = Object.entries(context as Record<string, unknown>);
  entries.forEach(([type, value], index) => {
    const key = keys[index] as string;
    if (tables.contexts.has(scope.data, key)) return;
    const rich =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const data = rich['data'];
    const now = scope.iso();
    const record: ContextRecord = {
      _id: scope.ids.objectId(),
      type,
      id: key.slice(type.length + 1),
      data:
        typeof data === 'object' && data !== null && !Array.isArray(data)
          ? structuredClone(data as Record<string, unknown>)
          : {},
      createdAt: now,
      updatedAt: now,
    };
    tables.contexts.set(scope.data, key, record);
  });
  return keys;
}

/** Whether two context-key lists hold the same keys, in any order. */
export function sameContextKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((key, index) => key === sorted[index]);
}

/**
 * One cursor page of `rows`: newest first unless `orderDirection=ASC`, by `orderBy` (default
 * `createdAt`) then `_id`; a cursor is a record's `_id`, an unknown one gives an empty page.
 */
export function listChannelRows<T extends ChannelRow>(
  rows: Iterable<T>,
  search: ChannelSearch,
): CursorPage<T> {
  return recordPage(
    () => rows,
    search,
    (row) =>
      Object.entries(search.filters).every(
        ([name, value]) =>
          value === undefined || (row as unknown as Record<string, unknown>)[name] === value,
      ) &&
      (search.contextKeys === undefined || sameContextKeys(row.contextKeys, search.contextKeys)),
  );
}
