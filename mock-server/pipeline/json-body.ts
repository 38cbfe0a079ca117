/**
 * Request bodies as JSON, with a nesting limit checked before anything reads the value.
 *
 * @module
 */
import { ServiceError } from '../engine/wire/service-error';

/**
 * How deep a request body may nest (MongoDB's document limit, which the service's storage
 * enforces; deeper values would fail there too, after the request had been accepted).
 *
 * @example
 * ```ts
 * MAX_JSON_DEPTH; // 100
 * ```
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The nesting depth of a JSON value, measured without recursion (a hostile body cannot
 * overflow the stack); stops counting once past `limit`.
 *
 * @example
 * ```ts
 * jsonDepth({ a: [1, { b: 2 }] }, 100); // 3
 * ```
 */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, level]);
    }
  }
  return deepest;
}

/**
 * Parses a request body: empty is `undefined`, malformed JSON the service's 400, and nesting
 * past {@link MAX_JSON_DEPTH} a 400 that says so.
 *
 * @example
 * ```ts
 * parseJsonBody('{"name":"welcome"}'); // { name: 'welcome' }
 * ```
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw ServiceError.http(400, error instanceof Error ? error.message : 'Invalid JSON body');
  }
  if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw ServiceError.http(400, `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return value;
}
