import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersCreateRoute } from '../routes/subscribers';
import type {
  CreateSubscriberBody,
  CreateSubscriberQuery,
  Subscriber,
} from '../schemas/subscriber';

/** {@inheritDoc Subscribers.create} */
export function subscribersCreate(
  core: SvcCore,
  body: CreateSubscriberBody,
  query: CreateSubscriberQuery = {},
  options?: RequestOptions,
): APIPromise<Subscriber> {
  return request(core, routeSpec(subscribersCreateRoute, { body, query }), options);
}
