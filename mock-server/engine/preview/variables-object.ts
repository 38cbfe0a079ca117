/**
 * The variables a step's controls use, and the example object the service makes of them
 * (its `CreateVariablesObject`): each `{{ namespace.path }}` becomes a key whose value is the
 * path's last name (`{{payload.user.name}}` → `{ payload: { user: { name: 'name' } } }`).
 *
 * @module
 */

import { blockToHtml, parseBlockDocument } from '../run/email-body';

/** At most this many variables are read from one step's controls (a hostile body is bounded). */
export const MAX_PREVIEW_VARIABLES = 500;
/** A variable path deeper than this is ignored (the example stays within the JSON depth cap). */
export const MAX_VARIABLE_DEPTH = 16;

const OUTPUT = /\{\{-?\s*([^{}]*?)\s*-?\}\}/g;
const PATH = /^[A-Za-z_$][\w$-]*(?:\.[\w$-]+|\[\d+\])*$/;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function collectStrings(value: unknown, into: string[], top: boolean): void {
  if (typeof value === 'string') {
    const document = parseBlockDocument(value);
    into.push(document === undefined ? value : blockToHtml(document));
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, into, false);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // `skip` is a JSON Logic rule, never rendered.
      if (top && key === 'skip') continue;
      collectStrings(item, into, false);
    }
  }
}

/**
 * The variable paths the control values use, in order of first use, without filters
 * (`{{ payload.name | upcase }}` → `payload.name`); block documents are read as the HTML they
 * render to.
 *
 * @example
 * ```ts
 * usedVariables({ body: 'Hi {{subscriber.firstName}}, {{ payload.count | plus: 1 }}' });
 * // ['subscriber.firstName', 'payload.count']
 * ```
 */
export function usedVariables(controlValues: Record<string, unknown>): string[] {
  const texts: string[] = [];
  collectStrings(controlValues, texts, true);
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(OUTPUT)) {
      const path = (match[1] ?? '').split('|')[0]?.trim() ?? '';
      if (PATH.test(path)) found.add(path);
      if (found.size >= MAX_PREVIEW_VARIABLES) return [...found];
    }
  }
  return [...found];
}

/** The keys of a path: `a.b[2].c` → `a`, `b`, 0, `c` (every index is the first element). */
function segments(path: string): (string | 0)[] {
  const keys: (string | 0)[] = [];
  for (const part of path.split('.')) {
    const bracket = part.indexOf('[');
    keys.push(bracket === -1 ? part : part.slice(0, bracket));
    if (bracket !== -1) for (const _ of part.matchAll(/\[\d+\]/g)) keys.push(0);
  }
  return keys;
}

type Node = Record<string, unknown> | unknown[];

function child(container: Node, key: string | 0, nextIsIndex: boolean): Node {
  const existing = (container as Record<string | number, unknown>)[key];
  if (existing !== null && typeof existing === 'object') return existing as Node;
  const made: Node = nextIsIndex ? [] : {};
  (container as Record<string | number, unknown>)[key] = made;
  return made;
}

/**
 * The example object of variable paths, as the service builds it: paths without a namespace
 * (no dot) and paths that prefix a longer one are left out; each leaf is the path's last name.
 *
 * @example
 * ```ts
 * variablesObject(['payload.user.name', 'subscriber.firstName']);
 * // { payload: { user: { name: 'name' } }, subscriber: { firstName: 'firstName' } }
 * ```
 */
export function variablesObject(paths: readonly string[]): Record<string, unknown> {
  const kept = paths.filter(
    (path) =>
      path.includes('.') && !paths.some((other) => other !== path && other.startsWith(`${path}.`)),
  );
  const result: Record<string, unknown> = {};
  for (const path of kept) {
    const keys = segments(path);
    if (keys.length > MAX_VARIABLE_DEPTH) continue;
    if (keys.some((key) => typeof key === 'string' && UNSAFE_KEYS.has(key))) continue;
    let node: Node = result;
    for (let index = 0; index < keys.length - 1; index++) {
      node = child(node, keys[index] as string | 0, keys[index + 1] === 0);
    }
    const last = keys[keys.length - 1] as string | 0;
    const name =
      path
        .split('.')
        .at(-1)
        ?.replace(/\[\d+\]/g, '') ?? '';
    const current = (node as Record<string | number, unknown>)[last];
    if (current === undefined || current === null || typeof current !== 'object') {
      (node as Record<string | number, unknown>)[last] = name;
    }
  }
  return result;
}
