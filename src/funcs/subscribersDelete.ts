import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersDeleteRoute } from '../routes/subscribers';
import type { RemoveSubscriberResponse } from '../schemas/subscriber';

/** {@inheritDoc Subscribers.delete} */
export function subscribersDelete(
  core: SvcCore,
  subscriberId: string,
  options?: RequestOptions,
): APIPromise<RemoveSubscriberResponse> {
  return request(core, routeSpec(subscribersDeleteRoute, { params: { subscriberId } }), options);
}
