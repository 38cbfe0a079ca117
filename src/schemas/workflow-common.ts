import * as z from 'zod/mini';
import type { WireShape } from './common';

/** Workflow statuses. */
export const WORKFLOW_STATUSES = ['ACTIVE', 'INACTIVE', 'ERROR'] as const;
/** A workflow status. */
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** Where a workflow (or step) was created. */
export const WORKFLOW_ORIGINS = ['svc-cloud', 'svc-cloud-v1', 'external'] as const;
/** A workflow origin. */
export type WorkflowOrigin = (typeof WORKFLOW_ORIGINS)[number];

/** Severity levels of a workflow or notification. */
export const SEVERITIES = ['high', 'medium', 'low', 'none'] as const;
/** A severity level. */
export type Severity = (typeof SEVERITIES)[number];

/** Time units of digests and delays. */
export const DIGEST_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
/** A digest or delay time unit. */
export type DigestUnit = (typeof DIGEST_UNITS)[number];

/** Fields `GET /v2/workflows` can sort by. */
export const WORKFLOW_ORDER_BY_FIELDS = [
  'createdAt',
  'updatedAt',
  'name',
  'lastTriggeredAt',
] as const;

/** A dashboard user reference (`updatedBy`, `lastPublishedBy`). */
export const UserSummary = z.looseObject({
  /** The user's id. */
  _id: z.string(),
  /** First name. */
  firstName: z.optional(z.nullable(z.string())),
  /** Last name. */
  lastName: z.optional(z.nullable(z.string())),
  /** The user's id in the external identity provider. */
  externalId: z.optional(z.nullable(z.string())),
});
/** The dashboard user who last changed or published a workflow (`updatedBy`, `lastPublishedBy`). */
export interface UserSummary extends WireShape<typeof UserSummary> {}
