import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsCreateRoute } from '../routes/workflows';
import type { WorkflowCreateBody, WorkflowResponse } from '../schemas/workflow';

/** {@inheritDoc Workflows.create} */
export function workflowsCreate(
  core: SvcCore,
  body: WorkflowCreateBody,
  options?: RequestOptions,
): APIPromise<WorkflowResponse> {
  return request(core, routeSpec(workflowsCreateRoute, { body }), options);
}
