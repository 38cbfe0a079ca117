/**
 * The one request pipeline behind every transport (msw, node:http, fetch): route, injected
 * faults, authentication, rate limit, body (limit, JSON, nesting), idempotency, the operation,
 * faults after commit, and every failure in the service's error body. Imports no transport.
 *
 * @module
 */

import { docsUrl } from '../../src/core/docs-url';
import { DEFAULT_BODY_LIMIT } from '../../src/routes/route';
import type { MockEngine } from '../engine/engine';
import type { OperationRoute } from '../engine/operations/operation';
import type { FaultInput, FaultRequest } from '../engine/policy/faults';
import { faultError } from '../engine/policy/faults';
import { errorBody } from '../engine/wire/error-body';
import { ServiceError } from '../engine/wire/service-error';
import { parseJsonBody } from './json-body';
import {
  BodyTooLargeError,
  ClientAbortedError,
  type PipelineRequest,
  type PipelineResponse,
} from './message';
import { createMistakeHints, type MistakeHints } from './mistake-hints';
import { parseMultipartBody } from './multipart-body';
import { errorResponse, json } from './respond';
import { decodeParams, type MatchedRoute, matchRoute } from './router';

/**
 * Options of the request pipeline, shared by every adapter (`createHandlers`,
 * `createFetchHandler`).
 *
 * @example
 * ```ts
 * const handler = createFetchHandler(engine, { onUnexpectedError: (error) => console.error(error) });
 * ```
 */
export interface PipelineOptions {
  /** Called with every unexpected error (answered as a 500 with `errorId`). Default: `console.error`. */
  onUnexpectedError?: (error: unknown, errorId: string) => void;
  /**
   * Prints one line that says how to fix a mistake (an unknown workflow, a wrong API key) beside
   * the service's answer, once per cause. Default: none (`setupSvcMock`: `console.warn`; the
   * `svc-mock` bin prints them too); `false` turns them off.
   *
   * @example
   * ```ts
   * createFetchHandler(engine, { hints: { print: console.warn, keys: 'engine.environment(name).apiKey' } });
   * ```
   */
  hints?: MistakeHints | false;
}

/** The pipeline over one engine. */
export interface Pipeline {
  /**
   * Answers a request of the route table; `undefined` when no route has its method and path.
   * An adapter that already matched the route (msw's predicate) passes the match.
   */
  handle(request: PipelineRequest, matched?: MatchedRoute): Promise<PipelineResponse | undefined>;
  /** The 404 for a request no route serves: the service's error body, naming the docs. */
  notFound(request: Pick<PipelineRequest, 'method' | 'target'>): PipelineResponse;
}

/** The response header that carries each request's id (what `withResponse()` reads). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The answer to a request whose client went away: nothing is sent (adapters drop the
 * connection), and the HTTP server logs one quiet line.
 */
export const ABORTED: PipelineResponse = { kind: 'network-error' };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function splitTarget(target: string): { pathname: string; search: string } {
  const at = target.indexOf('?');
  return at === -1
    ? { pathname: target, search: '' }
    : { pathname: target.slice(0, at), search: target.slice(at) };
}

/** Whether a request target is an origin-form path a URL parser reads (`//[bad` is not). */
function isWellFormedTarget(target: string): boolean {
  if (!target.startsWith('/')) return false;
  try {
    new URL(target, 'http://svc.invalid');
    return true;
  } catch {
    return false;
  }
}

