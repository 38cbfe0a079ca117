/**
 * The inspector's live event streams (`/__svc/ui/events`) of one engine: one subscription to the
 * engine for all of them, each event serialised once and the same frame written to every stream,
 * at most {@link EVENT_STREAM_LIMITS} streams open (in total and per client), and a stream that
 * cannot keep up (its unsent bytes past the limit) dropped: the page reconnects.
 *
 * @module
 */

import type { MockEngine } from '../engine/engine';
import type { EngineEvent } from '../engine/event-feed';

/**
 * The caps of the event streams (docs/security.md, "Caps and budgets").
 *
 * @example
 * ```ts
 * EVENT_STREAM_LIMITS.perClient; // 8
 * ```
 */
export const EVENT_STREAM_LIMITS = {
  /** Streams open at once, all clients together. */
  total: 64,
  /** Streams open at once from one client address. */
  perClient: 8,
  /** Unsent bytes past which a stream is dropped. */
  bufferedBytes: 1024 * 1024,
} as const;

/** What a stream writes to: a node `ServerResponse` in the server. */
export interface StreamSink {
  readonly writableLength: number;
  write(chunk: string): unknown;
  destroy(): unknown;
}

/** An open stream: call `close` when its connection ends. */
export interface OpenStream {
  close(): void;
}

/** The streams of one engine. */
export interface EventStreams {
  /**
   * Opens a stream for `client` (its address) writing to `sink`, or answers why it cannot
   * (`'total'` or `'per-client'` cap reached).
   */
  open(client: string, sink: StreamSink): OpenStream | 'total' | 'per-client';
  /** How many streams are open. */
  readonly size: number;
}

/** An event as the stream sends it: request bodies and answers stay out (the page fetches them). */
export function streamFrame(event: EngineEvent): string {
  const {
    body: _body,
    answer: _answer,
    ...rest
  } = event as EngineEvent & {
    body?: unknown;
    answer?: unknown;
  };
  return `id: ${event.seq}\nevent: engine\ndata: ${JSON.stringify(rest)}\n\n`;
}

/**
 * Creates the streams of `engine` (`frame` serialises an event once for every stream).
 *
 * @example
 * ```ts
 * const streams = createEventStreams(engine);
 * const stream = streams.open(req.socket.remoteAddress ?? '', res);
 * if (typeof stream === 'object') res.on('close', () => stream.close());
 * ```
 */
export function createEventStreams(
  engine: MockEngine,
  limits: { total: number; perClient: number; bufferedBytes: number } = EVENT_STREAM_LIMITS,
  frame: (event: EngineEvent) => string = streamFrame,
): EventStreams {
  const sinks = new Map<StreamSink, string>();
  const perClient = new Map<string, number>();
  let stop: (() => void) | undefined;

  const remove = (sink: StreamSink): void => {
    const client = sinks.get(sink);
    if (client === undefined) return;
    sinks.delete(sink);
    const left = (perClient.get(client) ?? 1) - 1;
    if (left === 0) perClient.delete(client);
    else perClient.set(client, left);
    if (sinks.size === 0 && stop !== undefined) {
      stop();
      stop = undefined;
    }
  };

  const broadcast = (event: EngineEvent): void => {
    const text = frame(event);
    for (const sink of [...sinks.keys()]) {
      if (sink.writableLength > limits.bufferedBytes) {
        remove(sink);
        sink.destroy();
        continue;
      }
      sink.write(text);
    }
  };

  return {
    get size() {
      return sinks.size;
    },
    open(client, sink) {
      if (sinks.size >= limits.total) return 'total';
      if ((perClient.get(client) ?? 0) >= limits.perClient) return 'per-client';
      sinks.set(sink, client);
      perClient.set(client, (perClient.get(client) ?? 0) + 1);
      stop ??= engine.events.subscribe(broadcast);
      return { close: () => remove(sink) };
    },
  };
}
