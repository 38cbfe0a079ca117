import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { OffsetPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsListRoute } from '../routes/workflows';
import type { WorkflowListItem, WorkflowListQuery } from '../schemas/workflow';

/**
 * Lists workflows (`GET /v2/workflows`), offset-paginated: pages advance by `limit` until
 * `totalCount`. The service answers `{workflows, totalCount}`; the page's `data` holds the
 * workflows.
 *
 * @example
 * ```ts
 * const page = await workflowsList(core, { limit: 20, tags: ['onboarding'] });
 * console.log(page.totalCount, page.data.map((workflow) => workflow.workflowId));
 * ```
 */
export function workflowsList(
  core: SvcCore,
  query: WorkflowListQuery = {},
  options?: RequestOptions,
): PagePromise<OffsetPage<WorkflowListItem, WorkflowListQuery>, WorkflowListItem> {
  return requestPage(
    (pageQuery: WorkflowListQuery) =>
      startRequest(core, routeSpec(workflowsListRoute, { query: pageQuery }), options),
    query,
    (body, pageQuery, fetch) =>
      new OffsetPage({ data: body.workflows, totalCount: body.totalCount }, pageQuery, fetch),
  );
}
