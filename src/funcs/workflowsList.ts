import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { OffsetPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { workflowsListRoute } from '../routes/workflows';
import type { WorkflowListItem, WorkflowListQuery } from '../schemas/workflow';

/** {@inheritDoc Workflows.list} */
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
