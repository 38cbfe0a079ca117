/**
 * The Inbox's notification filters: read from the list's query, the count's `filters` JSON and
 * the bulk actions' bodies, and matched against stored in-app messages.
 *
 * @module
 */

import { SEVERITIES, type Severity } from '../../../src/schemas/workflow-common';
import { isObjectId } from '../store/ids';
import type { EnvironmentData, MessageRecord } from '../store/state';
import { checkJsonDepth } from '../wire/json-depth';
import { ServiceError } from '../wire/service-error';
import { isSnoozed, severityOf } from './notification-view';

/**
 * A filter over a subscriber's in-app notifications; absent fields do not filter (except that
 * snoozed notifications are left out unless `snoozed` is true).
 *
 * @example
 * ```ts
 * const unreadBilling: InboxFilter = { read: false, tags: [['billing']] };
 * ```
 */
// A type, not an interface: an answer's `filter` is a record on the wire (`Record<string, unknown>`).
export type InboxFilter = {
  /** Workflow tags: a list (any of them), or OR-groups that must all match; echoed as given. */
  tags?: string[] | string[][];
  read?: boolean;
  archived?: boolean;
  snoozed?: boolean;
  seen?: boolean;
  /** Conditions on the notification's `data` (scalar, list, `{ or }`, `{ and: [{ or }] }`, one level of nesting). */
  data?: Record<string, unknown>;
  severity?: Severity[];
  /** Created at or after, epoch milliseconds. */
  createdGte?: number;
  /** Created at or before, epoch milliseconds. */
  createdLte?: number;
};

/** Most count filters a request may ask for. */
export const MAX_COUNT_FILTERS = 30;
/** The highest count the service reports. */
export const MAX_COUNT = 99;

const UNSUPPORTED = 'Filtering for unread and archived notifications is not supported.';

function booleanOf(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw ServiceError.dtoValidation([`${name} must be a boolean value`]);
}

function numberOf(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) throw ServiceError.dtoValidation([`${name} must be a number`]);
  return number;
}

function stringsOf(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw ServiceError.dtoValidation([`each value in ${name} must be a string`]);
  }
  return value;
}

function severitiesOf(values: string[] | undefined): Severity[] | undefined {
  if (values === undefined || values.length === 0) return undefined;
  for (const value of values) {
    if (!(SEVERITIES as readonly string[]).includes(value)) {
      throw ServiceError.dtoValidation([
        `each value in severity must be one of the following values: ${SEVERITIES.join(', ')}`,
      ]);
    }
  }
  return values as Severity[];
}

/** The `data` filter, JSON text as the client sends it; the usecases refuse bad text with 400. */
function dataOf(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw ServiceError.http(400, 'Invalid JSON format for data parameter');
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw ServiceError.http(400, 'Data must be an object');
  }
  checkJsonDepth(parsed, 'The data filter');
  return parsed as Record<string, unknown>;
}

/** The OR-groups of tags given as `{ and: [{ or: [...] }, ...] }` (the bulk bodies' object form). */
function tagGroupsOf(value: object): string[][] {
  const and = (value as { and?: unknown }).and;
  // `{}` (what the reference SDK sends: its type of the object form has no fields) selects all.
  if (and === undefined && Object.keys(value).length === 0) return [];
  if (!Array.isArray(and)) throw ServiceError.dtoValidation(['tags must be an array']);
  return and.map((group) =>
    stringsOf(
      group !== null && typeof group === 'object' ? (group as { or?: unknown }).or : group,
      'tags',
    ),
  );
}

/**
 * Tags given as a list (one OR-group) or as OR-groups, kept in the shape given; the object form
 * `{ and: [{ or }] }` is read as OR-groups.
 */
function tagsOf(value: unknown): string[] | string[][] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const groups = tagGroupsOf(value);
    return groups.length === 0 ? undefined : groups;
  }
  if (!Array.isArray(value)) throw ServiceError.dtoValidation(['tags must be an array']);
  if (value.length === 0) return undefined;
  if (value.every((item) => typeof item === 'string')) return value as string[];
  return value.map((group) => stringsOf(group, 'tags'));
}

/** The OR-groups a tag filter asks for, all of which must match. */
function tagGroups(tags: string[] | string[][]): string[][] {
  return tags.every((item) => typeof item === 'string') ? [tags as string[]] : (tags as string[][]);
}

function checked(filter: InboxFilter): InboxFilter {
  if (filter.read === false && filter.archived === true) throw ServiceError.http(400, UNSUPPORTED);
  return filter;
}

/** A filter from a JSON object (a `filters` entry of the count, a bulk action's body). */
export function filterFromJson(value: unknown): InboxFilter {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw ServiceError.dtoValidation(['each filter must be an object']);
  }
  const input = value as Record<string, unknown>;
  const filter: InboxFilter = {};
  const tags = tagsOf(input['tags']);
  if (tags) filter.tags = tags;
  for (const name of ['read', 'archived', 'snoozed', 'seen'] as const) {
    const flag = booleanOf(input[name], name);
    if (flag !== undefined) filter[name] = flag;
  }
  const data = dataOf(input['data']);
  if (data) filter.data = data;
  const severity = input['severity'];
  const severities = severitiesOf(
    severity === undefined
      ? undefined
      : typeof severity === 'string'
        ? [severity]
        : stringsOf(severity, 'severity'),
  );
  if (severities) filter.severity = severities;
  const createdGte = numberOf(input['createdGte'], 'createdGte');
  if (createdGte !== undefined) filter.createdGte = createdGte;
  const createdLte = numberOf(input['createdLte'], 'createdLte');
  if (createdLte !== undefined) filter.createdLte = createdLte;
  return checked(filter);
}

