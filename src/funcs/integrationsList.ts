import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { integrationsListRoute } from '../routes/integrations';
import type { Integration } from '../schemas/integration';

/** {@inheritDoc Integrations.list} */
export function integrationsList(
  core: SvcCore,
  options?: RequestOptions,
): APIPromise<Integration[]> {
  return request(core, routeSpec(integrationsListRoute), options);
}
