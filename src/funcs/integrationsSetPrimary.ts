import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { integrationsSetPrimaryRoute } from '../routes/integrations';
import type { Integration } from '../schemas/integration';

/** {@inheritDoc Integrations.setPrimary} */
export function integrationsSetPrimary(
  core: SvcCore,
  integrationId: string,
  options?: RequestOptions,
): APIPromise<Integration> {
  return request(
    core,
    routeSpec(integrationsSetPrimaryRoute, { params: { integrationId } }),
    options,
  );
}
