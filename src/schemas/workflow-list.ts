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
  /** The step's slug. */
  slug: z.string(),
  /** The step type (`in_app`, `email`, `delay`, ...). */
  type: openEnum(STEP_TYPES),
  /** What the service found missing or wrong in the step. */
  issues: z.optional(StepIssues),
});
/** A step of a workflow in the workflows list (`WorkflowListItem.steps`). */
export interface StepListItem extends WireShape<typeof StepListItem> {}

/** A workflow as listed by `GET /v2/workflows`. */
export const WorkflowListItem = z.looseObject({
  /** The workflow's name. */
  name: z.string(),
  /** The workflow's tags. */
  tags: z.optional(z.array(z.string())),
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
  /** The workflow's internal id. */
  _id: z.string(),
  /** The workflow's identifier: the name a trigger sends. */
  workflowId: z.string(),
  /** The workflow's slug. */
  slug: z.string(),
  /** `ACTIVE`, `INACTIVE` or `ERROR` (a step has issues). */
  status: openEnum(WORKFLOW_STATUSES),
  /** Where the workflow was created: `svc-cloud`, `svc-cloud-v1` or `external`. */
  origin: openEnum(WORKFLOW_ORIGINS),
  /** When it was last triggered. */
  lastTriggeredAt: z.optional(z.nullable(Timestamp)),
  /** The type of each step, in order. */
  stepTypeOverviews: z.array(openEnum(STEP_TYPES)),
  /** Whether translations are enabled for the workflow. */
  isTranslationEnabled: z.optional(z.boolean()),
  /** The workflow's steps. */
  steps: z.array(StepListItem),
});
export interface WorkflowListItem extends WireShape<typeof WorkflowListItem> {}

/** Response of `GET /v2/workflows`. */
export const WorkflowListResponse = z.looseObject({
  /** The workflows of this page. */
  workflows: z.array(WorkflowListItem),
  /** Number of workflows matching the query, across all pages. */
  totalCount: z.number(),
});
export interface WorkflowListResponse extends WireShape<typeof WorkflowListResponse> {}

/** Query of `GET /v2/workflows`. */
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
