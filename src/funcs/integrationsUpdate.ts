import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { integrationsUpdateRoute } from '../routes/integrations';
import type { Integration, IntegrationUpdateBody } from '../schemas/integration';

/** {@inheritDoc Integrations.update} */
export function integrationsUpdate(
  core: SvcCore,
  integrationId: string,
  body: IntegrationUpdateBody,
  options?: RequestOptions,
): APIPromise<Integration> {
  return request(
    core,
    routeSpec(integrationsUpdateRoute, { params: { integrationId }, body }),
    options,
  );
}
