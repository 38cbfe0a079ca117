/**
 * The keys of the map tables whose rows are stored under a key made of their fields: the
 * resources look rows up by them, and the tables (store/tables.ts) name an in-place change of a
 * row by the key read from the row, without walking the map.
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

/**
 * Key of a context in `data.contexts`.
 *
 * @example
 * ```ts
 * contextKey('tenant', 'acme'); // 'tenant:acme'
 * ```
 */
export const contextKey = (type: string, id: string): string => `${type}:${id}`;

/**
 * Key of a domain's route in `data.domainRoutes`.
 *
 * @example
 * ```ts
 * domainRouteKey(domain._id, 'support'); // '<domain _id>:support'
 * ```
 */
export const domainRouteKey = (domainId: string, address: string): string =>
  `${domainId}:${address}`;

/**
 * Key of a resource's translations in a locale in `data.translations` (`resourceKey`: the
 * workflow's or layout's `_id`).
 *
 * @example
 * ```ts
 * translationKey('workflow', workflow._id, 'fr_FR');
 * ```
 */
export const translationKey = (type: string, resourceKey: string, locale: string): string =>
  `${type}:${resourceKey}:${locale}`;
