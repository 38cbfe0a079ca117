/**
 * How the engine reaches the bridges of code-first apps (docs/code-first.md): over the network
 * with `fetch`, or through an app's request handler called in-process (no port at all).
 *
 * @module
 */

import { DEFAULT_BODY_LIMIT } from '../../../src/routes/route';
import type { BridgeTransport } from './bridge-client';

/**
 * Options of the engine's bridge calls (`createMockEngine({ bridge })`, `setupSvcMock({ bridge })`).
 *
 * @example
 * ```ts
 * import { serve } from '@novu/framework/next';
 * const app = serve({ workflows: [welcome] });
 * setupSvcMock({ bridge: { handler: (request) => app[request.method as 'GET' | 'POST'](request) } });
 * ```
 */
export interface BridgeOptions {
  /**
   * The app's bridge as a fetch-style handler, called in-process for every bridge URL instead of
   * the network (e.g. what `@novu/framework/next`'s `serve` returns, by method). Default: `fetch`.
   */
  handler?: (request: Request) => Promise<Response>;
  /** Time allowed for one attempt, in ms. Default 5000 (the service's). */
  timeoutMs?: number;
  /**
   * Base of the wait between attempts: attempt `n` that failed is retried after `2^n ×` this, in
   * wall-clock ms. Default 1000 (the service's); tests of a failing bridge may lower it.
   */
  retryDelayMs?: number;
}

// Taken at load time: a request interceptor installed later (setupSvcMock's msw) must not catch
// the engine's own calls to an app's bridge.
const networkFetch: typeof globalThis.fetch = globalThis.fetch.bind(globalThis);

/** Largest bridge answer read: ten times the default request body limit (1 MB). */
export const MAX_BRIDGE_ANSWER_BYTES = DEFAULT_BODY_LIMIT * 10;

/**
 * The transport the options describe.
 *
 * @example
 * ```ts
 * const transport = bridgeTransport({ timeoutMs: 1000 });
 * ```
 */
export function bridgeTransport(options: BridgeOptions = {}): BridgeTransport {
  const handler = options.handler;
  return {
    fetch: handler ?? ((request) => networkFetch(request)),
    timeoutMs: options.timeoutMs ?? 5000,
    retryDelayMs: options.retryDelayMs ?? 1000,
    maxAnswerBytes: MAX_BRIDGE_ANSWER_BYTES,
  };
}
