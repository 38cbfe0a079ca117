/**
 * Finds the route of a request in the route table: static segments compared without case (as
 * the service's router does), `:name` segments captured raw, an optional trailing slash.
 *
 * @module
 */
import { type AnyRoute, ROUTES } from '../../src/routes/index';
import { ServiceError } from '../engine/wire/service-error';

/**
 * A route that matched, with its raw (still percent-encoded) path parameters.
 *
 * @example
 * ```ts
 * const matched = matchRoute('GET', '/v2/subscribers/a%2Fb');
 * matched && decodeParams(matched); // { subscriberId: 'a/b' }
 * ```
 */
export interface MatchedRoute {
  route: AnyRoute;
  names: readonly string[];
  raw: readonly string[];
}

interface CompiledRoute {
  route: AnyRoute;
  /** Lower-case static segments, `undefined` where a parameter stands. */
  segments: ReadonlyArray<string | undefined>;
  names: readonly string[];
}

function compile(route: AnyRoute): CompiledRoute {
  const parts = route.path.split('/').slice(1);
  return {
    route,
    segments: parts.map((part) => (part.startsWith(':') ? undefined : part.toLowerCase())),
    names: parts.filter((part) => part.startsWith(':')).map((part) => part.slice(1)),
  };
}

const BY_METHOD = new Map<string, CompiledRoute[]>();
for (const route of ROUTES) {
  const list = BY_METHOD.get(route.method) ?? [];
  list.push(compile(route));
  BY_METHOD.set(route.method, list);
}

/**
 * The route of a method and path (no query), or `undefined` when the table has none.
 *
 * @example
 * ```ts
 * matchRoute('POST', '/v1/events/trigger')?.route.operation; // 'events.trigger'
 * ```
 */
export function matchRoute(method: string, pathname: string): MatchedRoute | undefined {
  const candidates = BY_METHOD.get(method);
  if (candidates === undefined) return undefined;
  const parts = pathname.split('/');
  parts.shift();
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  for (const candidate of candidates) {
    if (candidate.segments.length !== parts.length) continue;
    const raw: string[] = [];
    let same = true;
    for (let index = 0; index < parts.length; index++) {
      const want = candidate.segments[index];
      const got = parts[index] as string;
      if (want === undefined) {
        if (got === '') same = false;
        else raw.push(got);
      } else if (want !== got.toLowerCase()) {
        same = false;
      }
      if (!same) break;
    }
    if (same) return { route: candidate.route, names: candidate.names, raw };
  }
  return undefined;
}

/**
 * The decoded path parameters of a match; a malformed escape is the service's 400 (ADR 0060).
 *
 * @example
 * ```ts
 * decodeParams(matchRoute('GET', '/v2/subscribers/a%20b')!); // { subscriberId: 'a b' }
 * ```
 */
export function decodeParams(matched: MatchedRoute): Record<string, string> {
  const params: Record<string, string> = {};
  matched.names.forEach((name, index) => {
    const raw = matched.raw[index] ?? '';
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      throw ServiceError.http(400, `Failed to decode param '${raw}'`);
    }
  });
  return params;
}
