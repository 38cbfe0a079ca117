import { createControlRouter } from '../control/control-router';
import { defaultControlRoutes } from '../control/control-routes';
import { createSnapshotStore } from '../control/snapshot-store';
import type { MockEngine } from '../engine/engine';
import { createPipeline, type PipelineOptions } from '../pipeline/pipeline';
import { fromFetchRequest, handledBases, targetOn, toFetchResponse } from './fetch-bridge';

/**
 * Options of {@link createFetchHandler}.
 *
 * @example
 * ```ts
 * const handle = createFetchHandler(engine, { baseUrl: 'http://localhost:8787', control: true });
 * ```
 */
export interface FetchHandlerOptions extends PipelineOptions {
  /**
   * A base URL to answer on besides the service's hosts, e.g. where `Bun.serve` listens.
   * A request on any other origin answers 404.
   */
  baseUrl?: string;
  /** Also answer the control API under `/__svc/` (for a server you run yourself). Default false. */
  control?: boolean;
}

/**
 * A function with `fetch`'s signature that the engine answers: `(request) => Promise<Response>`
 * or `(url, init) => Promise<Response>`.
 *
 * @example
 * ```ts
 * const fetchFromEngine: FetchHandler = createFetchHandler(engine);
 * const response = await fetchFromEngine('https://api.svc.co/v2/subscribers/user-1', { headers });
 * ```
 */
export type FetchHandler = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A standard fetch handler over an engine, `(request) => Promise<Response>`: give it to the
 * client as its `fetch` (no msw, no global patching), or serve it with `Bun.serve`,
 * `Deno.serve` or a worker.
 *
 * @example
 * ```ts
 * import { Svc } from '@svc/api';
 * import { createFetchHandler, createMockEngine } from '@svc/api/mock';
 *
 * const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * const svc = new Svc({
 *   secretKey: engine.environment('Development').apiKey,
 *   fetch: createFetchHandler(engine),
 * });
 * await svc.subscribers.retrieve('user-1');
 * ```
 */
export function createFetchHandler(
  engine: MockEngine,
  options: FetchHandlerOptions = {},
): FetchHandler {
  const pipeline = createPipeline(engine, options);
  const bases = handledBases(options.baseUrl);
  const control = options.control
    ? createControlRouter(defaultControlRoutes, { engine, snapshots: createSnapshotStore() })
    : undefined;
  return async (input, init) => {
    // ky calls `fetch(request, {})`: copying a Request whose body is a stream costs a proxy
    // stream pair (a third of an in-process call), so an empty `init` keeps the request as is.
    const request =
      input instanceof Request && (init === undefined || isEmpty(init))
        ? input
        : new Request(input, init);
    const url = new URL(request.url);
    const onBase = targetOn(url, bases);
    const pipelineRequest = fromFetchRequest(request, onBase ?? url.pathname + url.search);
    const controlResponse = await control?.(pipelineRequest);
    if (controlResponse) return toFetchResponse(controlResponse);
    const response = onBase === undefined ? undefined : await pipeline.handle(pipelineRequest);
    return toFetchResponse(response ?? pipeline.notFound(pipelineRequest));
  };
}

function isEmpty(init: RequestInit): boolean {
  for (const key in init) {
    if (init[key as keyof RequestInit] !== undefined) return false;
  }
  return true;
}
