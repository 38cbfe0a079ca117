// `@svc/api/mock/server`: the HTTP mock server (node:http), with no msw needed.

export type {
  ControlContext,
  ControlGuard,
  ControlRoute,
  ControlRouteInput,
} from './http/control-router';
export type { MockServer, MockServerOptions } from './http/server';
export { startMockServer } from './http/server';
