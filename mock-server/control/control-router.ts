/**
 * The control API's router: a table of routes under `/__svc/`, JSON in and out, failures in the
 * service's error shape. Adding a control endpoint is adding one {@link ControlRoute}.
 *
 * @module
 */
import * as z from 'zod/mini';
import { docsUrl } from '../../src/core/docs-url';
import { LARGE_BODY_LIMIT } from '../../src/routes/route';
import type { MockEngine } from '../engine/engine';
import { ServiceError } from '../engine/wire/service-error';
import { describeIssues } from '../engine/wire/validation';
import { parseJsonBody } from '../pipeline/json-body';
import {
  BodyTooLargeError,
  type PipelineRequest,
  type PipelineResponse,
} from '../pipeline/message';
import {
  compilePath,
  decodePathParams,
  matchSegments,
  type PathPattern,
} from '../pipeline/path-match';
import { errorResponse, json } from '../pipeline/respond';
import type { SnapshotStore } from './snapshot-store';

/** Where the control API lives on the HTTP server. */
export const CONTROL_PREFIX = '/__svc';

/**
 * What every control route can reach.
 *
 * @example
 * ```ts
 * const clockRoute: ControlRoute = {
 *   method: 'GET',
 *   path: '/clock/iso',
 *   description: 'The clock as ISO text',
 *   run: ({ context }: { context: ControlServices }) => context.engine.clock.iso(),
 * };
 * ```
 */
export interface ControlServices {
  /** The engine behind the server. */
  engine: MockEngine;
  /** Snapshots taken through the control API, by id. */
  snapshots: SnapshotStore;
  /**
   * The data directory the engine is kept in (`svc-mock --data`), saved after each control
   * request that changes the engine (the journal records only API requests).
   */
  data?: ControlDataDirectory;
}

/**
 * What the control API needs of a data directory (mock-server/persistence/data-directory.ts).
 *
 * @example
 * ```ts
 * const data: ControlDataDirectory = {
 *   directory: '/srv/svc-mock',
 *   size: () => 0,
 *   checkpoint: async () => {},
 *   catchUp: async () => {},
 * };
 * ```
 */
export interface ControlDataDirectory {
  readonly directory: string;
  /** Bytes the directory holds. */
  size(): number;
  /**
   * Saves the whole engine now; a 503 `ServiceError` when it cannot, the change then being
   * applied in memory only (the router answers 202 saying so).
   */
  checkpoint(): Promise<void>;
  /**
   * Saves what an earlier failed checkpoint left unsaved; a 503 `ServiceError` when it still
   * cannot (the route is then not run: nothing was changed).
   */
  catchUp(): Promise<void>;
}

/**
 * Who may use the control API, beyond a request from this machine (docs/security.md).
 *
 * @example
 * ```ts
 * const guard: ControlGuard = { token: process.env.SVC_MOCK_CONTROL_TOKEN, allowedHosts: ['mock.internal'] };
 * ```
 */
export interface ControlGuard {
  /** When set, every control request must send it in the `x-svc-control-token` header. */
  token?: string | undefined;
  /**
   * `Host` names (without port) the control API answers besides loopback ones (`localhost`,
   * `127.0.0.1`, `[::1]`): a defence against DNS rebinding. Default none.
   */
  allowedHosts?: readonly string[];
}

/**
 * The header that carries the control token.
 *
 * @example
 * ```ts
 * await fetch(`${url}/__svc/reset`, { method: 'POST', headers: { [CONTROL_TOKEN_HEADER]: token, 'content-type': 'application/json' } });
 * ```
 */
export const CONTROL_TOKEN_HEADER = 'x-svc-control-token';

/**
 * What a control route's `run` gets.
 *
 * @example
 * ```ts
 * const run = ({ params, context }: ControlRouteInput) => context.snapshots.get(params['id'] ?? '');
 * ```
 */
