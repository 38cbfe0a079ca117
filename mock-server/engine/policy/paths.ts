/**
 * Reading and writing dotted paths (`user.address.city`, `items.0.name`) in plain JSON values.
 *
 * @module
 */

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Reads a dotted path from a value; `undefined` when any part is missing. Own properties only. */
export function readPath(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (UNSAFE_KEYS.has(key) || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