/** Builds the pipeline over an engine. */
export function createPipeline(engine: MockEngine, options: PipelineOptions = {}): Pipeline {
  const onBug =
    options.onUnexpectedError ??
    ((error: unknown, errorId: string) => console.error(`[svc-mock] errorId ${errorId}:`, error));

  // The clock's formatter never throws, whatever time it holds (docs/security.md).
  const timestamp = () => engine.clock.iso();
  const hint = options.hints ? createMistakeHints(engine, options.hints) : undefined;

  const failure = (error: unknown, path: string, headers: Record<string, string>) =>
    errorResponse(error, { path, timestamp: timestamp(), onBug }, headers);

  // Answers an injected fault; `undefined` for latency, after which the request goes on.
  async function answerFault(
    fault: FaultInput,
    matched: MatchedRoute,
    path: string,
    requestId: string,
  ): Promise<PipelineResponse | undefined> {
    const { respond } = fault;
    if (respond === 'network-error') return { kind: 'network-error' };
    if ('delayMs' in respond) {
      await sleep(respond.delayMs);
      return undefined;
    }
    const error = faultError(respond.status, matched.route.category, () => crypto.randomUUID());
    const body = respond.body === undefined ? errorBody(error, path, timestamp()) : respond.body;
    return json(respond.status, body, {
      [REQUEST_ID_HEADER]: requestId,
      ...error.headers,
      ...respond.headers,
    });
  }

  async function perform(
    request: PipelineRequest,
    matched: MatchedRoute,
    query: URLSearchParams,
    path: string,
    requestId: string,
  ): Promise<{ response: PipelineResponse; performed: boolean }> {
    const { route } = matched;
    try {
      // Routing comes first, as in the service: a bad escape is a 400 even without a key.
      const params = decodeParams(matched);
      const authorization = request.header('authorization') ?? null;
      let requestBody: unknown;
      const answer = await engine.perform({
        operation: route.operation,
        authorization,
        params,
        query,
        path,
        idempotencyKey: request.header('idempotency-key'),
        ...(route.method === 'GET'
          ? {}
          : {
              readBody: async () => {
                const text = await readBody(request, bodyLimitOf(route));
                requestBody =
                  route.bodyType === 'multipart'
                    ? await parseMultipartBody(text, request.header('content-type'))
                    : parseJsonBody(text);
                return requestBody;
              },
            }),
      });
      if (answer.status >= 400) {
        hint?.({ ...answer, operation: route.operation, authorization, requestBody });
      }
      const headers = { [REQUEST_ID_HEADER]: requestId, ...answer.headers };
      return { response: json(answer.status, answer.body, headers), performed: answer.performed };
    } catch (error) {
      if (error instanceof ClientAbortedError) return { response: ABORTED, performed: false };
      return {
        response: failure(error, path, { [REQUEST_ID_HEADER]: requestId }),
        performed: false,
      };
    }
  }

  return {
    async handle(request, known) {
      const { pathname, search } = splitTarget(request.target);
      const matched = known ?? matchRoute(request.method, pathname);
      if (matched === undefined) return undefined;
      const requestId = crypto.randomUUID();
      const path = request.target;
      try {
        const faultRequest: FaultRequest = {
          // A fault names an operation of the admin API; an Inbox route is matched by its path.
          operation: matched.route.operation,
          method: request.method,
          path: pathname,
          headers: { get: (name) => request.header(name.toLowerCase()) ?? null },
        };
        const before = engine.faults.take(faultRequest, 'before');
        if (before) {
          const answer = await answerFault(before, matched, path, requestId);
          if (answer) return answer;
        }
        const { response, performed } = await perform(
          request,
          matched,
          new URLSearchParams(search),
          path,
          requestId,
        );
        if (!performed) return response;
        const afterCommit = engine.faults.take(faultRequest, 'commit');
        if (!afterCommit) return response;
        return (await answerFault(afterCommit, matched, path, requestId)) ?? response;
      } catch (error) {
        return failure(error, path, { [REQUEST_ID_HEADER]: requestId });
      }
    },
    notFound(request) {
      const { pathname } = splitTarget(request.target);
      // One rule for every malformed target (`GET //[bad`): a 400, as a malformed escape is.
      if (!isWellFormedTarget(request.target)) {
        return failure(
          ServiceError.http(400, `Malformed request URL: ${JSON.stringify(request.target)}`),
          request.target,
          { [REQUEST_ID_HEADER]: crypto.randomUUID() },
        );
      }
      return failure(
        ServiceError.http(
          404,
          `Cannot ${request.method} ${pathname}: svc-mock has no such route. The routes it serves are listed at ${docsUrl('api-coverage.md')}; GET /__svc lists the control API.`,
        ),
        request.target,
        { [REQUEST_ID_HEADER]: crypto.randomUUID() },
      );
    },
  };
}

const bodyLimitOf = (route: OperationRoute) => route.bodyLimit ?? DEFAULT_BODY_LIMIT;

async function readBody(request: PipelineRequest, limit: number): Promise<string> {
  const declared = Number(request.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    throw ServiceError.http(413, 'request entity too large');
  }
  try {
    return await request.readBody(limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw ServiceError.http(413, 'request entity too large');
    }
    throw error;
  }
}
