import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { integrationsSetPrimaryRoute } from '../routes/integrations';
import type { Integration } from '../schemas/integration';

/**
 * Makes an email or SMS integration the primary one of its channel (`POST /v1/integrations/{integrationId}/set-primary`).
 *
 * @throws {@link BadRequestError} for channels without a primary (in_app, chat, push).
 *
 * @example
 * ```ts
 * const integration = await integrationsSetPrimary(core, '64da692e9a94fb2e6449ad10');
 * integration.primary; // true
 * ```
 */
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
