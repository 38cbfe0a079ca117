import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { CursorPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsListRoute } from '../routes/topics';
import type { Topic, TopicListQuery } from '../schemas/topic';

/** {@inheritDoc Topics.list} */
export function topicsList(
  core: SvcCore,
  query: TopicListQuery = {},
  options?: RequestOptions,
): PagePromise<CursorPage<Topic, TopicListQuery>, Topic> {
  return requestPage(
    (pageQuery: TopicListQuery) =>
      startRequest(core, routeSpec(topicsListRoute, { query: pageQuery }), options),
    query,
    (body, pageQuery, fetch) => new CursorPage(body, pageQuery, fetch),
  );
}
