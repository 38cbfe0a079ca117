/**
 * The msw adapter over the request pipeline, built from the msw module it is handed: the msw
 * entry passes the statically imported one, `setupSvcMock` the one it loads when it starts, so
 * nothing else of the package needs msw installed.
 *
 * @module
 */
import type { HttpHandler, HttpResponse as MswHttpResponse, http as mswHttp } from 'msw';
import type { MockEngine } from '../engine/engine';
import {
  fromFetchRequest,
  handledBases,
  type ServiceRoute,
  serviceRouteOf,
  toFetchResponse,
} from '../fetch/fetch-bridge';
import { createPipeline, type PipelineOptions } from '../pipeline/pipeline';

/**
 * Options of `createHandlers`.
 *
 * @example
 * ```ts
 * const handlers = createHandlers(engine, { baseUrl: 'http://localhost:8080/svc' });
 * ```
 */
export interface HandlerOptions extends PipelineOptions {
  /**
   * A base URL (origin and optional path prefix) to answer on besides the service's own hosts
   * (`https://api.svc.co`, `https://eu.api.svc.co`), e.g. a proxy your app calls. Requests to
   * any other origin, or to a path that is no route, are left unhandled, as a misconfigured
   * client would fail against the service.
   */
  baseUrl?: string;
}

/** The parts of the msw module the adapter uses. */
export interface MswModule {
  http: typeof mswHttp;
  HttpResponse: typeof MswHttpResponse;
}

/**
 * Builds the msw handlers of an engine with a given msw module.
 * @internal
 */
export function buildHandlers(
  msw: MswModule,
  engine: MockEngine,
  options: HandlerOptions = {},
): HttpHandler[] {
  const pipeline = createPipeline(engine, options);
  const bases = handledBases(options.baseUrl);
  // msw hands the predicate and the resolver the same request: the route matched in the one is
  // kept for the other, so a request is matched once.
  const matches = new WeakMap<Request, ServiceRoute>();
  // Only a route of the service on one of the bases matches: anything else stays unhandled, so
  // msw's onUnhandledRequest reports it.
  const predicate = ({ request }: { request: Request }): boolean => {
    const found = serviceRouteOf(request.method, new URL(request.url), bases);
    if (found === undefined) return false;
    matches.set(request, found);
    return true;
  };
  return [
    msw.http.all(predicate, async ({ request }) => {
      const found = matches.get(request);
      if (found === undefined) return undefined;
      matches.delete(request);
      const response = await pipeline.handle(
        fromFetchRequest(request, found.target),
        found.matched,
      );
      if (response === undefined) return undefined;
      return response.kind === 'network-error'
        ? msw.HttpResponse.error()
        : toFetchResponse(response);
    }),
  ];
}
