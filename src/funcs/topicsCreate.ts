import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsCreateRoute } from '../routes/topics';
import type { Topic, TopicCreateBody } from '../schemas/topic';

/** {@inheritDoc Topics.create} */
export function topicsCreate(
  core: SvcCore,
  body: TopicCreateBody,
  options?: RequestOptions,
): APIPromise<Topic> {
  return request(core, routeSpec(topicsCreateRoute, { body }), options);
}
