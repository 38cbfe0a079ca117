import * as z from 'zod/mini';
import type { JsonObject } from './common';

const CONTEXT_ID = /^[a-zA-Z0-9_-]+$/;
const MAX_CONTEXTS = 5;
const MAX_CONTEXT_DATA_BYTES = 64 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isContextId = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= 100 && CONTEXT_ID.test(value);

/**
 * The service's check of a trigger's `context` (docs/behaviour/events.md#trigger): a non-empty
 * object of `type → id | { id, data? }`, ids of 1-100 characters `[a-zA-Z0-9_-]`, at most 5
 * entries, each `data` at most 64 KB of JSON. Answers the service's text, or `undefined` when the
 * context is valid (or not given).
 *
 * @example
 * ```ts
 * contextPayloadError({ tenant: 'org-acme' }); // undefined
 * contextPayloadError({ tenant: 'org acme' }); // 'Invalid context payload structure. …'
 * ```
 */
export function contextPayloadError(context: unknown): string | undefined {
  if (context === undefined || context === null) return undefined;
  const valid =
    isObject(context) &&
    Object.keys(context).length > 0 &&
    Object.values(context).every(
      (value) =>
        isContextId(value) ||
        (isObject(value) &&
          isContextId(value['id']) &&
          (value['data'] === undefined ||
            (value['data'] !== null && typeof value['data'] === 'object'))),
    );
  if (!valid) {
    return 'Invalid context payload structure. Expected object with context types as keys and string IDs or {id, data} objects as values';
  }
  const entries = Object.entries(context);
  if (entries.length > MAX_CONTEXTS) {
    return `Too many contexts: ${entries.length} provided, maximum allowed is ${MAX_CONTEXTS}`;
  }
  const encoder = new TextEncoder();
  for (const [type, value] of entries) {
    if (!isObject(value) || value['data'] === undefined) continue;
    const size = encoder.encode(JSON.stringify(value['data'])).length;
    if (size > MAX_CONTEXT_DATA_BYTES) {
      return `Context '${type}' data is too large: ${Math.round(size / 1024)}KB exceeds 64KB limit`;
    }
  }
  return undefined;
}

/**
 * The context of a trigger: up to 5 entries of `type → id | {id, data}`, checked as the service
 * checks it ({@link contextPayloadError}), failing with the service's text.
 *
 * @example
 * ```ts
 * TriggerContext.parse({ tenant: 'org-acme', project: { id: 'p-1', data: { region: 'eu' } } });
 * ```
 */
export const TriggerContext = z.custom<Record<string, string | { id: string; data?: JsonObject }>>(
  (value) => value !== null && contextPayloadError(value) === undefined,
  { error: (issue) => contextPayloadError(issue.input) ?? 'context must be an object' },
);
/** The context of a trigger. */
export type TriggerContext = z.infer<typeof TriggerContext>;
