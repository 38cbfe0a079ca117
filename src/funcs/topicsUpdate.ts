import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsUpdateRoute } from '../routes/topics';
import type { Topic, TopicUpdateBody } from '../schemas/topic';

/** {@inheritDoc Topics.update} */
export function topicsUpdate(
  core: SvcCore,
  topicKey: string,
  body: TopicUpdateBody,
  options?: RequestOptions,
): APIPromise<Topic> {
  return request(core, routeSpec(topicsUpdateRoute, { params: { topicKey }, body }), options);
}
