import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsCreateRoute } from '../routes/workflows';
import type { WorkflowCreateBody, WorkflowResponse } from '../schemas/workflow';

/**
 * Creates a workflow with its steps (`POST /v2/workflows`); resolves to the workflow as the
 * service answers it (steps with their `_id`, `stepId`, controls and `issues`; `status` `ERROR`
 * while a step has issues). A `workflowId` already used in the environment is refused (409). An
 * idempotency key (generated unless given) makes retries safe.
 *
 * @example
 * ```ts
 * const workflow = await workflowsCreate(core, {
 *   name: 'Welcome',
 *   workflowId: 'welcome',
 *   steps: [{ name: 'In-App', type: 'in_app', controlValues: { body: 'Welcome!' } }],
 * });
 * console.log(workflow.steps[0]?._id);
 * ```
 */
export function workflowsCreate(
  core: SvcCore,
  body: WorkflowCreateBody,
  options?: RequestOptions,
): APIPromise<WorkflowResponse> {
  return request(core, routeSpec(workflowsCreateRoute, { body }), options);
}
