/**
 * The service's response envelope (its `ResponseInterceptor`): a result is answered as
 * `{ data: result }`, except a page, which already has `data` and is no entity (no `_id`).
 *
 * @module
 */

/** The body the service answers for a handler's result; `undefined` stays `undefined` (a 204). */
export function envelope(result: unknown): unknown {
  if (result === undefined) return undefined;
  const page = result as { data?: unknown; _id?: unknown } | null;
  return page?.data && !page._id ? result : { data: result };
}
