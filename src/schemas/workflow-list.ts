/**
 * `GET /v2/workflows`: its query, list items and response.
 *
 * @module
 */
import * as z from 'zod/mini';
import { openEnum, STEP_TYPES, Timestamp, type WireShape } from './common';
import { OrderDirection } from './order';
import {
  UserSummary,
  WORKFLOW_ORDER_BY_FIELDS,
  WORKFLOW_ORIGINS,
  WORKFLOW_STATUSES,
} from './workflow-common';
import { StepIssues } from './workflow-step-issues';

/** A step in a workflow list item. */
export const StepListItem = z.looseObject({
  slug: z.string(),
  type: openEnum(STEP_TYPES),
  issues: z.optional(StepIssues),
});
/**
 * A step of a workflow in the workflows list (`WorkflowListItem.steps`).
 *
 * @example
 * ```ts
 * const { data } = await svc.workflows.list();
 * const steps: StepListItem[] = data.flatMap((workflow) => workflow.steps);
 * ```
 */
export interface StepListItem extends WireShape<typeof StepListItem> {}

/**
 * A workflow as listed by `GET /v2/workflows`.
 *
 * @example
 * ```ts
 * WorkflowListItem.parse({
 *   _id: '64da692e9a94fb2e6449ad30',
 *   workflowId: 'welcome-email',
 *   slug: 'welcome-email_wf_AbC1Xyz9KlmNOpQr',
 *   name: 'Welcome email',
 *   status: 'ACTIVE',
 *   origin: 'svc-cloud',
 *   stepTypeOverviews: ['email'],
 *   steps: [{ slug: 'email_st_AbC1Xyz9KlmNOpQs', type: 'email' }],
 *   createdAt: '2024-01-01T00:00:00.000Z',
 *   updatedAt: '2024-01-01T00:00:00.000Z',
 * });
 * ```
 */
export const WorkflowListItem = z.looseObject({
  name: z.string(),
  tags: z.optional(z.array(z.string())),
  updatedAt: Timestamp,
  createdAt: Timestamp,
  updatedBy: z.optional(z.nullable(UserSummary)),
  lastPublishedAt: z.optional(z.nullable(Timestamp)),
  lastPublishedBy: z.optional(z.nullable(UserSummary)),
  _id: z.string(),
  workflowId: z.string(),
  slug: z.string(),
  status: openEnum(WORKFLOW_STATUSES),
  origin: openEnum(WORKFLOW_ORIGINS),
  lastTriggeredAt: z.optional(z.nullable(Timestamp)),
  stepTypeOverviews: z.array(openEnum(STEP_TYPES)),
  isTranslationEnabled: z.optional(z.boolean()),
  steps: z.array(StepListItem),
});
export interface WorkflowListItem extends WireShape<typeof WorkflowListItem> {}

/**
 * Response of `GET /v2/workflows`.
 *
 * @example
 * ```ts
 * WorkflowListResponse.parse({ workflows: [], totalCount: 0 });
 * ```
 */
export const WorkflowListResponse = z.looseObject({
  workflows: z.array(WorkflowListItem),
  totalCount: z.number(),
});
export interface WorkflowListResponse extends WireShape<typeof WorkflowListResponse> {}

/**
 * Query of `GET /v2/workflows`.
 *
 * @example
 * ```ts
 * WorkflowListQuery.parse({ limit: 20, offset: 40, orderBy: 'name', orderDirection: 'ASC' });
 * ```
 */
export const WorkflowListQuery = z.object({
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  offset: z.optional(z.int().check(z.minimum(0))),
  orderDirection: z.optional(OrderDirection),
  orderBy: z.optional(z.enum(WORKFLOW_ORDER_BY_FIELDS)),
  query: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  status: z.optional(z.array(z.enum(WORKFLOW_STATUSES))),
});
export type WorkflowListQuery = z.infer<typeof WorkflowListQuery>;
