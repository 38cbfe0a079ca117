/**
 * The handlers of the `bridge` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/bridge';
import { BridgeSyncBody } from '../../../src/schemas/bridge';
import { callBridge } from '../bridge/bridge-client';
import { checkBridgeUrl } from '../bridge/bridge-url';
import { type DiscoveredWorkflow, readDiscover } from '../bridge/discover';
import { applyBridgeSync } from '../bridge/sync';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { definePreparedOperation } from './operation';

interface Discovery {
  bridgeUrl: string;
  workflows: DiscoveredWorkflow[];
}

export const bridgeSync = definePreparedOperation(
  routes.bridgeSyncRoute,
  async (scope, { body }): Promise<Discovery> => {
    const bridgeUrl = checkBridgeUrl(validateBody(BridgeSyncBody, body).bridgeUrl);
    // The service's sync discovers with one attempt and answers a failure as a 400.
    const result = await callBridge(scope.bridge, {
      bridgeUrl,
      action: 'discover',
      secretKey: scope.environment.apiKey,
      attempts: 1,
    });
    if (!result.ok) throw ServiceError.http(400, result.failure.message);
    return { bridgeUrl, workflows: readDiscover(result.body) };
  },
  (scope, { prepared }) => {
    if (prepared === undefined) {
      throw ServiceError.http(
        400,
        'bridge.sync discovers the bridge over the network first: call it with engine.perform or the client',
      );
    }
    const { bridgeUrl, workflows } = prepared as Discovery;
    return applyBridgeSync(scope, bridgeUrl, workflows);
  },
);
