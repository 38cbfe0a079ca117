// Applying a push plan through the workflows API, one workflow at a time, stopping at the first
// failure.
import type { Svc } from '../client';
import type { WorkflowChange, WorkflowPlan } from './plan';
import { createBodyOf, updateBodyOf } from './to-body';

/**
 * Raised when a push stops: the failed change, the service's error, and what was applied.
 *
 * @example
 * ```ts
 * try {
 *   await applyWorkflowPlan(svc, plan);
 * } catch (error) {
 *   if (error instanceof WorkflowPushError) console.error(error.message, error.applied);
 * }
 * ```
 */
export class WorkflowPushError extends Error {
  override name = 'WorkflowPushError' as const;
  /** The change that failed. */
  readonly failed: WorkflowChange;
  /** The changes applied before it, in order. */
  readonly applied: readonly WorkflowChange[];

  /** @internal */
  constructor(failed: WorkflowChange, applied: readonly WorkflowChange[], cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${failed.action} ${failed.workflowId} failed: ${reason}`, { cause });
    this.failed = failed;
    this.applied = applied;
  }
}

/**
 * Applies a plan in order (creates and updates, then deletes); stops at the first failure with a
 * {@link WorkflowPushError}. `onApplied` is called after each change.
 *
 * @example
 * ```ts
 * const plan = planWorkflows(files, await fetchWorkflowFiles(svc));
 * await applyWorkflowPlan(svc, plan, (change) => console.log(change.action, change.workflowId));
 * ```
 */
export async function applyWorkflowPlan(
  svc: Svc,
  plan: WorkflowPlan,
  onApplied: (change: WorkflowChange) => void = () => {},
): Promise<WorkflowChange[]> {
  const applied: WorkflowChange[] = [];
  for (const change of plan.changes) {
    try {
      if (change.action === 'create') {
        await svc.workflows.create(createBodyOf(change.file));
      } else if (change.action === 'update') {
        const current = await svc.workflows.retrieve(change.workflowId);
        await svc.workflows.update(change.workflowId, updateBodyOf(change.file, current));
      } else {
        await svc.workflows.delete(change.workflowId);
      }
    } catch (error) {
      throw new WorkflowPushError(change, applied, error);
    }
    applied.push(change);
    onApplied(change);
  }
  return applied;
}
