import * as z from 'zod/mini';
import { JsonObject, openEnum, Timestamp, type WireShape } from './common';
import { OrderDirection } from './order';
import { UserSummary, WORKFLOW_ORIGINS } from './workflow-common';
import { WorkflowReference } from './workflow-reference';

/** The variable of a layout's body that takes the rendered email step. */
export const LAYOUT_CONTENT_VARIABLE = 'content';

/** The editors a layout's email body is written in: an HTML document, or a block document. */
export const LAYOUT_EDITOR_TYPES = ['html', 'block'] as const;

/** Fields a layouts listing sorts by. */
export const LAYOUT_ORDER_BY = ['createdAt', 'updatedAt', 'name'] as const;

/** The email controls of a layout: its body and the editor it is written in. */
export const LayoutEmailControls = z.looseObject({
  /** An HTML document (`<html>...<body>...{{content}}...</body></html>`) or block JSON text. */
  body: z.string(),
  /** `html` or `block`. */
  editorType: openEnum(LAYOUT_EDITOR_TYPES),
});
/** A layout's email controls. */
export interface LayoutEmailControls extends WireShape<typeof LayoutEmailControls> {}

/** The stored controls of a layout. */
export const LayoutControlValues = z.looseObject({
  /** The email controls; absent once cleared. */
  email: z.optional(LayoutEmailControls),
});
/** The stored controls of a layout. */
export interface LayoutControlValues extends WireShape<typeof LayoutControlValues> {}

/** A layout's controls: their JSON schema, their UI schema, and the stored values. */
export const LayoutControls = z.looseObject({
  /** The JSON schema of the controls. */
  dataSchema: z.optional(JsonObject),
  /** How the dashboard shows them. */
  uiSchema: z.optional(JsonObject),
  /** The stored values. */
  values: LayoutControlValues,
});
/** A layout's controls. */
export interface LayoutControls extends WireShape<typeof LayoutControls> {}

/** A layout as the service answers it. */
export const Layout = z.looseObject({
  /** The layout's internal id. */
  _id: z.string(),
  /** The layout's identifier (what a step's `layoutId` control names). */
  layoutId: z.string(),
  /** Its slug (`<name>_lay_<id>`). */
  slug: z.string(),
  /** Its name. */
  name: z.string(),
  /** Whether it is the environment's default layout (the first one made). */
  isDefault: z.boolean(),
  /** Whether its translations are enabled. */
  isTranslationEnabled: z.boolean(),
  /** When it was last updated (ISO 8601). */
  updatedAt: Timestamp,
  /** The dashboard user who last changed it. */
  updatedBy: z.optional(z.nullable(UserSummary)),
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** Where it was made (`svc-cloud`). */
  origin: openEnum(WORKFLOW_ORIGINS),
  /** `BRIDGE` for a layout made through this API. */
  type: z.string(),
  /** The JSON schema of the variables its body may use (`subscriber`, `content`, `env`). */
  variables: z.optional(z.nullable(JsonObject)),
  /** Its controls: the schemas, and the stored values. */
  controls: LayoutControls,
});
export interface Layout extends WireShape<typeof Layout> {}

const emailControlsInput = z.object({
  body: z.string(),
  editorType: z.enum(LAYOUT_EDITOR_TYPES),
});

/** Body of `POST /v2/layouts`. */
export const LayoutCreateBody = z.object({
  layoutId: z.string(),
  name: z.string(),
  /** Whether its translations are enabled (default false). */
  isTranslationEnabled: z.optional(z.boolean()),
  /** Where the request comes from (`dashboard`). */
  __source: z.optional(z.enum(['dashboard'])),
});
export type LayoutCreateBody = z.input<typeof LayoutCreateBody>;

/** Body of `PUT /v2/layouts/{layoutId}`. */
export const LayoutUpdateBody = z.object({
  name: z.string(),
  isTranslationEnabled: z.optional(z.boolean()),
  /** Its email controls; `null` clears them, absent leaves them. */
  controlValues: z.optional(z.nullable(z.object({ email: z.optional(emailControlsInput) }))),
});
export type LayoutUpdateBody = z.input<typeof LayoutUpdateBody>;

