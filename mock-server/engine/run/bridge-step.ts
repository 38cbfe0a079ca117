/**
 * The asynchronous step of a code-first run (docs/code-first.md): when a step of an `external`
 * workflow is to run, its job goes `running` and a pending bridge call is stored
 * (`state.bridgeCalls`); the engine's bridge pump sends `action=execute` outside any operation,
 * and its answer is applied later as a change of its own (a data directory journals the answer, so
 * a replay never calls the bridge again). The run then goes on from that step.
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type { JobRecord, NotificationRecord, WorkflowRecord } from '../store/state';
import { tables } from '../store/tables';

/** Whether a step runs through the workflow's bridge: every step of a code-first workflow. */
export function isBridgeStep(workflow: WorkflowRecord, job: JobRecord): boolean {
  return workflow.origin === 'external' && job.bridge === undefined;
}

/**
 * Stores the pending bridge call of job `index` (already `running`) and tells the pump once the
 * change is kept.
 *
 * @example
 * ```ts
 * if (isBridgeStep(workflow, job)) queueBridgeCall(scope, notification, index);
 * ```
 */
export function queueBridgeCall(
  scope: EngineScope,
  notification: NotificationRecord,
  index: number,
): void {
  tables.bridgeCalls.push(scope.state, {
    seq: tables.nextTaskSequence(scope.state),
    environmentId: scope.environment._id,
    notificationId: notification._id,
    jobIndex: index,
    at: scope.now(),
  });
}
