import * as z from 'zod/mini';
import { JsonObject, openEnum, STEP_TYPES, type WireShape } from './common';

/**
 * The variables a preview renders with (the service's `PreviewPayloadDto`): a partial
 * `subscriber` and `actor`, the trigger `payload`, earlier `steps`' results, `context` and `env`.
 */
export const PreviewPayload = z.looseObject({
  /** Subscriber fields (`firstName`, `email`, `data`...). */
  subscriber: z.optional(JsonObject),
  /** The actor's fields. */
  actor: z.optional(JsonObject),
  /** The trigger payload. */
  payload: z.optional(JsonObject),
  /** Results of earlier steps, keyed by step id (a digest's `events`...). */
  steps: z.optional(JsonObject),
  /** Trigger contexts, by type: an id, or `{ id, data }`. */
  context: z.optional(JsonObject),
  /** Environment variables. */
  env: z.optional(JsonObject),
});
export interface PreviewPayload extends WireShape<typeof PreviewPayload> {}

/**
 * Body of `POST /v2/workflows/{workflowId}/step/{stepId}/preview`: control values to preview
 * instead of the stored ones, and variables to render with (the rest is made up from the
 * variables the controls use).
 */
export const StepPreviewBody = z.object({
  /** Control values to render instead of the step's stored ones. */
  controlValues: z.optional(JsonObject),
  /** Variables to render with. */
  previewPayload: z.optional(PreviewPayload),
});
export type StepPreviewBody = z.input<typeof StepPreviewBody>;

/** Why a preview could not render a step (`StepPreviewResult.error`). */
export const PreviewError = z.looseObject({
  /** Short error title. */
  title: z.string(),
  /** Detailed message. */
  message: z.string(),
  /** What to do about it. */
  hint: z.string(),
});
export interface PreviewError extends WireShape<typeof PreviewError> {}

/**
 * What a step renders to: its type, and its content (`subject`/`body` of an email, the fields of
 * an in-app message, the `amount`/`unit` of a delay or digest...).
 */
export const StepPreviewResult = z.looseObject({
  /** The step type (absent when the workflow or the step is not found). */
  type: z.optional(openEnum(STEP_TYPES)),
  /** The rendered content. */
  preview: z.optional(JsonObject),
  /** Why the step could not be rendered, when it could not. */
  error: z.optional(PreviewError),
});
export interface StepPreviewResult extends WireShape<typeof StepPreviewResult> {}

/**
 * The answer of a step preview: the rendered step and the variables it was rendered with
 * (`previewPayloadExample`, made up from the variables the controls use and what was given).
 */
export const StepPreviewResponse = z.looseObject({
  /** The variables the step was rendered with. */
  previewPayloadExample: PreviewPayload,
  /** The JSON Schema of those variables, when the workflow has a payload schema; else `null`. */
  schema: z.optional(z.nullable(JsonObject)),
  /** A sample `novu-signature` header (HTTP request steps). */
  novuSignature: z.optional(z.string()),
  /** The rendered step. */
  result: StepPreviewResult,
});
export interface StepPreviewResponse extends WireShape<typeof StepPreviewResponse> {}
