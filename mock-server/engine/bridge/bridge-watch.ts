/**
 * Syncing an environment with its app's bridge outside a request: at svc-mock's start
 * (`--bridge-url`), on demand (`POST /__svc/bridge/sync`), and by a poll of the bridge's discover
 * answer that re-syncs when it changes (editing a workflow in the app shows without a restart).
 * Each sync is the `bridge.sync` operation itself, so a data directory keeps it.
 *
 * @module
 */

import type { MockEngine } from '../engine';
import type { OperationResponse } from '../perform';
import { callBridge } from './bridge-client';
import { bridgeTransport } from './bridge-options';

/**
 * Runs `POST /v1/bridge/sync` for an environment (Development unless named), with the URL given
 * or the one the environment keeps. Answers the operation's response (201, or the error body).
 *
 * @example
 * ```ts
 * const answer = await syncBridge(engine, { bridgeUrl: 'http://localhost:4000/api/novu' });
 * answer.status; // 201
 * ```
 */
export async function syncBridge(
  engine: MockEngine,
  options: { bridgeUrl?: string; environment?: string } = {},
): Promise<OperationResponse> {
  const environment = engine.environment(options.environment ?? 'Development');
  const bridgeUrl = options.bridgeUrl ?? environment.bridgeUrl;
  if (bridgeUrl === undefined) {
    throw new TypeError(
      `The ${environment.name} environment has no bridge URL yet: give one (svc-mock --bridge-url, or { bridgeUrl })`,
    );
  }
  return engine.perform({
    operation: 'bridge.sync',
    authorization: `ApiKey ${environment.apiKey}`,
    params: {},
    query: new URLSearchParams({ source: 'svc-mock' }),
    path: '/v1/bridge/sync',
    readBody: async () => ({ bridgeUrl }),
  });
}

/**
 * A running poll of a bridge.
 *
 * @example
 * ```ts
 * const watch = watchBridge(engine, { intervalMs: 2000 });
 * watch.stop();
 * ```
 */
export interface BridgeWatch {
  /** Polls once now; resolves `true` when the answer changed and a sync ran. */
  poll(): Promise<boolean>;
  stop(): void;
}

/**
 * Polls the environment's bridge (its discover answer, signed) every `intervalMs` and re-syncs
 * when the answer differs from the last one seen; `onSync` hears each sync's answer.
 *
 * @example
 * ```ts
 * const watch = watchBridge(engine, { intervalMs: 2000, onSync: (answer) => console.log(answer.status) });
 * ```
 */
export function watchBridge(
  engine: MockEngine,
  options: {
    intervalMs: number;
    environment?: string;
    onSync?: (answer: OperationResponse) => void;
  },
): BridgeWatch {
  const transport = bridgeTransport();
  let last: string | undefined;
  let polling: Promise<boolean> | undefined;

  async function pollOnce(): Promise<boolean> {
    const environment = engine.environment(options.environment ?? 'Development');
    const bridgeUrl = environment.bridgeUrl;
    if (bridgeUrl === undefined) return false;
    const result = await callBridge(transport, {
      bridgeUrl,
      action: 'discover',
      secretKey: environment.apiKey,
      attempts: 1,
    });
    if (!result.ok) return false;
    const seen = JSON.stringify(result.body);
    if (seen === last) return false;
    last = seen;
    const answer = await syncBridge(engine, { environment: environment._id });
    options.onSync?.(answer);
    return answer.status === 201;
  }

  const poll = () => {
    polling ??= pollOnce().finally(() => {
      polling = undefined;
    });
    return polling;
  };
  const timer = setInterval(() => {
    poll().catch((error: unknown) => console.error('[svc-mock] bridge poll failed:', error));
  }, options.intervalMs);
  // A poll never keeps the process alive on its own.
  (timer as { unref?: () => void }).unref?.();
  return {
    poll,
    stop: () => clearInterval(timer),
  };
}
