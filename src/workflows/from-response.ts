// A workflow as the service answers it, turned into a workflow file: every managed field, no
// server ids or timestamps.
import { SEVERITIES } from '../schemas/workflow-common';
import type { WorkflowResponse } from '../schemas/workflow-response';
import { UPSERT_STEP_TYPES, type UpsertStepType } from '../schemas/workflow-upsert';
import { sortKeys } from './canonical';
import type { WorkflowFile, WorkflowFileStep } from './workflow-file';

const isUpsertStepType = (type: string): type is UpsertStepType =>
  (UPSERT_STEP_TYPES as readonly string[]).includes(type);

const asObject = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * The workflow file of a workflow as `GET /v2/workflows/{workflowId}` answers it. Throws for a
 * step type a workflow file cannot hold.
 *
 * @example
 * ```ts
 * const file = workflowFileFromResponse(await svc.workflows.retrieve('welcome'));
 * ```
 */
export function workflowFileFromResponse(workflow: WorkflowResponse): WorkflowFile {
  const preferences = asObject(workflow.preferences) ?? {};
  const steps = workflow.steps.map((step): WorkflowFileStep => {
    if (!isUpsertStepType(step.type)) {
      throw new Error(
        `workflow "${workflow.workflowId}": step "${step.stepId}" has type "${step.type}", which the workflows API cannot create`,
      );
    }
    const controlValues = asObject(step.controlValues) ?? asObject(step.controls?.values) ?? {};
    return {
      stepId: step.stepId,
      name: step.name,
      type: step.type,
      controlValues: sortKeys(controlValues) as Record<string, unknown>,
    } as WorkflowFileStep;
  });
  return {
    workflowId: workflow.workflowId,
    name: workflow.name,
    description: workflow.description ?? '',
    tags: [...(workflow.tags ?? [])],
    active: workflow.active ?? workflow.status !== 'INACTIVE',
    severity: SEVERITIES.find((known) => known === workflow.severity) ?? 'none',
    validatePayload: workflow.validatePayload ?? false,
    payloadSchema: workflow.payloadSchema ?? null,
    isTranslationEnabled: workflow.isTranslationEnabled ?? false,
    preferences: {
      user: asObject(preferences['user']),
      default: asObject(preferences['default']),
    },
    steps,
  };
}
