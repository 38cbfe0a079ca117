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
export { engineInboxSocket } from './realtime/engine-inbox-socket';
export type {
  InboxChange,
  InboxChangeHub,
  InboxChangeSource,
  InboxCounts,
  SeverityCounts,
} from './realtime/inbox-changes';
export { createInboxChangeHub } from './realtime/inbox-changes';
export type {
  InboxSession,
  InboxSocketOptions,
  ResolveInboxSession,
} from './realtime/inbox-socket';
export type { InboxSocketLimits } from './realtime/socket-limits';
export { DEFAULT_INBOX_SOCKET_LIMITS } from './realtime/socket-limits';
