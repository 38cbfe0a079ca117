import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { integrationsCreateRoute } from '../routes/integrations';
import type { Integration, IntegrationCreateBody } from '../schemas/integration';

/** {@inheritDoc Integrations.create} */
export function integrationsCreate(
  core: SvcCore,
  body: IntegrationCreateBody,
  options?: RequestOptions,
): APIPromise<Integration> {
  return request(core, routeSpec(integrationsCreateRoute, { body }), options);
}
