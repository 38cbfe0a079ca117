import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { bridgeSyncRoute } from '../routes/bridge';
import type { BridgeSyncBody, BridgeSyncResponse } from '../schemas/bridge';

/** {@inheritDoc Bridge.sync} */
export function bridgeSync(
  core: SvcCore,
  body: BridgeSyncBody,
  options?: RequestOptions,
): APIPromise<BridgeSyncResponse> {
  return request(core, routeSpec(bridgeSyncRoute, { body }), options);
}
