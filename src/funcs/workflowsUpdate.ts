import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsUpdateRoute } from '../routes/workflows';
import type { WorkflowResponse, WorkflowUpdateBody } from '../schemas/workflow';

/** {@inheritDoc Workflows.update} */
export function workflowsUpdate(
  core: SvcCore,
  workflowId: string,
  body: WorkflowUpdateBody,
  options?: RequestOptions,
): APIPromise<WorkflowResponse> {
  return request(core, routeSpec(workflowsUpdateRoute, { params: { workflowId }, body }), options);
}
