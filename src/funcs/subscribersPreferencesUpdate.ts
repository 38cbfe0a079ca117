import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersPreferencesUpdateRoute } from '../routes/subscribers';
import type { PreferencesUpdateBody, SubscriberPreferences } from '../schemas/preference';

/** {@inheritDoc SubscriberPreferences.update} */
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
