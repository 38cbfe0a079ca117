/** `T` with `undefined` removed from every property (absent instead of undefined). */
export type Defined<T> = { [K in keyof T]: Exclude<T[K], undefined> };

/**
 * Drops the properties whose value is `undefined`, as the service's JSON does.
 *
 * @example
 * ```ts
 * withoutUndefined({ a: 1, b: undefined }); // { a: 1 }
 * ```
 */
export function withoutUndefined<T extends object>(value: T): Defined<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined),
  ) as Defined<T>;
}
