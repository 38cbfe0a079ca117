import * as z from 'zod/mini';

/**
 * Sort directions accepted by list and search queries.
 *
 * @example
 * ```ts
 * ORDER_DIRECTIONS.includes('ASC'); // true
 * ```
 */
export const ORDER_DIRECTIONS = ['ASC', 'DESC'] as const;

/**
 * A sort direction of a request query (closed enum).
 *
 * @example
 * ```ts
 * OrderDirection.parse('DESC');
 * ```
 */
export const OrderDirection = z.enum(ORDER_DIRECTIONS);
/** A sort direction of a request query: `ASC` or `DESC`. */
export type OrderDirection = z.infer<typeof OrderDirection>;
