/**
 * The nesting limit of JSON the engine stores (docs/http-server.md, "Caps and budgets"): deeper
 * values are refused before anything is written, so no later read, page or snapshot of the
 * stored value can overflow the stack. Pure functions, usable on a parsed value or on raw text
 * before it is parsed.
 *
 * @module
 */

import { ServiceError } from './service-error';

/**
 * The deepest nesting of objects and arrays accepted in a request body, a seed or a control
 * API body: `{}` is depth 1, `{"a":{"b":[]}}` depth 3.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * How deeply objects and arrays nest in `value` (a scalar is 0), counting no further than
 * `stopAfter` levels (so a hostile value costs at most what the limit allows). Iterative: it never
 * overflows the stack. Cycles are not followed twice.
 *
 * @example
 * ```ts
 * jsonDepth('text'); // 0
 * jsonDepth({ a: [1, { b: {} }] }); // 4
 * ```
 */
export function jsonDepth(value: unknown, stopAfter = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const seen = new Set<object>();
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > stopAfter) return deepest;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: level });
    }
  }
  return deepest;
}

/**
 * How deeply `[` and `{` nest in JSON text (brackets inside strings do not count), counting no
 * further than `stopAfter` levels; for checking a body before `JSON.parse` sees it.
 *
 * @example
 * ```ts
 * jsonTextDepth('{"a":[1,{"b":"[["}]}'); // 3
 * ```
 */
export function jsonTextDepth(text: string, stopAfter = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAfter) return deepest;
      }
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * Refuses a value nested deeper than `limit` (default {@link MAX_JSON_DEPTH}) with the service's
 * 400 error shape, naming what was checked and the limit. Call it before storing anything.
 *
 * @throws ServiceError 400 when the value nests deeper than the limit.
 * @example
 * ```ts
 * checkJsonDepth(body, 'The request body'); // returns quietly for ordinary bodies
 * ```
 */
export function checkJsonDepth(value: unknown, what: string, limit = MAX_JSON_DEPTH): void {
  if (jsonDepth(value, limit) > limit) throw jsonTooDeep(what, limit);
}

/**
 * {@link checkJsonDepth} for raw JSON text, before it is parsed.
 *
 * @throws ServiceError 400 when the text nests deeper than the limit.
 * @example
 * ```ts
 * checkJsonTextDepth(await request.text(), 'The request body');
 * ```
 */
export function checkJsonTextDepth(text: string, what: string, limit = MAX_JSON_DEPTH): void {
  if (jsonTextDepth(text, limit) > limit) throw jsonTooDeep(what, limit);
}

function jsonTooDeep(what: string, limit: number): ServiceError {
  return ServiceError.http(
    400,
    `${what} nests objects and arrays more than ${limit} levels deep; the limit is ${limit}`,
  );
}
