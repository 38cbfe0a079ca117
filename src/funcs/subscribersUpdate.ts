import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersUpdateRoute } from '../routes/subscribers';
import type { Subscriber, SubscriberUpdateBody } from '../schemas/subscriber';

/** {@inheritDoc Subscribers.update} */
export function subscribersUpdate(
  core: SvcCore,
  subscriberId: string,
  body: SubscriberUpdateBody,
  options?: RequestOptions,
): APIPromise<Subscriber> {
  return request(
    core,
    routeSpec(subscribersUpdateRoute, { params: { subscriberId }, body }),
    options,
  );
}
