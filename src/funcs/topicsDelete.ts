import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsDeleteRoute } from '../routes/topics';
import type { DeleteTopicResponse } from '../schemas/topic';

/** {@inheritDoc Topics.delete} */
export function topicsDelete(
  core: SvcCore,
  topicKey: string,
  options?: RequestOptions,
): APIPromise<DeleteTopicResponse> {
  return request(core, routeSpec(topicsDeleteRoute, { params: { topicKey } }), options);
}
