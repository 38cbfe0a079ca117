/**
 * The HTTP mock server (node:http) over the engine; needs no msw.
 *
 * @module @svc/api/mock/server
 */

export type {
  ControlDataDirectory,
  ControlGuard,
  ControlRoute,
  ControlRouteInput,
  ControlServices,
} from './control/control-router';
export type { MockServer, MockServerOptions } from './http/server';
export { startMockServer } from './http/server';
export * from './realtime/exports';
