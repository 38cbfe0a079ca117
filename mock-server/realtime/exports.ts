/**
 * The Inbox socket's public surface, re-exported by each entry that starts servers
 * (`@svc/api/mock/node` and `@svc/api/mock/server`).
 *
 * @module
 */
export { engineInboxSocket } from './engine-inbox-socket';
export type {
  InboxChangeHub,
  InboxChangeSource,
  InboxCounts,
  InboxSocketChange,
  SeverityCounts,
} from './inbox-changes';
export { createInboxChangeHub } from './inbox-changes';
export type {
  InboxSocketOptions,
  InboxSocketSession,
  ResolveInboxSocketSession,
} from './inbox-socket';
export type { InboxSocketLimits } from './socket-limits';
export { DEFAULT_INBOX_SOCKET_LIMITS } from './socket-limits';
