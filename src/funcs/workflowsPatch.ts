import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsPatchRoute } from '../routes/workflows';
import type { WorkflowPatchBody, WorkflowResponse } from '../schemas/workflow';

/** {@inheritDoc Workflows.patch} */
export function workflowsPatch(
  core: SvcCore,
  workflowId: string,
  body: WorkflowPatchBody,
  options?: RequestOptions,
): APIPromise<WorkflowResponse> {
  return request(core, routeSpec(workflowsPatchRoute, { params: { workflowId }, body }), options);
}
