import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { Integration } from '../schemas/integration';

const IntegrationList = z.array(Integration);

/**
 * Lists the channel integrations (`GET /v1/integrations`).
 *
 * @example
 * ```ts
 * const integrations = await integrationsList(core);
 * const primaryEmail = integrations.find((i) => i.channel === 'email' && i.primary);
 * ```
 */
export function integrationsList(
  core: SvcCore,
  options?: RequestOptions,
): APIPromise<Integration[]> {
  return request(
    core,
    {
      operation: 'integrations.list',
      method: 'GET',
      path: 'v1/integrations',
      schema: IntegrationList,
    },
    options,
  );
}
