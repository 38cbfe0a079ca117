import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { path } from '../core/path';
import { request } from '../core/request';
import { PathParam } from '../core/validation';
import { Integration } from '../schemas/integration';

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
    {
      operation: 'integrations.setPrimary',
      method: 'POST',
      path: path`v1/integrations/${integrationId}/set-primary`,
      checks: [{ label: 'integrationId', schema: PathParam, value: integrationId }],
      schema: Integration,
    },
    options,
  );
}
