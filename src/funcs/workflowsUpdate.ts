import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsUpdateRoute } from '../routes/workflows';
import type { WorkflowResponse, WorkflowUpdateBody } from '../schemas/workflow';

/**
 * Replaces a workflow's fields and steps (`PUT /v2/workflows/{workflowId}`, by workflowId, slug
 * or `_id`): steps with a stored `_id` change, steps without one are added, stored steps left out
 * are removed; an omitted `active` means `true`. Resolves to the workflow. PUT carries no
 * idempotency key.
 *
 * @example
 * ```ts
 * const current = await workflowsRetrieve(core, 'welcome');
 * const inApp = current.steps[0];
 * const updated = await workflowsUpdate(core, 'welcome', {
 *   name: current.name,
 *   origin: 'svc-cloud',
 *   preferences: {},
 *   steps: [
 *     { _id: inApp?._id, name: 'In-App', type: 'in_app' },
 *     { name: 'Email', type: 'email', controlValues: { subject: 'Hi', body: 'Hello' } },
 *   ],
 * });
 * console.log(updated.steps.length); // 2
 * ```
 */
export function workflowsUpdate(
  core: SvcCore,
  workflowId: string,
  body: WorkflowUpdateBody,
  options?: RequestOptions,
): APIPromise<WorkflowResponse> {
  return request(core, routeSpec(workflowsUpdateRoute, { params: { workflowId }, body }), options);
}
