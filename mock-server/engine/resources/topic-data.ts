/**
 * A topic's custom `data` (docs/behaviour/topics.md#custom-data): flat key-value pairs of
 * scalars, within 64 KB of JSON, checked on create/upsert and update as the service's DTO checks
 * them.
 *
 * @module
 */

/** Most bytes of JSON a topic's `data` may take (the service's 64 KB). */
export const TOPIC_DATA_MAX_BYTES = 64 * 1024;

const isScalar = (value: unknown): boolean =>
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/**
 * What is wrong with a topic's `data`, as the service's validation messages (empty when it is
 * fine). `null` and `undefined` are fine (`null` clears on update); otherwise it must be an
 * object whose values are a string, number, boolean or string[], and its JSON at most 64 KB.
 *
 * @example
 * ```ts
 * topicDataProblems({ category: 'product', priority: 1 }); // []
 * topicDataProblems({ nested: { a: 1 } });
 * // ['Custom data field "nested" must be a string, number, boolean, or string[]']
 * ```
 */
export function topicDataProblems(data: unknown): string[] {
  if (data == null) return [];
  if (typeof data !== 'object' || Array.isArray(data)) {
    return ['data must be an object', 'Custom data must be an object'];
  }
  // The first offending field only, as the service's validator reports it.
  for (const [key, value] of Object.entries(data)) {
    if (!isScalar(value)) {
      return [`Custom data field "${key}" must be a string, number, boolean, or string[]`];
    }
  }
  const bytes = new TextEncoder().encode(JSON.stringify(data)).length;
  if (bytes > TOPIC_DATA_MAX_BYTES) {
    return [`data is too large: ${Math.round(bytes / 1024)}KB exceeds 64KB limit`];
  }
  return [];
}