export interface ControlRouteInput {
  /** The parsed JSON body (`undefined` when the request has none). */
  body: unknown;
  /** Path parameters (`:id` in the route's path). */
  params: Record<string, string>;
  /** The request URL (for query parameters). */
  url: URL;
  /** Aborts when the client goes away (the request's own `signal`). */
  signal?: AbortSignal;
  context: ControlServices;
}

/**
 * One control endpoint. `run` returns the `data` of the `{ data }` answer, or throws a
 * {@link ServiceError} (a `RangeError`/`TypeError` from the engine becomes a 400).
 *
 * @example
 * ```ts
 * const clockRoute: ControlRoute = {
 *   method: 'GET',
 *   path: '/clock',
 *   description: 'The virtual clock',
 *   run: ({ context }) => ({ now: context.engine.clock.iso() }),
 * };
 * ```
 */
export interface ControlRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/__svc`, with `:name` parameters, e.g. `/snapshots/:id/restore`. */
  path: string;
  /** One line for the route index (`GET /__svc`) and the docs. */
  description: string;
  /** Success status. Default 200. */
  status?: number;
  /** Answers the request: returns the `data` of the answer, or throws a `ServiceError`. */
  run(input: ControlRouteInput): unknown;
  /**
   * Whether the route changes the engine (a data directory is then saved after it). Default:
   * true for anything but a GET.
   */
  changesEngine?: boolean;
}

/** Answers a request under the control prefix, or `undefined` for any other path. */
export type ControlRouter = (request: PipelineRequest) => Promise<PipelineResponse | undefined>;

// Control paths compare case and all (the service's own routes do not: pipeline/router.ts).
function matchPath(pattern: PathPattern, path: string): Record<string, string> | undefined {
  const raw = matchSegments(pattern, path.split('/').filter(Boolean), false);
  return raw && decodePathParams(pattern.names, raw);
}

/**
 * Whether a `Host` header names this machine (any port): `localhost`, `*.localhost`, an
 * address in 127.0.0.0/8, or `[::1]`.
 */
export function isLoopbackHost(host: string): boolean {
  const name = hostName(host);
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(name)
  );
}

/** The name part of a `Host` header, lower case, without the port (`[::1]` keeps its brackets). */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  const colon = trimmed.lastIndexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

// Compares in time that does not depend on where the strings differ.
function sameSecret(sent: string | undefined, expected: string): boolean {
  if (sent === undefined || sent.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++) {
    difference |= sent.charCodeAt(index) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}

function checkGuard(request: PipelineRequest, guard: ControlGuard): void {
  const host = request.header('host');
  const allowed = guard.allowedHosts ?? [];
  if (host !== undefined && !isLoopbackHost(host) && !allowed.includes(hostName(host))) {
    throw new ServiceError(
      403,
      `The control API does not answer for Host "${host}": start svc-mock with --allowed-host ${hostName(host)} to allow it (${docsUrl('security.md')})`,
      { ctx: { error: 'Forbidden', statusCode: 403 } },
    );
  }
  if (guard.token !== undefined && !sameSecret(request.header(CONTROL_TOKEN_HEADER), guard.token)) {
    throw new ServiceError(
      401,
      `The control API needs the control token in the ${CONTROL_TOKEN_HEADER} header`,
      { ctx: { error: 'Unauthorized', statusCode: 401 } },
    );
  }
  // A write must say it is JSON: a web page cannot send that type to another origin without a
  // preflight, and the control API answers no preflight.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const type = request.header('content-type') ?? '';
    if (!/^application\/json\s*(?:;|$)/i.test(type)) {
      throw new ServiceError(
        415,
        `Control API writes need "content-type: application/json" (got ${type === '' ? 'none' : `"${type}"`})`,
        { ctx: { error: 'Unsupported Media Type', statusCode: 415 } },
      );
    }
  }
}

async function readJson(request: PipelineRequest): Promise<unknown> {
  let text: string;
  try {
    text = await request.readBody(CONTROL_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw ServiceError.http(
        413,
        `request entity too large (the control API takes up to ${CONTROL_BODY_LIMIT} bytes)`,
      );
    }
    throw error;
  }
  try {
    return parseJsonBody(text);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 400) {
      throw ServiceError.http(400, `The request body must be JSON: ${error.message}`);
    }
    throw error;
  }
}

/**
 * The largest control request body (a seed or snapshot can be large): 26 MB, as the service's
 * largest routes.
 */
export const CONTROL_BODY_LIMIT = LARGE_BODY_LIMIT;

/** Checks a control request's body against a schema, throwing a 400 that names each bad field. */
export function parseControlBody<T extends z.ZodMiniType>(schema: T, body: unknown): z.infer<T> {
  const result = z.safeParse(schema, body ?? {});
  if (result.success) return result.data;
  const problems = describeIssues(schema, result.error.issues, '', '(body)').join('; ');
  throw ServiceError.http(400, `Invalid request body: ${problems}`);
}

const ORIGIN_FOR_URLS = 'http://svc-mock.invalid';

/** Builds the router over a route table. `GET /__svc` lists the routes. */
export function createControlRouter(
  routes: readonly ControlRoute[],
  context: ControlServices,
  guard: ControlGuard = {},
): ControlRouter {
  const index = () =>
    routes.map((route) => ({
      method: route.method,
      path: `${CONTROL_PREFIX}${route.path}`,
      description: route.description,
    }));
  // The clock's formatter never throws, whatever time it holds (docs/security.md).
  const timestamp = () => context.engine.clock.iso();
  const compiled = routes.map((route) => ({ route, pattern: compilePath(route.path, false) }));

  return async (request) => {
    const at = request.target.indexOf('?');
    const pathname = at === -1 ? request.target : request.target.slice(0, at);
    const path = pathname.replace(/\/+$/, '');
    if (path !== CONTROL_PREFIX && !path.startsWith(`${CONTROL_PREFIX}/`)) return undefined;
    try {
      checkGuard(request, guard);
      const rest = path.slice(CONTROL_PREFIX.length);
      if (rest === '' && request.method === 'GET') return json(200, { data: index() });
      const matches = compiled.flatMap(({ route, pattern }) => {
        const params = matchPath(pattern, rest);
        return params ? [{ route, params }] : [];
      });
      const match = matches.find(({ route }) => route.method === request.method);
      if (!match) {
        if (matches.length > 0) {
          const allow = matches.map(({ route }) => route.method).join(', ');
          throw new ServiceError(405, `Cannot ${request.method} ${pathname}: use ${allow}`, {
            ctx: { error: 'Method Not Allowed', statusCode: 405 },
            headers: { allow },
          });
        }
        throw ServiceError.http(
          404,
          `Cannot ${request.method} ${pathname}: GET ${CONTROL_PREFIX} lists the control routes`,
        );
      }
      const body = await readJson(request);
      const url = new URL(request.target, ORIGIN_FOR_URLS);
      const saves =
        context.data !== undefined && (match.route.changesEngine ?? request.method !== 'GET');
      // An earlier change not saved yet is saved first, or this one is refused before it runs.
      if (saves) await context.data?.catchUp();
      const data = await match.route.run({
        body,
        params: match.params,
        url,
        context,
        ...(request.signal ? { signal: request.signal } : {}),
      });
      if (saves) {
        try {
          await context.data?.checkpoint();
        } catch (error) {
          // Applied but not saved: a success, so that no client repeats it, which says so.
          return json(202, { data, saved: false, message: (error as Error).message });
        }
      }
      return json(match.route.status ?? 200, { data });
    } catch (error) {
      const known =
        error instanceof RangeError || error instanceof TypeError
          ? ServiceError.http(400, error.message)
          : error;
      return errorResponse(known, {
        path: request.target,
        timestamp: timestamp(),
        onBug: (bug, errorId) => console.error(`[svc-mock] control API errorId ${errorId}:`, bug),
      });
    }
  };
}
