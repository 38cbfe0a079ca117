/**
 * A workflow as a usage answer names it (`/v2/layouts/{layoutId}/usage`,
 * `/v1/environment-variables/{variableKey}/usage`).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { WireShape } from './common';

/** A workflow named by a usage answer. */
export const WorkflowReference = z.looseObject({
  /** The workflow's name. */
  name: z.string(),
  /** The workflow's identifier (what a trigger sends). */
  workflowId: z.string(),
});
/**
 * A workflow named by a usage answer.
 *
 * @example
 * ```ts
 * const [first]: WorkflowReference[] = (await svc.layouts.usage('brand')).workflows;
 * ```
 */
export interface WorkflowReference extends WireShape<typeof WorkflowReference> {}
