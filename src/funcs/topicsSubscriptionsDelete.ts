import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsSubscriptionsDeleteRoute } from '../routes/topics';
import type { TopicSubscriptionsDeleteBody, TopicSubscriptionsResult } from '../schemas/topic';

/** {@inheritDoc TopicSubscriptions.delete} */
export function topicsSubscriptionsDelete(
  core: SvcCore,
  topicKey: string,
  body: TopicSubscriptionsDeleteBody,
  options?: RequestOptions,
): APIPromise<TopicSubscriptionsResult> {
  return request(
    core,
    routeSpec(topicsSubscriptionsDeleteRoute, { params: { topicKey }, body }),
    options,
  );
}
