import { NoContent } from '../schemas/common';
import {
  WorkflowCreateBody,
  WorkflowListQuery,
  WorkflowListResponse,
  WorkflowPatchBody,
  WorkflowResponse,
  WorkflowSyncBody,
  WorkflowSyncResponse,
  WorkflowUpdateBody,
} from '../schemas/workflow';
import { StepPreviewBody, StepPreviewResponse } from '../schemas/workflow-preview';
import { WorkflowStepResponse } from '../schemas/workflow-response';
import { LARGE_BODY_LIMIT, type Route } from './route';

/** `GET /v2/workflows`: an offset page of workflows. */
export const workflowsListRoute = {
  operation: 'workflows.list',
  method: 'GET',
  path: '/v2/workflows',
  status: 200,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  query: WorkflowListQuery,
  response: WorkflowListResponse,
  items: 'workflows',
} as const satisfies Route;

/** `PUT /v2/workflows/{workflowId}/sync`: copies a workflow to another environment. */
export const workflowsSyncRoute = {
  operation: 'workflows.sync',
  method: 'PUT',
  path: '/v2/workflows/:workflowId/sync',
  status: 200,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  body: WorkflowSyncBody,
  response: WorkflowSyncResponse,
} as const satisfies Route;

/** `GET /v2/workflows/{workflowId}`: one workflow, by workflowId, slug or `_id`. */
export const workflowsRetrieveRoute = {
  operation: 'workflows.retrieve',
  method: 'GET',
  path: '/v2/workflows/:workflowId',
  status: 200,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  response: WorkflowResponse,
} as const satisfies Route;

/** `PATCH /v2/workflows/{workflowId}`: changes a workflow's fields (not its steps). */
export const workflowsPatchRoute = {
  operation: 'workflows.patch',
  method: 'PATCH',
  path: '/v2/workflows/:workflowId',
  status: 200,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  body: WorkflowPatchBody,
  response: WorkflowResponse,
} as const satisfies Route;

/** `DELETE /v2/workflows/{workflowId}`: deletes a workflow; 204 No Content. */
export const workflowsDeleteRoute = {
  operation: 'workflows.delete',
  method: 'DELETE',
  path: '/v2/workflows/:workflowId',
  status: 204,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  response: NoContent,
} as const satisfies Route;

/** `POST /v2/workflows`: creates a workflow with its steps; 201 with the workflow. */
export const workflowsCreateRoute = {
  operation: 'workflows.create',
  method: 'POST',
  path: '/v2/workflows',
  status: 201,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  body: WorkflowCreateBody,
  response: WorkflowResponse,
} as const satisfies Route;

/** `PUT /v2/workflows/{workflowId}`: replaces a workflow's fields and steps. */
export const workflowsUpdateRoute = {
  operation: 'workflows.update',
  method: 'PUT',
  path: '/v2/workflows/:workflowId',
  status: 200,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  body: WorkflowUpdateBody,
  response: WorkflowResponse,
} as const satisfies Route;

/** `GET /v2/workflows/{workflowId}/steps/{stepId}`: one step, with its controls and variables. */
export const workflowsStepsRetrieveRoute = {
  operation: 'workflows.steps.retrieve',
  method: 'GET',
  path: '/v2/workflows/:workflowId/steps/:stepId',
  status: 200,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  response: WorkflowStepResponse,
} as const satisfies Route;

/** `POST /v2/workflows/{workflowId}/step/{stepId}/preview`: a step rendered as a run renders it. */
export const workflowsStepsGeneratePreviewRoute = {
  operation: 'workflows.steps.generatePreview',
  method: 'POST',
  path: '/v2/workflows/:workflowId/step/:stepId/preview',
  status: 201,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  body: StepPreviewBody,
  response: StepPreviewResponse,
} as const satisfies Route;
