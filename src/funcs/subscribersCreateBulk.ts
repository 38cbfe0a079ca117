import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersCreateBulkRoute } from '../routes/subscribers';
import type {
  BulkCreateSubscribersBody,
  BulkCreateSubscribersResponse,
} from '../schemas/subscriber';

/**
 * Creates or updates up to 500 subscribers at once (`POST /v1/subscribers/bulk`); the answer lists
 * the `created`, `updated` and `failed` ones.
 *
 * @example
 * ```ts
 * const { created, updated } = await subscribersCreateBulk(core, { subscribers: [{ subscriberId: 'user-1' }] });
 * ```
 */
export function subscribersCreateBulk(
  core: SvcCore,
  body: BulkCreateSubscribersBody,
  options?: RequestOptions,
): APIPromise<BulkCreateSubscribersResponse> {
  return request(core, routeSpec(subscribersCreateBulkRoute, { body }), options);
}
