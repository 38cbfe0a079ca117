import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsRetrieveRoute } from '../routes/topics';
import type { Topic } from '../schemas/topic';

/** {@inheritDoc Topics.retrieve} */
export function topicsRetrieve(
  core: SvcCore,
  topicKey: string,
  options?: RequestOptions,
): APIPromise<Topic> {
  return request(core, routeSpec(topicsRetrieveRoute, { params: { topicKey } }), options);
}
