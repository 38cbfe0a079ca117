import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsUpdateRoute } from '../routes/topics';
import type { Topic, TopicUpdateBody } from '../schemas/topic';

/**
 * Renames a topic (`PATCH /v2/topics/{topicKey}`).
 *
 * @example
 * ```ts
 * await topicsUpdate(core, 'news', { name: 'Product news' });
 * ```
 */
export function topicsUpdate(
  core: SvcCore,
  topicKey: string,
  body: TopicUpdateBody,
  options?: RequestOptions,
): APIPromise<Topic> {
  return request(core, routeSpec(topicsUpdateRoute, { params: { topicKey }, body }), options);
}