/** Body of `POST /v2/layouts/{layoutId}/duplicate`. */
export const LayoutDuplicateBody = z.object({
  /** The copy's name. */
  name: z.string(),
  /** The copy's identifier; derived from the name when absent. */
  layoutId: z.optional(z.string()),
  /** Whether the copy's translations are enabled. */
  isTranslationEnabled: z.optional(z.boolean()),
});
export type LayoutDuplicateBody = z.input<typeof LayoutDuplicateBody>;

/** Query of `GET /v2/layouts`. */
export const LayoutListQuery = z.object({
  /** Page size, 1 to 100 (default 50). */
  limit: z.optional(z.number()),
  /** How many layouts to skip. */
  offset: z.optional(z.number()),
  /** `ASC` or `DESC` (default). */
  orderDirection: z.optional(OrderDirection),
  /** `createdAt` (default), `updatedAt` or `name`. */
  orderBy: z.optional(z.enum(LAYOUT_ORDER_BY)),
  /** A part of the name or identifier, in any case. */
  query: z.optional(z.string()),
});
export type LayoutListQuery = z.input<typeof LayoutListQuery>;

/** A page of `GET /v2/layouts`. */
export const LayoutListResponse = z.looseObject({
  /** The page's layouts. */
  layouts: z.array(Layout),
  /** How many layouts match, over every page. */
  totalCount: z.number(),
});
export interface LayoutListResponse extends WireShape<typeof LayoutListResponse> {}

/** Body of `POST /v2/layouts/{layoutId}/preview`. */
export const LayoutPreviewBody = z.object({
  /** Controls to preview instead of the stored ones (`{ email: { body, editorType } }`). */
  controlValues: z.optional(JsonObject),
  /** The subscriber the preview renders for. */
  previewPayload: z.optional(z.object({ subscriber: z.optional(JsonObject) })),
});
export type LayoutPreviewBody = z.input<typeof LayoutPreviewBody>;

/** What a layout preview rendered for. */
export const LayoutPreviewPayload = z.looseObject({
  /** The subscriber (the request's, over an example one). */
  subscriber: z.optional(JsonObject),
});
/** What a layout preview rendered for. */
export interface LayoutPreviewPayload extends WireShape<typeof LayoutPreviewPayload> {}

/** The rendered email of a layout preview. */
export const LayoutPreviewEmail = z.looseObject({
  /** The layout's HTML with a placeholder in its content slot. */
  body: z.string(),
});
/** The rendered email of a layout preview. */
export interface LayoutPreviewEmail extends WireShape<typeof LayoutPreviewEmail> {}

/** The result of a layout preview. */
export const LayoutPreviewResult = z.looseObject({
  /** `email`. */
  type: z.optional(z.string()),
  /** The rendered email; absent when the body could not be rendered. */
  preview: z.optional(LayoutPreviewEmail),
});
/** The result of a layout preview. */
export interface LayoutPreviewResult extends WireShape<typeof LayoutPreviewResult> {}

/**
 * What `POST /v2/layouts/{layoutId}/preview` answers: the rendered body, with a placeholder in
 * the `{{content}}` slot.
 */
export const LayoutPreviewResponse = z.looseObject({
  /** What the preview rendered for. */
  previewPayloadExample: LayoutPreviewPayload,
  /** The schema of the payload (absent here). */
  schema: z.optional(z.nullable(JsonObject)),
  /** The rendered preview. */
  result: LayoutPreviewResult,
});
export interface LayoutPreviewResponse extends WireShape<typeof LayoutPreviewResponse> {}

/** What `GET /v2/layouts/{layoutId}/usage` answers: the workflows whose steps use the layout. */
export const LayoutUsage = z.looseObject({
  /** The workflows with a step that names the layout. */
  workflows: z.array(WorkflowReference),
});
export interface LayoutUsage extends WireShape<typeof LayoutUsage> {}
