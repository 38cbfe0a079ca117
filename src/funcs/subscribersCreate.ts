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

/**
 * Creates a subscriber (`POST /v2/subscribers`), or updates the existing one with the given fields;
 * `{ failIfExists: true }` makes an existing subscriber a {@link ConflictError} (409) instead.
 *
 * @example
 * ```ts
 * const subscriber = await subscribersCreate(core, { subscriberId: 'user-1', email: 'ada@example.com' });
 * ```
 */
export function subscribersCreate(
  core: SvcCore,
  body: CreateSubscriberBody,
  query: CreateSubscriberQuery = {},
  options?: RequestOptions,
): APIPromise<Subscriber> {
  return request(core, routeSpec(subscribersCreateRoute, { body, query }), options);
}
