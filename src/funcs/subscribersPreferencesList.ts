import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersPreferencesListRoute } from '../routes/subscribers';
import type { PreferencesListQuery, SubscriberPreferences } from '../schemas/preference';

/** {@inheritDoc SubscriberPreferences.list} */
export function subscribersPreferencesList(
  core: SvcCore,
  subscriberId: string,
  query: PreferencesListQuery = {},
  options?: RequestOptions,
): APIPromise<SubscriberPreferences> {
  return request(
    core,
    routeSpec(subscribersPreferencesListRoute, { params: { subscriberId }, query }),
    options,
  );
}
