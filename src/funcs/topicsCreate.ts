import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsCreateRoute } from '../routes/topics';
import type { Topic, TopicCreateBody } from '../schemas/topic';

/**
 * Creates a topic (`POST /v2/topics`), or sets the name of the existing one (the service upserts).
 *
 * @example
 * ```ts
 * const topic = await topicsCreate(core, { key: 'task:12345', name: 'Task' });
 * ```
 */
export function topicsCreate(
  core: SvcCore,
  body: TopicCreateBody,
  options?: RequestOptions,
): APIPromise<Topic> {
  return request(core, routeSpec(topicsCreateRoute, { body }), options);
}
