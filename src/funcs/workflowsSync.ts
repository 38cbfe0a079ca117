import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsSyncRoute } from '../routes/workflows';
import type { WorkflowSyncBody, WorkflowSyncResponse } from '../schemas/workflow';

/**
 * Copies a workflow to another environment (`PUT /v2/workflows/{workflowId}/sync`); resolves to the target environment's workflow.
 *
 * @example
 * ```ts
 * const synced = await workflowsSync(core, 'welcome-email', {
 *   targetEnvironmentId: '64da692e9a94fb2e6449ad02',
 * });
 * ```
 */
export function workflowsSync(
  core: SvcCore,
  workflowId: string,
  body: WorkflowSyncBody,
  options?: RequestOptions,
): APIPromise<WorkflowSyncResponse> {
  return request(core, routeSpec(workflowsSyncRoute, { params: { workflowId }, body }), options);
}
