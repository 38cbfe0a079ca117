/**
 * Workflows as code: workflow files (the `svc-workflows` CLI's format), `defineWorkflow`, and the plan, push
 * and pull functions the CLI is made of, for scripts of your own. See docs/workflows-as-code.md.
 *
 * @module @svc/api/workflows
 */

export { applyWorkflowPlan, WorkflowPushError } from './apply';
export { jsonEqual, serializeWorkflowFile, sortKeys } from './canonical';
export type { DefinedWorkflow, WorkflowDefinition, WorkflowsOf } from './define-workflow';
export { defineWorkflow } from './define-workflow';
export { workflowFileFromResponse } from './from-response';
export type { FieldChange, WorkflowChange, WorkflowPlan } from './plan';
export { formatPlan, planWorkflows, workflowChanges } from './plan';
export { fetchWorkflowFiles, fetchWorkflows, MAX_REMOTE_WORKFLOWS } from './remote';
export { createBodyOf, updateBodyOf } from './to-body';
export {
  MAX_WORKFLOW_STEPS,
  WorkflowFile,
  WorkflowFileStep,
  workflowFileJsonSchema,
} from './workflow-file';
