import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsSyncRoute } from '../routes/workflows';
import type { WorkflowSyncBody, WorkflowSyncResponse } from '../schemas/workflow';

/** {@inheritDoc Workflows.sync} */
export function workflowsSync(
  core: SvcCore,
  workflowId: string,
  body: WorkflowSyncBody,
  options?: RequestOptions,
): APIPromise<WorkflowSyncResponse> {
  return request(core, routeSpec(workflowsSyncRoute, { params: { workflowId }, body }), options);
}
