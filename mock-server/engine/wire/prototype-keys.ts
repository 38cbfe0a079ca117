/**
 * Keys named `__proto__`: JSON text can hold them as plain keys, but JavaScript objects cannot
 * keep one safely (an assignment sets the prototype instead), so the engine would lose it
 * silently. It refuses them instead, with a 400 that says where (docs/security.md). Keys named
 * `constructor` or `prototype` are ordinary keys and are stored as sent.
 *
 * @module
 */

import { ServiceError } from './service-error';

/** The key the engine refuses. */
export const REFUSED_KEY = '__proto__';

/**
 * Where the first own `__proto__` key sits in `value` (a dotted path), or `undefined`. Iterative,
 * cycles are not followed twice.
 *
 * @example
 * ```ts
 * protoKeyPath(JSON.parse('{"data":{"__proto__":1}}')); // 'data.__proto__'
 * ```
 */
export function protoKeyPath(value: unknown): string | undefined {
  const seen = new Set<object>();
  const stack: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: unknown; path: string };
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (!Array.isArray(node) && Object.hasOwn(node, REFUSED_KEY)) {
      return path === '' ? REFUSED_KEY : `${path}.${REFUSED_KEY}`;
    }
    for (const [key, child] of Object.entries(node)) {
      if (child !== null && typeof child === 'object') {
        stack.push({ node: child, path: path === '' ? key : `${path}.${key}` });
      }
    }
  }
  return undefined;
}

/**
 * Refuses a value holding a key named `__proto__` anywhere, with the service's 400 error shape.
 *
 * @throws ServiceError 400 naming where the key is.
 * @example
 * ```ts
 * checkNoProtoKeys(body, 'The request body');
 * ```
 */
export function checkNoProtoKeys(value: unknown, what: string): void {
  const path = protoKeyPath(value);
  if (path !== undefined) {
    throw ServiceError.http(
      400,
      `${what} has a key named "__proto__" (at ${path}): keys with that name cannot be stored; rename it`,
    );
  }
}
