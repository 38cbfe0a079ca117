/**
 * `GET /v2/workflows/{workflowId}/steps/{stepId}` (docs/behaviour/workflows.md#step-data): one
 * step of a workflow in the shape the workflow answers carry it.
 *
 * @module
 */

import { requireWorkflow } from '../resources/workflow-changes';
import { toWorkflowResponse } from '../resources/workflows';
import type { EngineScope } from '../scope';
import type { WorkflowRecord, WorkflowStepRecord } from '../store/state';
import { ServiceError } from '../wire/service-error';

/** The step of a workflow with this `_id` or `stepId`, as the service's step lookup finds it. */
export function findStep(
  workflow: WorkflowRecord,
  stepIdOrInternalId: string,
): WorkflowStepRecord | undefined {
  return workflow.steps.find(
    (step) => step._id === stepIdOrInternalId || step.stepId === stepIdOrInternalId,
  );
}

/**
 * The step's data: its controls, control values, variables and issues. An unknown workflow is
 * the service's 404 `Workflow cannot be found`; an unknown step its 400 `No step found`, with
 * the ids asked for.
 */
export function retrieveStepData(scope: EngineScope, workflowId: string, stepId: string) {
  const workflow = requireWorkflow(scope.data, workflowId);
  const step = findStep(workflow, stepId);
  if (step === undefined) {
    throw ServiceError.http(400, 'No step found', { stepId, workflowId });
  }
  const response = toWorkflowResponse(workflow, scope.data);
  return response.steps[workflow.steps.indexOf(step)] as (typeof response.steps)[number];
}
