import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsDeleteRoute } from '../routes/workflows';
import type { NoContent } from '../schemas/common';

/**
 * Deletes a workflow (`DELETE /v2/workflows/{workflowId}`, by workflowId, slug or `_id`);
 * resolves to nothing (204). Triggers of it then answer `workflow_not_found`.
 *
 * @example
 * ```ts
 * await workflowsDelete(core, 'welcome-email');
 * ```
 */
export function workflowsDelete(
  core: SvcCore,
  workflowId: string,
  options?: RequestOptions,
): APIPromise<NoContent> {
  return request(core, routeSpec(workflowsDeleteRoute, { params: { workflowId } }), options);
}
