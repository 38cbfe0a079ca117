import * as z from 'zod/mini';

/** Sort directions accepted by list and search queries. */
export const ORDER_DIRECTIONS = ['ASC', 'DESC'] as const;

/** A sort direction of a request query (closed enum). */
export const OrderDirection = z.enum(ORDER_DIRECTIONS);
export type OrderDirection = z.infer<typeof OrderDirection>;

/**
 * The fields every cursor-paginated query shares (`after`/`before` cursors, `limit` 1-100, the
 * order, `includeCursor`), spread into each list's query schema.
 */
export const CURSOR_QUERY = {
  after: z.optional(z.string()),
  before: z.optional(z.string()),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  orderDirection: z.optional(OrderDirection),
  orderBy: z.optional(z.string()),
  includeCursor: z.optional(z.boolean()),
};
