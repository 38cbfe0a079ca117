/**
 * The key a subscriber's preference is stored under in `data.preferences` (store/tables.ts keys
 * an in-place change of a row by it).
 *
 * @module
 */

/**
 * Key of a subscriber's preference in `data.preferences`: one per workflow (or global), and one
 * per context (its keys in any order).
 *
 * @example
 * ```ts
 * preferenceKey(subscriber._id, workflow._id, ['tenant:acme']); // '<sub>:<wf>|ctx:tenant:acme'
 * ```
 */
export function preferenceKey(
  subscriberObjectId: string,
  workflowObjectId: string | null,
  contextKeys: readonly string[] = [],
): string {
  const base =
    workflowObjectId === null ? subscriberObjectId : `${subscriberObjectId}:${workflowObjectId}`;
  return contextKeys.length === 0
    ? base
    : `${base}|ctx:${[...new Set(contextKeys)].sort().join(',')}`;
}
