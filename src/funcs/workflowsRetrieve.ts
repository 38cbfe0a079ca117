import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsRetrieveRoute } from '../routes/workflows';
import type { WorkflowResponse } from '../schemas/workflow';

/**
 * Retrieves one workflow (`GET /v2/workflows/{workflowId}`) by its workflowId, its slug or its
 * `_id`, with its steps, controls, issues and status. An unknown one answers 404.
 *
 * @example
 * ```ts
 * const workflow = await workflowsRetrieve(core, 'welcome-email');
 * console.log(workflow.status, workflow.steps.length);
 * ```
 */
export function workflowsRetrieve(
  core: SvcCore,
  workflowId: string,
  options?: RequestOptions,
): APIPromise<WorkflowResponse> {
  return request(core, routeSpec(workflowsRetrieveRoute, { params: { workflowId } }), options);
}
