import * as z from 'zod/mini';
import type { JsonObject } from './common';

const CONTEXT_ID = /^[a-zA-Z0-9_-]{1,100}$/;

/**
 * What is wrong with a trigger's `context` by the service's rules
 * (docs/behaviour/events.md#trigger), or `undefined` when it is valid (or not given): it must be
 * a non-empty object of `type → id | { id, data? }` with ids of 1-100 characters
 * `[a-zA-Z0-9_-]` (`'structure'`), hold at most 5 entries (`'count'`), and keep each `data` within
 * 64 KB of JSON (the entry's type and the size in bytes). The engine words these as the service
 * does; the client and the engine check with the same rule.
 */
export function contextProblem(
  context: unknown,
): undefined | 'structure' | 'count' | { type: string; bytes: number } {
  if (context == null) return undefined;
  const entries = isObject(context) ? Object.entries(context) : [];
  // An entry is an id, or `{ id, data? }` with an object `data`.
  const wellFormed = entries.every(
    ([, value]) =>
      isId(value) ||
      (isObject(value) &&
        isId(value['id']) &&
        (value['data'] === undefined ||
          (value['data'] !== null && typeof value['data'] === 'object'))),
  );
  if (!entries.length || !wellFormed) return 'structure';
  if (entries.length > 5) return 'count';
  // Sizes last, so at most five entries' data is serialised.
  for (const [type, value] of entries) {
    const data = isObject(value) ? value['data'] : undefined;
    const bytes = data === undefined ? 0 : new TextEncoder().encode(JSON.stringify(data)).length;
    if (bytes > 64 * 1024) return { type, bytes };
  }
  return undefined;
}

/** @internal Whether a value is a plain object (not `null`, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isId = (value: unknown) => typeof value === 'string' && CONTEXT_ID.test(value);

/**
 * The context of a trigger: up to 5 entries of `type → id | {id, data}`, checked as the service
 * checks it ({@link contextProblem}).
 */
export const TriggerContext = z.custom<Record<string, string | { id: string; data?: JsonObject }>>(
  (value) => value !== null && contextProblem(value) === undefined,
);
export type TriggerContext = z.infer<typeof TriggerContext>;
