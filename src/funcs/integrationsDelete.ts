import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { integrationsDeleteRoute } from '../routes/integrations';
import type { Integration } from '../schemas/integration';

/** {@inheritDoc Integrations.delete} */
export function integrationsDelete(
  core: SvcCore,
  integrationId: string,
  options?: RequestOptions,
): APIPromise<Integration[]> {
  return request(core, routeSpec(integrationsDeleteRoute, { params: { integrationId } }), options);
}
