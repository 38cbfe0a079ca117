/**
 * Routes of the `workflows` namespace.
 *
 * @module
 */
import {
  WorkflowListQuery,
  WorkflowListResponse,
  WorkflowSyncBody,
  WorkflowSyncResponse,
} from '../schemas/workflow';
import { LARGE_BODY_LIMIT, type Route } from './route';

/**
 * `GET /v2/workflows`: an offset page of workflows.
 *
 * @example
 * ```ts
 * workflowsListRoute.path; // '/v2/workflows'
 * ```
 */
export const workflowsListRoute = {
  operation: 'workflows.list',
  method: 'GET',
  path: '/v2/workflows',
  status: 200,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  query: WorkflowListQuery,
  response: WorkflowListResponse,
} as const satisfies Route;

/**
 * `PUT /v2/workflows/{workflowId}/sync`: copies a workflow to another environment.
 *
 * @example
 * ```ts
 * workflowsSyncRoute.method; // 'PUT'
 * ```
 */
export const workflowsSyncRoute = {
  operation: 'workflows.sync',
  method: 'PUT',
  path: '/v2/workflows/:workflowId/sync',
  status: 200,
  category: 'configuration',
  bodyLimit: LARGE_BODY_LIMIT,
  body: WorkflowSyncBody,
  response: WorkflowSyncResponse,
} as const satisfies Route;
