import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { path } from '../core/path';
import { request } from '../core/request';
import { PathParam } from '../core/validation';
import { WorkflowSyncBody, WorkflowSyncResponse } from '../schemas/workflow';

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
  return request(
    core,
    {
      operation: 'workflows.sync',
      method: 'PUT',
      path: path`v2/workflows/${workflowId}/sync`,
      body: body,
      checks: [
        { label: 'workflowId', schema: PathParam, value: workflowId },
        { label: 'body', schema: WorkflowSyncBody, value: body },
      ],
      schema: WorkflowSyncResponse,
    },
    options,
  );
}
