import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersRetrieveRoute } from '../routes/subscribers';
import type { Subscriber } from '../schemas/subscriber';

/** {@inheritDoc Subscribers.retrieve} */
export function subscribersRetrieve(
  core: SvcCore,
  subscriberId: string,
  options?: RequestOptions,
): APIPromise<Subscriber> {
  return request(core, routeSpec(subscribersRetrieveRoute, { params: { subscriberId } }), options);
}
