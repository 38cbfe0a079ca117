import { BridgeSyncBody, BridgeSyncResponse } from '../schemas/bridge';
import type { Route } from './route';

/** `POST /v1/bridge/sync`: discovers an app's code-first workflows at its bridge URL and saves them. */
export const bridgeSyncRoute = {
  operation: 'bridge.sync',
  method: 'POST',
  path: '/v1/bridge/sync',
  status: 201,
  category: 'configuration',
  body: BridgeSyncBody,
  response: BridgeSyncResponse,
} as const satisfies Route;
