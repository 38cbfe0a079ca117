// The shape of one route of the service's API: the single declaration that the client functions,
// the engine's router, the fault matcher and docs/api-coverage.md all read.
import type * as z from 'zod/mini';

/** HTTP methods the service uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Rate-limit categories of the service's controllers (docs/behaviour/cross-cutting.md). */
export type RateLimitCategory = 'trigger' | 'configuration' | 'global';

/** The service's default request body limit (100 kB). */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

/** The body limit of the events and workflows routes (26 MB). */
export const LARGE_BODY_LIMIT = 26 * 1024 * 1024;

/** The body limit of the translation upload and import routes (2 MB). */
export const UPLOAD_BODY_LIMIT = 2 * 1024 * 1024;

/** Rate-limit tokens of a bulk or broadcast trigger, where a single request takes 1. */
export const BULK_COST = 100;

/**
 * One route: its operation name (as the client names it), method, path with `:name`
 * parameters, success status, rate-limit category, body limit, and the schemas of what the
 * client sends and gets back.
 */
export interface Route {
  /** The client's name of the operation, e.g. `subscribers.retrieve`. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** Path with `:name` parameters, e.g. `/v2/subscribers/:subscriberId`. */
  readonly path: string;
  /** Status of a success. */
  readonly status: number;
  readonly category: RateLimitCategory;
  /**
   * Rate-limit tokens a request takes: 1, or `BULK_COST` (100) for the bulk and broadcast
   * triggers (docs/behaviour/cross-cutting.md#rate-limits).
   */
  readonly cost?: number;
  /** Largest accepted body in bytes; default 100 kB (`DEFAULT_BODY_LIMIT`). */
  readonly bodyLimit?: number;
  /** How the body travels: JSON (the default) or `multipart/form-data` (file uploads). */
  readonly bodyType?: 'json' | 'multipart';
  /** Schema of the request body the client checks before sending. */
  readonly body?: z.ZodMiniType;
  /** Schema of the query the client checks before sending. */
  readonly query?: z.ZodMiniType;
  /** Schema of the (unwrapped) success body. */
  readonly response: z.ZodMiniType;
  /** The field of a paginated answer that holds the page's items, when it is not `data`. */
  readonly items?: string;
  /**
   * How a caller proves who it is when not by API key: `environment-path`, the path's
   * `environmentId` (the delivery-provider webhook, which providers call without a key).
   */
  readonly auth?: 'environment-path';
}

/** The path parameters a route path names. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

/**
 * Fills a route path's parameters, percent-encoding each value so ids with `/`, `?` or spaces
 * stay one segment (`a/b` gives `v2/subscribers/a%2Fb`); the result has no leading slash, as it
 * is relative to the base URL.
 */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  const parts = pathParts(path);
  let filled = parts[0] as string;
  for (let index = 1; index < parts.length; index += 2) {
    filled += encodeURIComponent(params[parts[index] as string] ?? '') + parts[index + 1];
  }
  return filled;
}

const splitPaths = new Map<string, string[]>();

/**
 * @internal A route path split once around its parameters, without the leading slash: the
 * literal parts at even places, the parameter names at odd ones
 * (`['v2/subscribers/', 'subscriberId', '']`). Every call is on the hot path.
 */
export function pathParts(path: string): readonly string[] {
  let parts = splitPaths.get(path);
  if (parts === undefined) {
    parts = path.slice(1).split(/:(\w+)/);
    splitPaths.set(path, parts);
  }
  return parts;
}

/**
 * @internal Encodes a query object: drops null/undefined, repeats keys for arrays. Beside
 * {@link fillPath} because the engine builds the same URLs and must not import the client's
 * transport (ky).
 */
export function encodeQuery(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== undefined && item !== null) params.append(key, String(item));
      }
    } else {
      params.append(key, String(value));
    }
  }
  return params;
}
