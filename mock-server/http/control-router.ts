/**
 * The control API's router: a table of routes under `/__svc/`, JSON in and out, failures in the
 * service's error shape. Adding a control endpoint is adding one {@link ControlRoute}.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { MockEngine } from '../engine/engine';
import { ServiceError } from '../engine/wire/service-error';
import { errorResponse, json } from '../handlers/respond';
import type { SnapshotStore } from './snapshot-store';

/**
 * Where the control API lives on the HTTP server.
 *
 * @example
 * ```ts
 * await fetch(`${server.url}${CONTROL_PREFIX}/clock`);
 * ```
 */
export const CONTROL_PREFIX = '/__svc';

/**
 * What every control route can reach.
 *
 * @example
 * ```ts
 * const context: ControlContext = { engine, snapshots: createSnapshotStore() };
 * ```
 */
export interface ControlContext {
  /** The engine behind the server. */
  engine: MockEngine;
  /** Snapshots taken through the control API, by id. */
  snapshots: SnapshotStore;
}

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
  context: ControlContext;
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
}

/**
 * Answers a request under the control prefix, or `undefined` for any other path.
 *
 * @example
 * ```ts
 * const response = (await router(request)) ?? (await getResponse(handlers, request));
 * ```
 */
export type ControlRouter = (request: Request) => Promise<Response | undefined>;

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = got[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(actual);
    else if (segment !== actual) return undefined;
  }
  return params;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw ServiceError.http(
      400,
      `The request body must be JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Checks a control request's body against a schema, throwing a 400 that names each bad field.
 *
 * @example
 * ```ts
 * const { ms } = parseControlBody(z.object({ ms: z.number() }), body);
 * ```
 */
export function parseControlBody<T extends z.ZodMiniType>(schema: T, body: unknown): z.infer<T> {
  const result = z.safeParse(schema, body ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  throw ServiceError.http(400, `Invalid request body: ${problems}`);
}

/**
 * Builds the router over a route table. `GET /__svc` lists the routes.
 *
 * @example
 * ```ts
 * const route = createControlRouter(defaultControlRoutes, { engine, snapshots: createSnapshotStore() });
 * const response = await route(new Request('http://localhost/__svc/clock'));
 * ```
 */
export function createControlRouter(
  routes: readonly ControlRoute[],
  context: ControlContext,
): ControlRouter {
  const index = () =>
    routes.map((route) => ({
      method: route.method,
      path: `${CONTROL_PREFIX}${route.path}`,
      description: route.description,
    }));

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== CONTROL_PREFIX && !path.startsWith(`${CONTROL_PREFIX}/`)) return undefined;
    const where = url.pathname + url.search;
    const now = () => context.engine.clock.iso();
    try {
      const rest = path.slice(CONTROL_PREFIX.length);
      if (rest === '' && request.method === 'GET') return json(200, { data: index() });
      const matches = routes.flatMap((route) => {
        const params = matchPath(route.path, rest);
        return params ? [{ route, params }] : [];
      });
      const match = matches.find(({ route }) => route.method === request.method);
      if (!match) {
        if (matches.length > 0) {
          const allow = matches.map(({ route }) => route.method).join(', ');
          throw new ServiceError(405, `Cannot ${request.method} ${url.pathname}: use ${allow}`, {
            ctx: { error: 'Method Not Allowed', statusCode: 405 },
            headers: { allow },
          });
        }
        throw ServiceError.http(
          404,
          `Cannot ${request.method} ${url.pathname}: GET ${CONTROL_PREFIX} lists the control routes`,
        );
      }
      const body = await readJson(request);
      const data = await match.route.run({ body, params: match.params, url, context });
      return json(match.route.status ?? 200, { data });
    } catch (error) {
      const known =
        error instanceof RangeError || error instanceof TypeError
          ? ServiceError.http(400, error.message)
          : error;
      return errorResponse(
        known,
        where,
        now(),
        () => crypto.randomUUID(),
        (bug, errorId) => console.error(`[svc-mock] control API errorId ${errorId}:`, bug),
      );
    }
  };
}
