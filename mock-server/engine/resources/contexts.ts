/**
 * Contexts of an environment (`/v2/contexts`): records keyed `type:id`, with the service's rules
 * on their parts, data, conflicts and listing (docs/behaviour/contexts.md).
 *
 * @module
 */

import * as z from 'zod/mini';
import {
  CONTEXT_PART_MAX_LENGTH,
  CONTEXT_PART_PATTERN,
  type Context,
} from '../../../src/schemas/context';
import type { EngineScope } from '../scope';
import { contextKey } from '../store/row-keys';
import type { ContextRecord } from '../store/state';
import { tables } from '../store/tables';
import type { CursorOptions, CursorPage } from '../wire/cursor-page';
import { recordPage } from '../wire/record-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';

/** The largest context data, as UTF-8 JSON. */
export const CONTEXT_DATA_MAX_BYTES = 64 * 1024;

/**
 * A context in its wire shape.
 *
 * @example
 * ```ts
 * const acme: ContextDto = engine.operations['contexts.retrieve'](engine.scope('Development'), {
 *   params: { type: 'tenant', id: 'acme' },
 * });
 * ```
 */
export type ContextDto = Context;

/**
 * Filters and order of a contexts listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: ContextSearch = { limit: 10, includeCursor: false, orderBy: 'createdAt', orderDirection: 'DESC' };
 * ```
 */
export interface ContextSearch extends CursorOptions {
  orderBy: string;
  orderDirection: 'ASC' | 'DESC';
  type?: string | undefined;
  id?: string | undefined;
  search?: string | undefined;
}

const toDto = (context: ContextRecord): ContextDto => ({
  type: context.type,
  id: context.id,
  data: structuredClone(context.data),
  createdAt: context.createdAt,
  updatedAt: context.updatedAt,
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function partProblems(field: 'type' | 'id', value: string): string[] {
  const problems: string[] = [];
  if (value === '') problems.push(`${field} should not be empty`);
  if (value.length > CONTEXT_PART_MAX_LENGTH) {
    problems.push(
      `${field} must be shorter than or equal to ${CONTEXT_PART_MAX_LENGTH} characters`,
    );
  }
  if (!CONTEXT_PART_PATTERN.test(value)) {
    problems.push(`${field} must match ${String(CONTEXT_PART_PATTERN)} regular expression`);
  }
  return problems;
}

function dataProblems(data: unknown): string[] {
  if (data === undefined || data === null) return [];
  if (!isPlainObject(data)) return ['data must be an object'];
  const bytes = new TextEncoder().encode(JSON.stringify(data)).length;
  if (bytes <= CONTEXT_DATA_MAX_BYTES) return [];
  return [
    `Context data is too large (${Math.round(bytes / 1024)}KB). Maximum size is ${CONTEXT_DATA_MAX_BYTES / 1024}KB`,
  ];
}

/**
 * Most contexts one environment keeps (the engine's cap: the service sets none, svc-mock is a
 * network service whose memory a loop of creates must not fill; docs/engine-differences.md).
 */
export const CONTEXTS_PER_ENVIRONMENT = 10_000;

const CreateShape = z.object({ type: z.string(), id: z.string(), data: z.optional(z.unknown()) });
const UpdateShape = z.object({ data: z.unknown() });

function contextOrThrow(scope: EngineScope, type: string, id: string): ContextRecord {
  const context = tables.contexts.get(scope.data, contextKey(type, id));
  if (!context) {
    throw ServiceError.http(
      404,
      `Context with id '${id}' and type '${type}' not found in environment ${scope.environment._id}`,
    );
  }
  return context;
}

/** `POST /v2/contexts`: a new context (`data` `{}` when none); 409 when `type:id` exists. */
export function createContext(scope: EngineScope, body: unknown): ContextDto {
  const input = validateBody(CreateShape, body);
  const problems = [
    ...partProblems('type', input.type),
    ...partProblems('id', input.id),
    ...dataProblems(input.data),
  ];
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const key = contextKey(input.type, input.id);
  if (tables.contexts.has(scope.data, key)) {
    throw ServiceError.http(
      409,
      `Context with type '${input.type}' and id '${input.id}' already exists`,
    );
  }
  if (tables.contexts.size(scope.data) >= CONTEXTS_PER_ENVIRONMENT) {
    throw ServiceError.http(
      400,
      `Context limit reached: an environment holds at most ${CONTEXTS_PER_ENVIRONMENT} contexts; delete one before creating another`,
    );
  }
  const now = scope.iso();
  const context: ContextRecord = {
    _id: scope.ids.objectId(),
    type: input.type,
    id: input.id,
    data: isPlainObject(input.data) ? structuredClone(input.data) : {},
    createdAt: now,
    updatedAt: now,
  };
  tables.contexts.set(scope.data, key, context);
  return toDto(context);
}

/** `GET /v2/contexts/{type}/{id}`. */
export function retrieveContext(scope: EngineScope, type: string, id: string): ContextDto {
  return toDto(contextOrThrow(scope, type, id));
}

/** `PATCH /v2/contexts/{type}/{id}`: the given data replaces the old whole. */
export function updateContext(
  scope: EngineScope,
  type: string,
  id: string,
  body: unknown,
): ContextDto {
  const input = validateBody(UpdateShape, body);
  const problems = dataProblems(input.data);
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const context = tables.contexts.get(scope.data, contextKey(type, id));
  if (!context) {
    throw ServiceError.http(404, `Context with type '${type}' and id '${id}' not found`);
  }
  const now = scope.iso();
  tables.contexts.update(scope.data, context, () => {
    context.data = isPlainObject(input.data) ? structuredClone(input.data) : {};
    context.updatedAt = now;
  });
  return toDto(context);
}

/**
 * `DELETE /v2/contexts/{type}/{id}`: removes the record only; subscriptions, preferences and
 * notifications that carry its key keep it, as in the service.
 */
export function deleteContext(scope: EngineScope, type: string, id: string): undefined {
  contextOrThrow(scope, type, id);
  tables.contexts.delete(scope.data, contextKey(type, id));
  return undefined;
}

/**
 * `GET /v2/contexts`: newest first unless `orderDirection=ASC`, by `orderBy` (default
 * `createdAt`) then `_id`; `type` and `id` exact, `search` a part of `type:id` in any case.
 */
export function listContexts(scope: EngineScope, search: ContextSearch): CursorPage<ContextDto> {
  const needle = search.search?.toLowerCase();
  const page = recordPage(
    () => tables.contexts.values(scope.data),
    search,
    (context) =>
      (search.type === undefined || context.type === search.type) &&
      (search.id === undefined || context.id === search.id) &&
      (needle === undefined || contextKey(context.type, context.id).toLowerCase().includes(needle)),
  );
  return { ...page, data: page.data.map(toDto) };
}
