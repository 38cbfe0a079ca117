/**
 * Route paths with `:name` parameters, shared by the service routes (`pipeline/router.ts`) and the
 * control API (`control/control-router.ts`): one way to split a pattern, match a request's
 * segments against it and decode what the parameters captured.
 *
 * @module
 */
import { ServiceError } from '../engine/wire/service-error';

/**
 * A route path split into segments: static ones (lower case when matched without case) and
 * `undefined` where a `:name` parameter stands.
 */
export interface PathPattern {
  segments: ReadonlyArray<string | undefined>;
  names: readonly string[];
}

/** Splits a route path (`/a/:b`) into its segments; `ignoreCase` lower-cases the static ones. */
export function compilePath(path: string, ignoreCase: boolean): PathPattern {
  const parts = path.split('/').slice(1);
  return {
    segments: parts.map((part) => {
      if (part.startsWith(':')) return undefined;
      return ignoreCase ? part.toLowerCase() : part;
    }),
    names: parts.filter((part) => part.startsWith(':')).map((part) => part.slice(1)),
  };
}

/**
 * The raw (still percent-encoded) parameter values when `parts` match the pattern, else
 * `undefined`: as many segments, each static one equal (without case when `ignoreCase`), each
 * parameter non-empty.
 */
export function matchSegments(
  pattern: PathPattern,
  parts: readonly string[],
  ignoreCase: boolean,
): string[] | undefined {
  if (pattern.segments.length !== parts.length) return undefined;
  const raw: string[] = [];
  for (const [index, want] of pattern.segments.entries()) {
    const got = parts[index] as string;
    if (want === undefined) {
      if (got === '') return undefined;
      raw.push(got);
    } else if (want !== (ignoreCase ? got.toLowerCase() : got)) {
      return undefined;
    }
  }
  return raw;
}

/** The decoded parameters by name; a malformed escape is the service's 400 (ADR 0060). */
export function decodePathParams(
  names: readonly string[],
  raw: readonly string[],
): Record<string, string> {
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    const value = raw[index] ?? '';
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw ServiceError.http(400, `Failed to decode param '${value}'`);
    }
  });
  return params;
}
