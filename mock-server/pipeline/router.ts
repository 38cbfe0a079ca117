/**
 * Finds the route of a request in the route table: static segments compared without case (as
 * the service's router does), `:name` segments captured raw, an optional trailing slash.
 *
 * @module
 */
import { type OperationName, ROUTES } from '../../src/routes/index';
import { INBOX_ROUTES, type InboxOperationName } from '../engine/operations/inbox';
import type { OperationRoute } from '../engine/operations/operation';
import { compilePath, decodePathParams, matchSegments, type PathPattern } from './path-match';

/** A route of either table (the admin API's, the Inbox's): one kind of route. */
type RouteOfTable = OperationRoute & { readonly operation: OperationName | InboxOperationName };

/** A route that matched, with its raw (still percent-encoded) path parameters. */
export interface MatchedRoute {
  /** A route of the admin API's table or of the Inbox's: one kind of route. */
  route: RouteOfTable;
  names: readonly string[];
  raw: readonly string[];
}

interface CompiledRoute {
  route: RouteOfTable;
  /** Static segments in lower case (the service's router ignores case). */
  pattern: PathPattern;
}

const BY_METHOD = new Map<string, CompiledRoute[]>();
for (const route of [...ROUTES, ...INBOX_ROUTES] as RouteOfTable[]) {
  const list = BY_METHOD.get(route.method) ?? [];
  list.push({ route, pattern: compilePath(route.path, true) });
  BY_METHOD.set(route.method, list);
}

/** The route of a method and path (no query), or `undefined` when the table has none. */
export function matchRoute(method: string, pathname: string): MatchedRoute | undefined {
  const candidates = BY_METHOD.get(method);
  if (candidates === undefined) return undefined;
  const parts = pathname.split('/');
  parts.shift();
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  for (const { route, pattern } of candidates) {
    const raw = matchSegments(pattern, parts, true);
    if (raw) return { route, names: pattern.names, raw };
  }
  return undefined;
}

/** The decoded path parameters of a match; a malformed escape is the service's 400 (ADR 0060). */
export function decodeParams(matched: MatchedRoute): Record<string, string> {
  return decodePathParams(matched.names, matched.raw);
}
