import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersCredentialsDeleteRoute } from '../routes/subscribers';

/**
 * Removes a subscriber's credentials for one provider
 * (`DELETE /v1/subscribers/{subscriberId}/credentials/{providerId}`); resolves with nothing.
 *
 * @example
 * ```ts
 * await subscribersCredentialsDelete(core, 'user-1', 'slack');
 * ```
 */
export function subscribersCredentialsDelete(
  core: SvcCore,
  subscriberId: string,
  providerId: string,
  options?: RequestOptions,
): APIPromise<undefined> {
  return request(
    core,
    routeSpec(subscribersCredentialsDeleteRoute, { params: { subscriberId, providerId } }),
    options,
  );
}
