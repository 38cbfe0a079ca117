/**
 * The Inbox socket's caps: every open socket costs memory, so the server bounds how many it
 * keeps and how much it queues for each (docs/security.md, docs/inbox.md#limits).
 *
 * @module
 */

/**
 * Caps of the Inbox socket. Past `maxSockets` or `maxSocketsPerAddress` a new connection is
 * refused before the WebSocket opens (503 or 429); a socket that has more than
 * `maxBufferedBytes` not yet taken by its client is dropped, and its client reconnects; a client
 * message past `maxMessageBytes`, or a handshake longer than `handshakeTimeoutMs`, closes the
 * connection.
 *
 * @example
 * ```ts
 * const limits: InboxSocketLimits = { ...DEFAULT_INBOX_SOCKET_LIMITS, maxSockets: 5_000 };
 * ```
 */
export interface InboxSocketLimits {
  /** Open sockets of the whole server. */
  maxSockets: number;
  /** Open sockets from one client address (every local browser is `127.0.0.1`). */
  maxSocketsPerAddress: number;
  /** Bytes queued for one socket that its client has not read yet. */
  maxBufferedBytes: number;
  /** Bytes of one message from a client (the Inbox client sends only its `CONNECT`). */
  maxMessageBytes: number;
  /** Milliseconds a new connection has to finish socket.io's handshake. */
  handshakeTimeoutMs: number;
}

/**
 * The caps `svc-mock` applies unless told otherwise: 2,000 sockets, 500 from one address,
 * 256 kB queued per socket (an Inbox event is a few kB), 16 kB per client message, 10 s to
 * finish the handshake.
 *
 * @example
 * ```ts
 * DEFAULT_INBOX_SOCKET_LIMITS.maxSockets; // 2000
 * ```
 */
export const DEFAULT_INBOX_SOCKET_LIMITS: Readonly<InboxSocketLimits> = Object.freeze({
  maxSockets: 2_000,
  maxSocketsPerAddress: 500,
  maxBufferedBytes: 256 * 1024,
  maxMessageBytes: 16 * 1024,
  handshakeTimeoutMs: 10_000,
});
