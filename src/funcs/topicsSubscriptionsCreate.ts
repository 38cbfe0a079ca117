import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsSubscriptionsCreateRoute } from '../routes/topics';
import type { TopicSubscriptionsCreateBody, TopicSubscriptionsResult } from '../schemas/topic';

/** {@inheritDoc TopicSubscriptions.create} */
export function topicsSubscriptionsCreate(
  core: SvcCore,
  topicKey: string,
  body: TopicSubscriptionsCreateBody,
  options?: RequestOptions,
): APIPromise<TopicSubscriptionsResult> {
  return request(
    core,
    routeSpec(topicsSubscriptionsCreateRoute, { params: { topicKey }, body }),
    options,
  );
}
