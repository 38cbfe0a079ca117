/**
 * A request's `context` (`{ tenant: 'acme', region: { id: 'eu', data } }`) as the `type:id`
 * keys the service stores and filters by (docs/behaviour/subscribers.md#contexts).
 *
 * @module
 */

/**
 * The keys of a context, in the order given; none for an absent or malformed one.
 *
 * @example
 * ```ts
 * contextKeysOf({ tenant: 'acme', region: { id: 'eu' } }); // ['tenant:acme', 'region:eu']
 * ```
 */
export function contextKeysOf(context: unknown): string[] {
  if (context === null || typeof context !== 'object' || Array.isArray(context)) return [];
  return Object.entries(context).map(
    ([type, value]) =>
      `${type}:${typeof value === 'string' ? value : String((value as { id?: unknown }).id)}`,
  );
}
