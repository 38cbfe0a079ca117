import { type HttpHandler, http } from 'msw';
import type { MockEngine, RequestContext } from '../engine/engine';
import { errorResponse, json } from './respond';

/** Options of {@link createHandlers}. */
export interface HandlerOptions {
  /**
   * Origin (and optional path prefix) the handlers answer on, e.g. `https://api.svc.co`.
   * Default: any origin, so the same handlers serve `setupServer`, `setupWorker` and the
   * HTTP server.
   */
  baseUrl?: string;
  /** Called with every unexpected error (answered as a 500 with `errorId`). Default: `console.error`. */
  onUnexpectedError?: (error: unknown, errorId: string) => void;
}

/** What an endpoint's run function gets. */
export interface EndpointInput {
  request: Request;
  url: URL;
  params: Record<string, string>;
  context: RequestContext;
}

/** What an endpoint's run function returns: the status and the (already enveloped) body. */
export interface EndpointResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** @internal Joins the base URL and a route pattern. */
export function routePattern(baseUrl: string | undefined, route: string): string {
  if (!baseUrl || baseUrl === '*') return `*${route}`;
  return `${baseUrl.replace(/\/+$/, '')}${route}`;
}

/**
 * One MSW handler for one endpoint: authenticates, runs the engine operation, and answers every
 * failure with the service's error body. No exception ever escapes to MSW.
 *
 * @internal
 */
export function endpoint(
  engine: MockEngine,
  options: HandlerOptions,
  method: Method,
  route: string,
  run: (input: EndpointInput) => EndpointResult | Promise<EndpointResult>,
): HttpHandler {
  const onBug =
    options.onUnexpectedError ??
    ((error: unknown, errorId: string) => console.error(`[svc-mock] errorId ${errorId}:`, error));
  return http[method](routePattern(options.baseUrl, route), async ({ request, params }) => {
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    try {
      const context = engine.authenticate(request.headers.get('authorization'));
      const result = await run({
        request,
        url,
        params: params as Record<string, string>,
        context,
      });
      return json(result.status, result.body, result.headers);
    } catch (error) {
      return errorResponse(error, path, engine.clock.iso(), () => crypto.randomUUID(), onBug);
    }
  });
}
