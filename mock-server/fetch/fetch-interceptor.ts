/**
 * The built-in interceptor of `setupSvcMock`: it replaces the global `fetch` with one that sends
 * the service's routes to the engine and everything else to the fetch it replaced, and puts
 * that one back on `restore()`. It needs no msw, so it runs where msw cannot load (jest's
 * CommonJS runtime, msw 2.13 and later) with no configuration.
 *
 * @module
 */
import type { MockEngine } from '../engine/engine';
import { createPipeline, type PipelineOptions } from '../pipeline/pipeline';
import { type BaseUrl, fromFetchRequest, serviceRouteOf, toFetchResponse } from './fetch-bridge';

/** A request as the interceptor reads it before deciding, without touching its body. */
export interface RequestHead {
  method: string;
  url: URL;
  headers: Headers;
}

/** Options of {@link interceptGlobalFetch}. */
export interface FetchInterceptorOptions extends PipelineOptions {
  /** Where the engine answers (the service's hosts and the configured base URL). */
  bases: readonly BaseUrl[];
  /**
   * Called for a request no route answers: an error fails the request with it, `undefined`
   * lets it through to the original `fetch`.
   */
  onUnhandled(request: RequestHead): Error | undefined;
}

/** What {@link interceptGlobalFetch} returns. */
export interface FetchInterception {
  /** Puts the original `fetch` back (when nothing replaced the interceptor since). */
  restore(): void;
}

function headOf(input: Request | string | URL, init: RequestInit | undefined): RequestHead {
  const request = input instanceof Request ? input : undefined;
  return {
    method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
    url: new URL(request?.url ?? String(input)),
    // As the Fetch standard builds a request: headers in `init` replace the request's.
    headers: new Headers(init?.headers ?? request?.headers),
  };
}

/**
 * Replaces `globalThis.fetch` with one that the engine answers on its routes.
 *
 * @example
 * ```ts
 * const interception = interceptGlobalFetch(engine, {
 *   bases: handledBases(undefined),
 *   onUnhandled: () => undefined, // let everything else through
 * });
 * await fetch('https://api.svc.co/v2/subscribers/user-1', { headers }); // the engine answers
 * interception.restore();
 * ```
 */
export function interceptGlobalFetch(
  engine: MockEngine,
  options: FetchInterceptorOptions,
): FetchInterception {
  const pipeline = createPipeline(engine, options);
  const original = globalThis.fetch;
  const intercepting: typeof fetch = async (input, init) => {
    let head: RequestHead;
    try {
      head = headOf(input, init);
    } catch {
      return original(input, init); // not a URL fetch understands: let it say so
    }
    const route = serviceRouteOf(head.method, head.url, options.bases);
    if (route === undefined) {
      const refusal = options.onUnhandled(head);
      if (refusal) throw refusal;
      return original(input, init);
    }
    // ky calls `fetch(request, {})`: an empty `init` keeps the request as is (no stream copy).
    const request =
      input instanceof Request && Object.values(init ?? {}).every((value) => value === undefined)
        ? input
        : new Request(input, init);
    const response = await pipeline.handle(fromFetchRequest(request, route.target), route.matched);
    return toFetchResponse(response ?? pipeline.notFound(fromFetchRequest(request, route.target)));
  };
  globalThis.fetch = intercepting;
  return {
    restore() {
      if (globalThis.fetch === intercepting) globalThis.fetch = original;
    },
  };
}
