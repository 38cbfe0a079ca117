import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsRetrieveRoute } from '../routes/workflows';
import type { WorkflowResponse } from '../schemas/workflow';

/** {@inheritDoc Workflows.retrieve} */
export function workflowsRetrieve(
  core: SvcCore,
  workflowId: string,
  options?: RequestOptions,
): APIPromise<WorkflowResponse> {
  return request(core, routeSpec(workflowsRetrieveRoute, { params: { workflowId } }), options);
}
