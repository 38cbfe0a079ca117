import type { EngineScope } from '../scope';
/**
 * A workflow read, patched and deleted through the API (docs/behaviour/workflows.md#retrieve,
 * #patch, #delete).
 *
 * @module
 */

import { WorkflowPatchBody } from '../../../src/schemas/workflow';
import type { EnvironmentData, WorkflowRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { findWorkflow, toWorkflowResponse, type WorkflowResponseDto } from './workflows';

/**
 * The workflow of the environment with this workflowId, slug or `_id`; 404
 * `Workflow cannot be found` (with the `workflowId` asked for) otherwise.
 */
export function requireWorkflow(data: EnvironmentData, idOrSlug: string): WorkflowRecord {
  const workflow = findWorkflow(data, idOrSlug);
  if (!workflow) {
    throw ServiceError.http(404, 'Workflow cannot be found', { workflowId: idOrSlug });
  }
  return workflow;
}

/** `GET /v2/workflows/{workflowId}` (docs/behaviour/workflows.md#retrieve). */
export function retrieveWorkflow(scope: EngineScope, idOrSlug: string): WorkflowResponseDto {
  const { data } = scope;
  return toWorkflowResponse(requireWorkflow(data, idOrSlug), data);
}

/**
 * `PATCH /v2/workflows/{workflowId}` (docs/behaviour/workflows.md#patch): sets the fields given
 * (a `null` leaves a field as it is, as the service does); `active` also sets the stored status.
 */
export function patchWorkflow(
  scope: EngineScope,
  idOrSlug: string,
  body: unknown,
): WorkflowResponseDto {
  const { data } = scope;
  const now = scope.iso();
  const input = validateBody(WorkflowPatchBody, body);
  const workflow = requireWorkflow(data, idOrSlug);
  tables.workflows.edit(data, workflow);
  if (input.active !== undefined) {
    workflow.active = input.active;
    workflow.status = input.active ? 'ACTIVE' : 'INACTIVE';
  }
  if (input.name !== undefined) workflow.name = input.name;
  if (input.description !== undefined) workflow.description = input.description;
  if (input.tags !== undefined) workflow.tags = [...input.tags];
  if (input.payloadSchema !== undefined && input.payloadSchema !== null) {
    workflow.payloadSchema = structuredClone(input.payloadSchema);
  }
  if (input.validatePayload !== undefined) workflow.validatePayload = input.validatePayload;
  if (input.isTranslationEnabled !== undefined) {
    workflow.isTranslationEnabled = input.isTranslationEnabled;
  }
  workflow.updatedAt = now;
  return toWorkflowResponse(workflow, data);
}

/**
 * `DELETE /v2/workflows/{workflowId}` (docs/behaviour/workflows.md#delete): the workflow leaves
 * the environment; its past notifications stay, and runs still waiting on the clock cancel their
 * remaining steps when they resume.
 */
export function deleteWorkflow(scope: EngineScope, idOrSlug: string): void {
  const { data } = scope;
  const workflow = requireWorkflow(data, idOrSlug);
  tables.workflows.remove(data, workflow);
}
