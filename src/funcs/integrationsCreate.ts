import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { integrationsCreateRoute } from '../routes/integrations';
import type { Integration, IntegrationCreateBody } from '../schemas/integration';

/**
 * Creates a provider integration in the key's environment (`POST /v1/integrations`).
 *
 * @throws {@link ConflictError} when the `identifier` is already used.
 *
 * @example
 * ```ts
 * const integration = await integrationsCreate(core, {
 *   providerId: 'sendgrid',
 *   channel: 'email',
 *   credentials: { apiKey: 'SG.xxx' },
 *   active: true,
 * });
 * ```
 */
export function integrationsCreate(
  core: SvcCore,
  body: IntegrationCreateBody,
  options?: RequestOptions,
): APIPromise<Integration> {
  return request(core, routeSpec(integrationsCreateRoute, { body }), options);
}
