import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsRetrieveRoute } from '../routes/topics';
import type { Topic } from '../schemas/topic';

/**
 * Retrieves a topic by key (`GET /v2/topics/{topicKey}`).
 *
 * @throws {@link NotFoundError} when no topic has that key.
 *
 * @example
 * ```ts
 * const topic = await topicsRetrieve(core, 'news');
 * ```
 */
export function topicsRetrieve(
  core: SvcCore,
  topicKey: string,
  options?: RequestOptions,
): APIPromise<Topic> {
  return request(core, routeSpec(topicsRetrieveRoute, { params: { topicKey } }), options);
}