/**
 * The query of `GET /v1/inbox/notifications`: the page (`limit` 1 to 100, default 10; `after`, a
 * notification id; `offset`) and the filter.
 */
export function parseListQuery(query: URLSearchParams): {
  limit: number;
  after?: string;
  offset: number;
  filter: InboxFilter;
} {
  const limit = numberOf(query.get('limit') ?? undefined, 'limit') ?? 10;
  const problems: string[] = [];
  if (!Number.isInteger(limit)) problems.push('limit must be an integer number');
  if (limit < 1) problems.push('limit must not be less than 1');
  if (limit > 100) problems.push('limit must not be greater than 100');
  const offset = numberOf(query.get('offset') ?? undefined, 'offset') ?? 0;
  if (!Number.isInteger(offset) || offset < 0) problems.push('offset must not be less than 0');
  const after = query.get('after') ?? undefined;
  if (after !== undefined && !isObjectId(after)) {
    problems.push('The after cursor must be a valid MongoDB ObjectId');
  }
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const groups: string[][] = [];
  const plain = query.getAll('tags[]').concat(query.getAll('tags'));
  for (let index = 0; query.has(`tags[${index}][]`); index++) {
    groups.push(query.getAll(`tags[${index}][]`));
  }
  // `tags[]=a` is a list, echoed flat; `tags[0][]=a` are groups, echoed nested.
  const tags = groups.length === 0 ? plain : plain.length > 0 ? [plain, ...groups] : groups;
  const severity = query.getAll('severity[]').concat(query.getAll('severity'));
  const filter = filterFromJson({
    ...(tags.length > 0 ? { tags } : {}),
    read: query.get('read') ?? undefined,
    archived: query.get('archived') ?? undefined,
    snoozed: query.get('snoozed') ?? undefined,
    seen: query.get('seen') ?? undefined,
    data: query.get('data') ?? undefined,
    ...(severity.length > 0 ? { severity } : {}),
    createdGte: query.get('createdGte') ?? undefined,
    createdLte: query.get('createdLte') ?? undefined,
  });
  return { limit, ...(after === undefined ? {} : { after: after.toLowerCase() }), offset, filter };
}

/** The `filters` of `GET /v1/inbox/notifications/count`: a JSON array of at most 30 filters. */
export function parseCountFilters(query: URLSearchParams): InboxFilter[] {
  const raw = query.get('filters');
  if (raw === null) throw ServiceError.dtoValidation(['filters should not be empty']);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ServiceError.dtoValidation(['filters must be a valid JSON array']);
  }
  if (!Array.isArray(parsed)) throw ServiceError.dtoValidation(['filters must be an array']);
  if (parsed.length === 0) throw ServiceError.dtoValidation(['filters should not be empty']);
  if (parsed.length > MAX_COUNT_FILTERS) {
    throw ServiceError.dtoValidation([
      `filters must contain no more than ${MAX_COUNT_FILTERS} elements`,
    ]);
  }
  checkJsonDepth(parsed, 'The filters');
  return parsed.map(filterFromJson);
}

const SCALAR = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

function matchesCondition(actual: unknown, condition: unknown, nested: boolean): boolean {
  if (SCALAR(condition)) return actual === condition;
  if (Array.isArray(condition)) return condition.some((value) => actual === value);
  const object = condition as Record<string, unknown>;
  if (Array.isArray(object['or'])) return object['or'].some((value) => actual === value);
  if (Array.isArray(object['and'])) {
    return object['and'].every((group) => matchesCondition(actual, group, true));
  }
  if (nested) return false;
  const inner =
    actual !== null && typeof actual === 'object' ? (actual as Record<string, unknown>) : {};
  return Object.entries(object).every(([key, value]) => matchesCondition(inner[key], value, true));
}

/** Whether a stored in-app message passes a filter at the clock's time `now`. */
export function matchesFilter(
  data: EnvironmentData,
  message: MessageRecord,
  filter: InboxFilter,
  now: number,
): boolean {
  if (filter.read !== undefined && message.read !== filter.read) return false;
  if (filter.seen !== undefined && message.seen !== filter.seen) return false;
  if (filter.archived !== undefined && message.archived !== filter.archived) return false;
  if (isSnoozed(message, now) !== (filter.snoozed === true)) return false;
  if (
    filter.tags &&
    tagGroups(filter.tags).some((group) => !group.some((tag) => message.tags.includes(tag)))
  ) {
    return false;
  }
  if (filter.severity && !filter.severity.includes(severityOf(data, message))) return false;
  const created = Date.parse(message.createdAt);
  if (filter.createdGte !== undefined && created < filter.createdGte) return false;
  if (filter.createdLte !== undefined && created > filter.createdLte) return false;
  if (filter.data) {
    const stored = message.data ?? {};
    for (const [key, condition] of Object.entries(filter.data)) {
      if (!matchesCondition(stored[key], condition, false)) return false;
    }
  }
  return true;
}
