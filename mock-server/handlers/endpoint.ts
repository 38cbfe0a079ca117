import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import type { MockEngine, RequestContext } from '../engine/engine';
import {
  type FaultInput,
  type FaultRequest,
  faultError,
  operationOf,
} from '../engine/policy/faults';
import type { RateLimitCategory } from '../engine/policy/rate-limit';
import { ServiceError } from '../engine/wire/service-error';
import { errorBody, errorResponse, json } from './respond';

/**
 * Options of {@link createHandlers}.
 *
 * @example
 * ```ts
 * const handlers = createHandlers(engine, { baseUrl: 'https://eu.api.svc.co' });
 * ```
 */
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
  /** The parsed JSON body (`undefined` when there is none). */
  body: unknown;
}

/** What an endpoint's run function returns: the status and the (already enveloped) body. */
export interface EndpointResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** How an endpoint is treated by the cross-cutting rules. */
export interface EndpointRules {
  /** Rate-limit category of the route's controller. */
  category: RateLimitCategory;
  /** Body limit in bytes (100 kB by default; 26 MB on workflow routes). */
  bodyLimit?: number;
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

const DEFAULT_BODY_LIMIT = 100 * 1024;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route MSW matches without decoding anything, and the reader of its path parameters. */
export interface CompiledRoute {
  /** What MSW matches the URL (without query) against: no capturing groups, so no decoding. */
  pattern: RegExp;
  /** The decoded path parameters; a malformed escape is the router's 400. */
  params(url: URL): Record<string, string>;
}

/**
 * Compiles a route such as `/v2/subscribers/:subscriberId` the way MSW would match the string
 * pattern (any origin and prefix unless `baseUrl` is given, case-insensitive, optional trailing
 * slash), but as a RegExp: MSW decodes string-route parameters itself and throws a `URIError`
 * out of the handler on `%E0%A4%A`, where the service answers 400 (ADR 0060).
 *
 * @example
 * ```ts
 * compileRoute(undefined, '/v2/subscribers/:subscriberId').params(new URL('https://x/v2/subscribers/a%2Fb'));
 * // { subscriberId: 'a/b' }
 * ```
 *
 * @internal
 */
export function compileRoute(baseUrl: string | undefined, route: string): CompiledRoute {
  const prefix =
    !baseUrl || baseUrl === '*' ? '^.*' : `^${escapeRegExp(baseUrl.replace(/\/+$/, ''))}`;
  const names: string[] = [];
  const body = route
    .split(/(:[A-Za-z_]\w*)/)
    .map((part) => {
      if (!part.startsWith(':')) return escapeRegExp(part);
      names.push(part.slice(1));
      return '([^/#?]+?)';
    })
    .join('');
  const capturing = new RegExp(`${prefix}${body}/?$`, 'i');
  const pattern = new RegExp(`${prefix}${body.replaceAll('([^/#?]+?)', '(?:[^/#?]+?)')}/?$`, 'i');
  return {
    pattern,
    params(url) {
      const found = capturing.exec(`${url.origin}${url.pathname}`);
      const params: Record<string, string> = {};
      names.forEach((name, index) => {
        const raw = found?.[index + 1] ?? '';
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          throw ServiceError.http(400, `Failed to decode param '${raw}'`);
        }
      });
      return params;
    },
  };
}

async function readBody(request: Request, limit: number): Promise<unknown> {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > limit) {
    throw ServiceError.http(413, 'request entity too large');
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw ServiceError.http(400, error instanceof Error ? error.message : 'Invalid JSON body');
  }
}

/**
 * One MSW handler for one endpoint: applies injected faults (before the operation, or after it
 * committed), authenticates, applies rate limits and idempotency, runs the engine operation, and
 * answers every failure with the service's error body. No exception ever escapes to MSW.
 *
 * @internal
 */
export function endpoint(
  engine: MockEngine,
  options: HandlerOptions,
  method: Method,
  route: string,
  rules: EndpointRules,
  run: (input: EndpointInput) => EndpointResult,
): HttpHandler {
  const onBug =
    options.onUnexpectedError ??
    ((error: unknown, errorId: string) => console.error(`[svc-mock] errorId ${errorId}:`, error));
  const idempotent = method === 'post' || method === 'patch';
  const compiled = compileRoute(options.baseUrl, route);
  const operation = operationOf(method, route);
  const newErrorId = () => crypto.randomUUID();

  // Answers an injected fault; `undefined` for latency, after which the request goes on.
  async function answerFault(fault: FaultInput, path: string): Promise<Response | undefined> {
    const { respond } = fault;
    if (respond === 'network-error') return HttpResponse.error();
    if ('delayMs' in respond) {
      await delay(respond.delayMs);
      return undefined;
    }
    const error = faultError(respond.status, rules.category, newErrorId);
    const body =
      respond.body === undefined ? errorBody(error, path, engine.clock.iso()) : respond.body;
    return json(respond.status, body, { ...error.headers, ...respond.headers });
  }

  return http[method](compiled.pattern, async ({ request }) => {
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    const faultRequest: FaultRequest = {
      operation,
      method: request.method,
      path: url.pathname,
      headers: request.headers,
    };
    const before = engine.faults.take(faultRequest, 'before');
    if (before) {
      const answer = await answerFault(before, path);
      if (answer) return answer;
    }
    let performed = false;
    const response = await perform();
    if (!performed) return response;
    const afterCommit = engine.faults.take(faultRequest, 'commit');
    if (!afterCommit) return response;
    return (await answerFault(afterCommit, path)) ?? response;

    async function perform(): Promise<Response> {
      let headers: Record<string, string> = {};
      try {
        // Routing comes first, as in the service: a bad escape is a 400 even without a key.
        const params = compiled.params(url);
        const context = engine.authenticate(request.headers.get('authorization'));
        headers = engine.takeRateLimit(context, rules.category, 1);
        const body =
          method === 'get'
            ? undefined
            : await readBody(request, rules.bodyLimit ?? DEFAULT_BODY_LIMIT);
        const input = { request, url, params, context, body };
        const key = request.headers.get('idempotency-key');
        performed = true;
        if (!idempotent || key === null || !engine.idempotencyEnabled) {
          const result = run(input);
          return json(result.status, result.body, { ...headers, ...result.headers });
        }
        const decision = engine.beginIdempotent(context, key, JSON.stringify(body ?? {}));
        if (decision.kind === 'replay') {
          const replayed =
            decision.status >= 400
              ? { ...(decision.body as object), timestamp: engine.clock.iso(), path }
              : decision.body;
          return json(decision.status, replayed, { ...headers, ...decision.headers });
        }
        let result: EndpointResult;
        try {
          result = run(input);
        } catch (error) {
          if (!(error instanceof ServiceError)) {
            // A bug is not an answer of the service: free the key so a retry runs again.
            engine.releaseIdempotent(context, key);
            throw error;
          }
          const body = errorBody(error, path, engine.clock.iso());
          engine.finishIdempotent(context, key, {
            status: error.status,
            body,
            headers: error.headers,
          });
          error.headers['Idempotency-Key'] = key;
          throw error;
        }
        engine.finishIdempotent(context, key, result);
        return json(result.status, result.body, {
          ...headers,
          ...result.headers,
          'Idempotency-Key': key,
        });
      } catch (error) {
        return errorResponse(error, path, engine.clock.iso(), newErrorId, onBug, headers);
      }
    }
  });
}
