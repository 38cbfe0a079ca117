/**
 * Email layouts of an environment (`/v2/layouts`): records keyed by identifier, with the
 * service's rules on bodies, the default layout, deletion and usage (docs/behaviour/layouts.md).
 * Rendering a layout around an email is the run's business (run/email-layout.ts).
 *
 * @module
 */

import * as z from 'zod/mini';
import { LAYOUT_CONTENT_VARIABLE, LAYOUT_ORDER_BY, type Layout } from '../../../src/schemas/layout';
import type { EngineScope } from '../scope';
import { isObjectId } from '../store/ids';
import type { EnvironmentData, LayoutRecord, WorkflowRecord } from '../store/state';
import { tables } from '../store/tables';
import { checkJsonTextDepth } from '../wire/json-depth';
import { queryNumber, queryString } from '../wire/query';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { decodeBase62, encodeBase62, slugify } from './slug';

/** The most layouts one environment holds (the service's limit is per plan). */
export const LAYOUTS_PER_ENVIRONMENT = 100;

/** The longest layout name and identifier. */
export const LAYOUT_NAME_MAX_LENGTH = 256;

/** The body a new layout gets: an empty block document holding only the `content` slot. */
export const EMPTY_LAYOUT_BODY = JSON.stringify({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      attrs: { textAlign: null, showIfKey: null },
      content: [{ type: 'text', text: ' ' }],
    },
    {
      type: 'paragraph',
      attrs: { textAlign: 'left', showIfKey: null },
      content: [
        {
          type: 'variable',
          attrs: { id: 'content', label: null, fallback: null, required: false, aliasFor: null },
        },
      ],
    },
    {
      type: 'paragraph',
      attrs: { textAlign: null, showIfKey: null },
      content: [{ type: 'text', text: ' ' }],
    },
  ],
});

