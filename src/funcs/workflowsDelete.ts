import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsDeleteRoute } from '../routes/workflows';
import type { NoContent } from '../schemas/common';

/** {@inheritDoc Workflows.delete} */
export function workflowsDelete(
  core: SvcCore,
  workflowId: string,
  options?: RequestOptions,
): APIPromise<NoContent> {
  return request(core, routeSpec(workflowsDeleteRoute, { params: { workflowId } }), options);
}
