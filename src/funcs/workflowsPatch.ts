import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsPatchRoute } from '../routes/workflows';
import type { WorkflowPatchBody, WorkflowResponse } from '../schemas/workflow';

/**
 * Changes a workflow's fields without touching its steps (`PATCH /v2/workflows/{workflowId}`):
 * `active` (which also sets the status), `name`, `description`, `tags`, `payloadSchema`,
 * `validatePayload`, `isTranslationEnabled`; resolves to the workflow. An idempotency key
 * (generated unless given) makes retries safe.
 *
 * @example
 * ```ts
 * const paused = await workflowsPatch(core, 'welcome-email', { active: false });
 * console.log(paused.status); // 'INACTIVE'
 * ```
 */
export function workflowsPatch(
  core: SvcCore,
  workflowId: string,
  body: WorkflowPatchBody,
  options?: RequestOptions,
): APIPromise<WorkflowResponse> {
  return request(core, routeSpec(workflowsPatchRoute, { params: { workflowId }, body }), options);
}
