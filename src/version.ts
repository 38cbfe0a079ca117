/**
 * The version of `@svc/api`, sent as the `x-svc-sdk-version` header (kept equal to
 * `package.json` by a test).
 *
 * @example
 * ```ts
 * import { VERSION } from '@svc/api';
 * console.log(VERSION);
 * ```
 */
export const VERSION = '0.0.0';
