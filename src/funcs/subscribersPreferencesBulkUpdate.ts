import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersPreferencesBulkUpdateRoute } from '../routes/subscribers';
import type {
  BulkPreferencesUpdateBody,
  BulkPreferencesUpdateResponse,
} from '../schemas/preference-bulk';

/** {@inheritDoc SubscriberPreferences.bulkUpdate} */
export function subscribersPreferencesBulkUpdate(
  core: SvcCore,
  subscriberId: string,
  body: BulkPreferencesUpdateBody,
  options?: RequestOptions,
): APIPromise<BulkPreferencesUpdateResponse> {
  return request(
    core,
    routeSpec(subscribersPreferencesBulkUpdateRoute, { params: { subscriberId }, body }),
    options,
  );
}
