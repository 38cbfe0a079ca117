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

/**
 * The fields every cursor-paginated query shares (`after`/`before` cursors, `limit` 1-100, the
 * order, `includeCursor`), spread into each list's query schema.
 *
 * @example
 * ```ts
 * const TopicListQuery = z.object({ ...CURSOR_QUERY, key: z.optional(z.string()) });
 * ```
 */
export const CURSOR_QUERY = {
  after: z.optional(z.string()),
  before: z.optional(z.string()),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  orderDirection: z.optional(OrderDirection),
  orderBy: z.optional(z.string()),
  includeCursor: z.optional(z.boolean()),
};
