/**
 * The Fetch side of the pipeline: a `Request` read as a {@link PipelineRequest}, a
 * {@link PipelineResponse} turned into a `Response`, and the base URL a handler answers on.
 * Shared by the fetch handler and the msw adapter.
 *
 * @module
 */
import { REGION_BASE_URLS } from '../../src/core/options';
import { type PipelineRequest, type PipelineResponse, readLimited } from '../pipeline/message';
import { type MatchedRoute, matchRoute } from '../pipeline/router';

/**
 * A Fetch `Request` as the pipeline reads it; `target` is its path (below the base path) and
 * query.
 */
export function fromFetchRequest(request: Request, target: string): PipelineRequest {
  return {
    method: request.method,
    target,
    header: (name) => request.headers.get(name) ?? undefined,
    signal: request.signal,
    async readBody(limit) {
      if (request.body === null) return '';
      const length = request.headers.get('content-length');
      const declared = length === null ? Number.NaN : Number(length);
      // A declared length is read at once (the pipeline refused one past the limit): an HTTP
      // server's framing (Bun.serve, Deno.serve) holds the body to it; in-process ones are in memory.
      if (Number.isInteger(declared) && declared >= 0) return request.text();
      return readLimited(chunksOf(request.body), limit);
    },
  };
}

// Browsers' ReadableStream is not async-iterable everywhere: read it through its reader.
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  // Past the limit the caller just stops reading: cancelling an intercepted request's stream
  // can wait forever in msw's interceptors.
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** A pipeline response as a Fetch `Response` (`Response.error()` for a network error). */
export function toFetchResponse(response: PipelineResponse): Response {
  if (response.kind === 'network-error') return Response.error();
  // A 204 has no body, and the Fetch API refuses one, even empty.
  const body = response.status === 204 ? null : response.body;
  return new Response(body, { status: response.status, headers: response.headers });
}

/** Where a handler answers: an origin and a path prefix (without trailing slash). */
export interface BaseUrl {
  origin: string;
  prefix: string;
}

/** Parses a base URL such as `https://eu.api.svc.co` or `http://localhost:8080/svc`. */
export function parseBaseUrl(baseUrl: string): BaseUrl {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(
      `baseUrl must be an absolute URL such as "http://localhost:4010", got "${baseUrl}"`,
    );
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/**
 * The bases a handler answers on: the service's hosts (as the client's `region` resolves them)
 * and the given `baseUrl`.
 */
export function handledBases(baseUrl: string | undefined): BaseUrl[] {
  const bases = Object.values(REGION_BASE_URLS).map(parseBaseUrl);
  if (baseUrl !== undefined) bases.push(parseBaseUrl(baseUrl));
  return bases;
}

/**
 * The target (`path?query` below the base's prefix) of a URL on one of the bases, or
 * `undefined` when the URL is on none of them.
 */
export function targetOn(url: URL, bases: readonly BaseUrl[]): string | undefined {
  for (const base of bases) {
    if (url.origin !== base.origin) continue;
    if (base.prefix === '') return url.pathname + url.search;
    if (url.pathname === base.prefix || url.pathname.startsWith(`${base.prefix}/`)) {
      return (url.pathname.slice(base.prefix.length) || '/') + url.search;
    }
  }
  return undefined;
}

/** A request's route of the service: its target below the base, and the matched route. */
export interface ServiceRoute {
  target: string;
  matched: MatchedRoute;
}

/**
 * The route a request to `url` takes: on one of the bases and a route of the table, or
 * `undefined` (another origin, or a path that is no route).
 */
export function serviceRouteOf(
  method: string,
  url: URL,
  bases: readonly BaseUrl[],
): ServiceRoute | undefined {
  const target = targetOn(url, bases);
  if (target === undefined) return undefined;
  const matched = matchRoute(method, target.split('?', 1)[0] as string);
  return matched === undefined ? undefined : { target, matched };
}