const LAYOUT_DATA_SCHEMA = {
  type: 'object',
  properties: {
    email: {
      type: 'object',
      properties: {
        body: { type: 'string' },
        editorType: { type: 'string', enum: ['html', 'block'] },
      },
      required: ['body', 'editorType'],
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const LAYOUT_UI_SCHEMA = { group: 'LAYOUT', properties: { email: { component: 'LAYOUT_EMAIL' } } };

const SUBSCRIBER_FIELDS = [
  'subscriberId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'avatar',
  'locale',
];

/** The variables a layout's body may use: the subscriber, the step's `content`, and `env`. */
const LAYOUT_VARIABLES = {
  type: 'object',
  properties: {
    subscriber: {
      type: 'object',
      properties: {
        ...Object.fromEntries(SUBSCRIBER_FIELDS.map((field) => [field, { type: 'string' }])),
        data: { type: 'object', additionalProperties: true },
      },
      additionalProperties: false,
    },
    [LAYOUT_CONTENT_VARIABLE]: { type: 'string' },
    env: { type: 'object', additionalProperties: true },
  },
  additionalProperties: false,
};

/**
 * A layout in its wire shape.
 *
 * @example
 * ```ts
 * const brand: LayoutDto = engine.operations['layouts.retrieve'](engine.scope('Development'), {
 *   params: { layoutId: 'brand' },
 * });
 * ```
 */
export type LayoutDto = Layout;

/** A layout's slug: its slugified name, `_lay_`, and its id in base 62. */
export const layoutSlug = (layout: LayoutRecord): string =>
  `${slugify(layout.name)}_lay_${encodeBase62(layout._id)}`;

function toDto(layout: LayoutRecord, withVariables: boolean): LayoutDto {
  return {
    _id: layout._id,
    layoutId: layout.layoutId,
    slug: layoutSlug(layout),
    name: layout.name,
    isDefault: layout.isDefault,
    isTranslationEnabled: layout.isTranslationEnabled,
    updatedAt: layout.updatedAt,
    createdAt: layout.createdAt,
    origin: 'svc-cloud',
    type: 'BRIDGE',
    ...(withVariables ? { variables: structuredClone(LAYOUT_VARIABLES) } : {}),
    controls: {
      dataSchema: structuredClone(LAYOUT_DATA_SCHEMA),
      uiSchema: structuredClone(LAYOUT_UI_SCHEMA),
      values: layout.controls?.email ? { email: { ...layout.controls.email } } : {},
    },
  };
}

/**
 * The layout a path parameter names, as the service reads it: an ObjectId is the internal id, a
 * slug (`..._lay_<16 base62>`) its id, anything else the identifier. `undefined` when none.
 */
export function findLayout(data: EnvironmentData, idOrSlug: string): LayoutRecord | undefined {
  let objectId: string | undefined;
  if (/_lay_[0-9A-Za-z]{16}$/.test(idOrSlug)) objectId = decodeBase62(idOrSlug.slice(-16));
  else if (isObjectId(idOrSlug)) objectId = idOrSlug.toLowerCase();
  if (objectId !== undefined) {
    for (const layout of tables.layouts.values(data)) if (layout._id === objectId) return layout;
    return undefined;
  }
  return tables.layouts.get(data, idOrSlug);
}

/** The environment's default layout, if it has one. */
export function defaultLayout(data: EnvironmentData): LayoutRecord | undefined {
  for (const layout of tables.layouts.values(data)) if (layout.isDefault) return layout;
  return undefined;
}

/**
 * {@link findLayout} or the service's 404.
 *
 * @internal
 */
export function layoutOrThrow(scope: EngineScope, idOrSlug: string): LayoutRecord {
  const layout = findLayout(scope.data, idOrSlug);
  if (!layout) {
    throw ServiceError.http(
      404,
      `Layout not found for id ${idOrSlug} in the environment ${scope.environment._id}`,
    );
  }
  return layout;
}

const isHtmlDocument = (body: string) =>
  body.includes('<html') &&
  body.includes('</html>') &&
  body.includes('<body') &&
  body.includes('</body>');

function blockDocument(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null &&
      typeof parsed === 'object' &&
      (parsed as { type?: unknown }).type === 'doc'
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

function hasContentNode(node: unknown, depth = 0): boolean {
  if (depth > 64 || node === null || typeof node !== 'object') return false;
  const { type, attrs, content } = node as {
    type?: unknown;
    attrs?: { id?: unknown };
    content?: unknown;
  };
  if (type === 'variable' && attrs?.id === LAYOUT_CONTENT_VARIABLE) return true;
  return Array.isArray(content) && content.some((child) => hasContentNode(child, depth + 1));
}

const CONTENT_SLOT = /\{\{\s*content\s*\}\}/;

/** The service's checks of a layout's email body (its editor, and the `content` slot). */
function checkEmailControls(email: { body: string; editorType: 'html' | 'block' }): void {
  // A block body is JSON in a string: its nesting is bounded before it is parsed and walked.
  checkJsonTextDepth(email.body, 'The layout body');
  const document = blockDocument(email.body);
  const isHtml = isHtmlDocument(email.body);
  const wrongEditor =
    email.editorType === 'html'
      ? 'Content must be a valid HTML content'
      : 'Content must be a valid Maily JSON content';
  if (document === undefined && !isHtml) throw ServiceError.http(400, wrongEditor);
  if (email.editorType === 'html' && !isHtml) throw ServiceError.http(400, wrongEditor);
  if (email.editorType === 'block' && document === undefined)
    throw ServiceError.http(400, wrongEditor);
  const hasSlot = document !== undefined ? hasContentNode(document) : CONTENT_SLOT.test(email.body);
  if (!hasSlot) {
    const message = 'The layout body should contain the "content" variable';
    throw ServiceError.http(400, message, {
      controls: { 'email.body': [{ message, path: 'email.body' }] },
    });
  }
}

function checkText(field: string, value: string): string[] {
  if (value.trim() === '') return [`${field} should not be empty`];
  if (value.length > LAYOUT_NAME_MAX_LENGTH) {
    return [`${field} must be shorter than or equal to ${LAYOUT_NAME_MAX_LENGTH} characters`];
  }
  return [];
}

function insertLayout(
  scope: EngineScope,
  input: {
    layoutId: string;
    name: string;
    isTranslationEnabled: boolean;
    controls: LayoutRecord['controls'];
  },
): LayoutRecord {
  const problems = [...checkText('layoutId', input.layoutId), ...checkText('name', input.name)];
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  if (tables.layouts.size(scope.data) >= LAYOUTS_PER_ENVIRONMENT) {
    throw ServiceError.http(
      400,
      'Layout limit exceeded. Please contact us to support more layouts.',
      {
        currentCount: tables.layouts.size(scope.data),
        limit: LAYOUTS_PER_ENVIRONMENT,
      },
    );
  }
  if (tables.layouts.has(scope.data, input.layoutId)) {
    throw ServiceError.http(409, `Layout with identifier: ${input.layoutId} already exists`);
  }
  const now = scope.iso();
  const layout: LayoutRecord = {
    _id: scope.ids.objectId(),
    layoutId: input.layoutId,
    name: input.name,
    isDefault: defaultLayout(scope.data) === undefined,
    isTranslationEnabled: input.isTranslationEnabled,
    controls: input.controls,
    createdAt: now,
    updatedAt: now,
  };
  tables.layouts.set(scope.data, layout.layoutId, layout);
  return layout;
}

const CreateShape = z.object({
  layoutId: z.string(),
  name: z.string(),
  isTranslationEnabled: z.optional(z.boolean()),
  __source: z.optional(z.enum(['dashboard'])),
});

/** `POST /v2/layouts`: a new layout with the empty body; the environment's first is its default. */
export function createLayout(scope: EngineScope, body: unknown): LayoutDto {
  const input = validateBody(CreateShape, body);
  const layout = insertLayout(scope, {
    layoutId: input.layoutId,
    name: input.name,
    isTranslationEnabled: input.isTranslationEnabled ?? false,
    controls: { email: { body: EMPTY_LAYOUT_BODY, editorType: 'block' } },
  });
  return toDto(layout, true);
}

/** `GET /v2/layouts/{layoutId}`. */
export function retrieveLayout(scope: EngineScope, idOrSlug: string): LayoutDto {
  return toDto(layoutOrThrow(scope, idOrSlug), true);
}

const EmailShape = z.object({ body: z.string(), editorType: z.enum(['html', 'block']) });
const UpdateShape = z.object({
  name: z.string(),
  isTranslationEnabled: z.optional(z.boolean()),
  controlValues: z.optional(z.nullable(z.object({ email: z.optional(EmailShape) }))),
});

/** `PUT /v2/layouts/{layoutId}`: the name, and the controls (`null` clears them, absent keeps them). */
export function updateLayout(scope: EngineScope, idOrSlug: string, body: unknown): LayoutDto {
  const input = validateBody(UpdateShape, body);
  const problems = checkText('name', input.name);
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const email = input.controlValues?.email;
  if (email !== undefined) checkEmailControls(email);
  const layout = layoutOrThrow(scope, idOrSlug);
  const now = scope.iso();
  tables.layouts.update(scope.data, layout, () => {
    layout.name = input.name;
    if (input.isTranslationEnabled !== undefined) {
      layout.isTranslationEnabled = input.isTranslationEnabled;
    }
    if (input.controlValues === null) layout.controls = null;
    else if (email !== undefined) layout.controls = { email: { ...email } };
    layout.updatedAt = now;
  });
  return toDto(layout, true);
}

const usesLayout = (workflow: WorkflowRecord, layoutId: string) =>
  workflow.steps.some((step) => step.controlValues['layoutId'] === layoutId);

/**
 * `DELETE /v2/layouts/{layoutId}`: 409 for the default layout; the steps that named it lose
 * their `layoutId` control (they render without a layout), as in the service.
 */
export function deleteLayout(scope: EngineScope, idOrSlug: string): undefined {
  const layout = layoutOrThrow(scope, idOrSlug);
  if (layout.isDefault) {
    throw ServiceError.http(
      409,
      `Layout with id ${idOrSlug} is being used as a default layout, it can not be deleted`,
    );
  }
  for (const workflow of tables.workflows.values(scope.data)) {
    if (!usesLayout(workflow, layout.layoutId)) continue;
    tables.workflows.edit(scope.data, workflow);
    for (const step of workflow.steps) {
      if (step.controlValues['layoutId'] === layout.layoutId) delete step.controlValues['layoutId'];
    }
  }
  tables.layouts.delete(scope.data, layout.layoutId);
  return undefined;
}

const DuplicateShape = z.object({
  name: z.string(),
  layoutId: z.optional(z.string()),
  isTranslationEnabled: z.optional(z.boolean()),
});

/** `POST /v2/layouts/{layoutId}/duplicate`: a new layout with the original's controls. */
export function duplicateLayout(scope: EngineScope, idOrSlug: string, body: unknown): LayoutDto {
  const input = validateBody(DuplicateShape, body);
  const original = layoutOrThrow(scope, idOrSlug);
  const copy = insertLayout(scope, {
    layoutId: input.layoutId ?? slugify(input.name),
    name: input.name,
    isTranslationEnabled: input.isTranslationEnabled ?? false,
    controls: original.controls === null ? null : structuredClone(original.controls),
  });
  return toDto(copy, true);
}

/** `GET /v2/layouts/{layoutId}/usage`: the workflows with a step whose `layoutId` names it. */
export function layoutUsage(
  scope: EngineScope,
  idOrSlug: string,
): { workflows: { name: string; workflowId: string }[] } {
  const layout = layoutOrThrow(scope, idOrSlug);
  return {
    workflows: tables.workflows
      .values(scope.data)
      .filter((workflow) => usesLayout(workflow, layout.layoutId))
      .map((workflow) => ({ name: workflow.name, workflowId: workflow.workflowId })),
  };
}

/**
 * Filters and order of a layouts listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: LayoutSearch = { limit: 50, offset: 0, orderBy: 'createdAt', orderDirection: 'DESC' };
 * ```
 */
export interface LayoutSearch {
  limit: number;
  offset: number;
  orderBy: (typeof LAYOUT_ORDER_BY)[number];
  orderDirection: 'ASC' | 'DESC';
  query?: string | undefined;
}

/** Reads the `GET /v2/layouts` query: `limit` 1 to 100 (50), `offset` (0), order, `query`. */
export function parseLayoutSearch(params: URLSearchParams): LayoutSearch {
  const problems: string[] = [];
  const limitReading = queryNumber(params, 'limit');
  let limit = 50;
  if (limitReading.kind === 'not-a-number') problems.push('limit must be an integer number');
  else if (limitReading.kind === 'number') {
    if (!Number.isInteger(limitReading.value)) problems.push('limit must be an integer number');
    else if (limitReading.value < 1) problems.push('limit must not be less than 1');
    else if (limitReading.value > 100) problems.push('limit must not be greater than 100');
    else limit = limitReading.value;
  }
  const offsetReading = queryNumber(params, 'offset');
  let offset = 0;
  if (offsetReading.kind === 'not-a-number') problems.push('offset must be an integer number');
  else if (offsetReading.kind === 'number') {
    if (!Number.isInteger(offsetReading.value)) problems.push('offset must be an integer number');
    else if (offsetReading.value < 0) problems.push('offset must not be less than 0');
    else offset = offsetReading.value;
  }
  const orderBy = queryString(params, 'orderBy') ?? 'createdAt';
  if (!(LAYOUT_ORDER_BY as readonly string[]).includes(orderBy)) {
    problems.push(`orderBy must be one of the following values: ${LAYOUT_ORDER_BY.join(', ')}`);
  }
  const orderDirection = queryString(params, 'orderDirection') ?? 'DESC';
  if (orderDirection !== 'ASC' && orderDirection !== 'DESC') {
    problems.push('orderDirection must be one of the following values: ASC, DESC');
  }
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  return {
    limit,
    offset,
    orderBy: orderBy as LayoutSearch['orderBy'],
    orderDirection: orderDirection as 'ASC' | 'DESC',
    query: queryString(params, 'query'),
  };
}

/** `GET /v2/layouts`: ordered by `orderBy` then `_id`, `query` a part of the name or identifier. */
export function listLayouts(
  scope: EngineScope,
  search: LayoutSearch,
): { layouts: LayoutDto[]; totalCount: number } {
  const needle = search.query?.toLowerCase();
  const sign = search.orderDirection === 'ASC' ? 1 : -1;
  const field = search.orderBy;
  const matching = [...tables.layouts.values(scope.data)]
    .filter(
      (layout) =>
        needle === undefined ||
        layout.name.toLowerCase().includes(needle) ||
        layout.layoutId.toLowerCase().includes(needle),
    )
    .sort((a, b) => {
      const left = a[field];
      const right = b[field];
      const order =
        left < right ? -1 : left > right ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
      return sign * order;
    });
  return {
    layouts: matching
      .slice(search.offset, search.offset + search.limit)
      .map((layout) => toDto(layout, false)),
    totalCount: matching.length,
  };
}
