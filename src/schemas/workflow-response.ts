/**
 * A workflow as the service answers it (steps with controls, variables and issues), and the sync
 * body.
 *
 * @module
 */
import * as z from 'zod/mini';
import { JsonObject, openEnum, STEP_TYPES, Timestamp, type WireShape } from './common';
import { SEVERITIES, UserSummary, WORKFLOW_ORIGINS, WORKFLOW_STATUSES } from './workflow-common';
import { ControlsMetadata } from './workflow-step-controls';
import { StepIssues } from './workflow-step-issues';

/** A workflow step as returned inside a workflow (every step type shares this shape). */
export const WorkflowStepResponse = z.looseObject({
  controls: ControlsMetadata,
  /** The control values of the step's type (see the `*ControlValues` schemas). */
  controlValues: z.optional(JsonObject),
  variables: JsonObject,
  stepId: z.string(),
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: openEnum(STEP_TYPES),
  origin: openEnum(WORKFLOW_ORIGINS),
  workflowId: z.string(),
  workflowDatabaseId: z.string(),
  issues: z.optional(StepIssues),
});
/**
 * A step of a workflow as the workflows API returns it (`WorkflowResponse.steps`).
 *
 * @example
 * ```ts
 * const workflow = await svc.workflows.retrieve('welcome');
 * const steps: WorkflowStepResponse[] = workflow.steps;
 * console.log(steps.map((step) => step.stepId));
 * ```
 */
export interface WorkflowStepResponse extends WireShape<typeof WorkflowStepResponse> {}

/**
 * A workflow as returned by `PUT /v2/workflows/{workflowId}/sync`.
 *
 * @example
 * ```ts
 * WorkflowSyncResponse.parse({
 *   _id: '64da692e9a94fb2e6449ad31',
 *   workflowId: 'welcome-email',
 *   slug: 'welcome-email_wf_AbC1Xyz9KlmNOpQs',
 *   name: 'Welcome email',
 *   steps: [],
 *   origin: 'svc-cloud',
 *   preferences: { default: { all: { enabled: true, readOnly: false }, channels: {} } },
 *   status: 'ACTIVE',
 *   severity: 'none',
 *   createdAt: '2024-01-01T00:00:00.000Z',
 *   updatedAt: '2024-01-01T00:00:00.000Z',
 * });
 * ```
 */
export const WorkflowSyncResponse = z.looseObject({
  name: z.string(),
  description: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  active: z.optional(z.boolean()),
  validatePayload: z.optional(z.boolean()),
  payloadSchema: z.optional(z.nullable(JsonObject)),
  isTranslationEnabled: z.optional(z.boolean()),
  _id: z.string(),
  workflowId: z.string(),
  slug: z.string(),
  updatedAt: Timestamp,
  createdAt: Timestamp,
  updatedBy: z.optional(z.nullable(UserSummary)),
  lastPublishedAt: z.optional(z.nullable(Timestamp)),
  lastPublishedBy: z.optional(z.nullable(UserSummary)),
  steps: z.array(WorkflowStepResponse),
  origin: openEnum(WORKFLOW_ORIGINS),
  /** Workflow preferences (`{user, default}` on the reference service; fields not specified). */
  preferences: JsonObject,
  status: openEnum(WORKFLOW_STATUSES),
  /** Runtime issues keyed by field (issue fields not specified). */
  issues: z.optional(z.record(z.string(), JsonObject)),
  lastTriggeredAt: z.optional(z.nullable(Timestamp)),
  payloadExample: z.optional(z.nullable(JsonObject)),
  severity: openEnum(SEVERITIES),
});
export interface WorkflowSyncResponse extends WireShape<typeof WorkflowSyncResponse> {}

/**
 * Body of `PUT /v2/workflows/{workflowId}/sync`.
 *
 * @example
 * ```ts
 * WorkflowSyncBody.parse({ targetEnvironmentId: '64da692e9a94fb2e6449ad02' });
 * ```
 */
export const WorkflowSyncBody = z.object({
  targetEnvironmentId: z.string(),
});
export type WorkflowSyncBody = z.infer<typeof WorkflowSyncBody>;

/**
 * A workflow as `GET`, `PATCH` (and `PUT`, `POST`) `/v2/workflows` answer it: the same shape as
 * the sync answer.
 *
 * @example
 * ```ts
 * const workflow: WorkflowResponse = await svc.workflows.retrieve('welcome-email');
 * console.log(workflow.status, workflow.steps.map((step) => step.stepId));
 * ```
 */
export const WorkflowResponse = WorkflowSyncResponse;
/** A workflow as the workflow routes answer it. */
export type WorkflowResponse = WorkflowSyncResponse;
