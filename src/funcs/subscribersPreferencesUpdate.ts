import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersPreferencesUpdateRoute } from '../routes/subscribers';
import type { PreferencesUpdateBody, SubscriberPreferences } from '../schemas/preference';

/**
 * Turns channels on or off for one workflow (`workflowId`) or globally
 * (`PATCH /v2/subscribers/{subscriberId}/preferences`); answers the preferences after the change.
 *
 * @example
 * ```ts
 * await subscribersPreferencesUpdate(core, 'user-1', { workflowId: 'welcome', channels: { email: false } });
 * ```
 */
export function subscribersPreferencesUpdate(
  core: SvcCore,
  subscriberId: string,
  body: PreferencesUpdateBody,
  options?: RequestOptions,
): APIPromise<SubscriberPreferences> {
  return request(
    core,
    routeSpec(subscribersPreferencesUpdateRoute, { params: { subscriberId }, body }),
    options,
  );
}
