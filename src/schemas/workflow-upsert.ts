import * as z from 'zod/mini';
import { JsonObject } from './common';
import { SEVERITIES, WORKFLOW_ORIGINS } from './workflow-common';
import type { TypedStep } from './workflow-control-values';

/**
 * Step types a workflow created or updated through the API can hold (every step type but
 * `trigger`, which is the workflow's own).
 */
export const UPSERT_STEP_TYPES = [
  'in_app',
  'email',
  'sms',
  'chat',
  'push',
  'digest',
  'delay',
  'throttle',
  'custom',
] as const;
/** A step type of a created or updated workflow. */
export type UpsertStepType = (typeof UPSERT_STEP_TYPES)[number];

/**
 * Pattern of a `workflowId` and a `stepId`: letters and digits, with `-`, `_` or `.` only between
 * them.
 */
export const SLUG_IDENTIFIER_PATTERN = /^[a-zA-Z0-9]+(?:[-_.][a-zA-Z0-9]+)*$/;

/**
 * One step of a create or update body. On update, `_id` names the stored step it changes;
 * a step without a known `_id` is added. `controlValues` omitted keeps a changed step's values,
 * `null` clears them.
 */
export const WorkflowStepUpsert = z.object({
  _id: z.optional(z.string()),
  stepId: z.optional(z.string()),
  name: z.string(),
  type: z.enum(UPSERT_STEP_TYPES),
  controlValues: z.optional(z.nullable(JsonObject)),
});
/** One step of a create or update body, its `controlValues` typed by its `type`. */
export type WorkflowStepUpsert = TypedStep<
  Omit<z.infer<typeof WorkflowStepUpsert>, 'type' | 'controlValues'>,
  true
>;

/**
 * Preferences of a create or update body: `workflow` (the workflow's defaults) and `user` (what
 * subscribers may change); either may be `null`.
 */
export const WorkflowPreferencesRequest = z.object({
  user: z.optional(z.nullable(JsonObject)),
  workflow: z.optional(z.nullable(JsonObject)),
});
export type WorkflowPreferencesRequest = z.infer<typeof WorkflowPreferencesRequest>;

const workflowFields = {
  name: z.string(),
  description: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  active: z.optional(z.boolean()),
  validatePayload: z.optional(z.boolean()),
  payloadSchema: z.optional(z.nullable(JsonObject)),
  isTranslationEnabled: z.optional(z.boolean()),
  steps: z.array(WorkflowStepUpsert),
  preferences: z.optional(WorkflowPreferencesRequest),
  severity: z.optional(z.enum(SEVERITIES)),
};

/**
 * Body of `POST /v2/workflows`. `workflowId` is the trigger identifier (letters, digits and
 * `-`, `_`, `.` between them); `active` defaults to `true`.
 */
export const WorkflowCreateBody = z.object({
  ...workflowFields,
  workflowId: z.string(),
  __source: z.optional(z.string()),
});
export type WorkflowCreateBody = Omit<z.infer<typeof WorkflowCreateBody>, 'steps'> & {
  steps: WorkflowStepUpsert[];
};

/**
 * Body of `PUT /v2/workflows/{workflowId}`: the whole workflow again, with `preferences` and
 * `origin` required (omitted `active` means `true`); steps match stored ones by `_id`, steps
 * left out are removed. `workflowId` cannot be changed here (the service allows it only for
 * code-first workflows).
 */
export const WorkflowUpdateBody = z.object({
  ...workflowFields,
  workflowId: z.optional(z.string()),
  preferences: WorkflowPreferencesRequest,
  origin: z.enum(WORKFLOW_ORIGINS),
});
export type WorkflowUpdateBody = Omit<z.infer<typeof WorkflowUpdateBody>, 'steps'> & {
  steps: WorkflowStepUpsert[];
};
