import * as z from 'zod/mini';
import { JsonObject, openEnum, STEP_TYPES, Timestamp, type WireShape } from './common';
import { SEVERITIES, UserSummary, WORKFLOW_ORIGINS, WORKFLOW_STATUSES } from './workflow-common';
import { ControlsMetadata } from './workflow-step-controls';
import { StepIssues } from './workflow-step-issues';

/** A workflow step as returned inside a workflow (every step type shares this shape). */
export const WorkflowStepResponse = z.looseObject({
  /** The step's controls: their JSON Schema, UI schema and current values. */
  controls: ControlsMetadata,
  /** The control values of the step's type (see the `*ControlValues` schemas). */
  controlValues: z.optional(JsonObject),
  /**
   * The variables the step's content can use, as a JSON Schema (`subscriber`, `payload`,
   * `steps`, ...).
   */
  variables: JsonObject,
  /** The step's id within the workflow. */
  stepId: z.string(),
  /** The step's internal id. */
  _id: z.string(),
  /** The step's name. */
  name: z.string(),
  /** The step's slug. */
  slug: z.string(),
  /** The step type (`in_app`, `email`, `delay`, ...). */
  type: openEnum(STEP_TYPES),
  /** Where the step was created: `svc-cloud`, `svc-cloud-v1` or `external`. */
  origin: openEnum(WORKFLOW_ORIGINS),
  /** The identifier of the workflow the step belongs to. */
  workflowId: z.string(),
  /** The internal id of the workflow the step belongs to. */
  workflowDatabaseId: z.string(),
  /** What the service found missing or wrong in the step. */
  issues: z.optional(StepIssues),
});
/** A step of a workflow as the workflows API returns it (`WorkflowResponse.steps`). */
export interface WorkflowStepResponse extends WireShape<typeof WorkflowStepResponse> {}

/** A workflow as returned by `PUT /v2/workflows/{workflowId}/sync`. */
export const WorkflowSyncResponse = z.looseObject({
  /** The workflow's name. */
  name: z.string(),
  /** The workflow's description. */
  description: z.optional(z.string()),
  /** The workflow's tags. */
  tags: z.optional(z.array(z.string())),
  /** Whether the workflow is active. */
  active: z.optional(z.boolean()),
  /** Whether trigger payloads are validated against `payloadSchema`. */
  validatePayload: z.optional(z.boolean()),
  /** The JSON Schema of the trigger payload, if set. */
  payloadSchema: z.optional(z.nullable(JsonObject)),
  /** Whether translations are enabled for the workflow. */
  isTranslationEnabled: z.optional(z.boolean()),
  /** The workflow's internal id. */
  _id: z.string(),
  /** The workflow's identifier: the name a trigger sends. */
  workflowId: z.string(),
  /** The workflow's slug. */
  slug: z.string(),
  /** When it was last updated (ISO 8601). */
  updatedAt: Timestamp,
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** The dashboard user who last changed it. */
  updatedBy: z.optional(z.nullable(UserSummary)),
  /** When it was last published. */
  lastPublishedAt: z.optional(z.nullable(Timestamp)),
  /** The dashboard user who last published it. */
  lastPublishedBy: z.optional(z.nullable(UserSummary)),
  /** The workflow's steps, in order. */
  steps: z.array(WorkflowStepResponse),
  /** Where the workflow was created: `svc-cloud`, `svc-cloud-v1` or `external`. */
  origin: openEnum(WORKFLOW_ORIGINS),
  /** Workflow preferences (`{user, default}` on the reference service; fields not specified). */
  preferences: JsonObject,
  /** `ACTIVE`, `INACTIVE` or `ERROR` (a step has issues). */
  status: openEnum(WORKFLOW_STATUSES),
  /** Runtime issues keyed by field (issue fields not specified). */
  issues: z.optional(z.record(z.string(), JsonObject)),
  /** When it was last triggered. */
  lastTriggeredAt: z.optional(z.nullable(Timestamp)),
  /** An example trigger payload, built from the payload schema. */
  payloadExample: z.optional(z.nullable(JsonObject)),
  /** The workflow's severity (`high`, `medium`, `low`, `none`). */
  severity: openEnum(SEVERITIES),
});
export interface WorkflowSyncResponse extends WireShape<typeof WorkflowSyncResponse> {}

/** Body of `PUT /v2/workflows/{workflowId}/sync`. */
export const WorkflowSyncBody = z.object({
  targetEnvironmentId: z.string(),
});
export type WorkflowSyncBody = z.infer<typeof WorkflowSyncBody>;

/**
 * A workflow as `GET`, `PATCH` (and `PUT`, `POST`) `/v2/workflows` answer it: the same shape as
 * the sync answer.
 */
export const WorkflowResponse = WorkflowSyncResponse;
/** A workflow as the workflow routes answer it. */
export type WorkflowResponse = WorkflowSyncResponse;
