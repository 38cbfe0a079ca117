/**
 * The version of `@svc/api`, sent as the `x-svc-sdk-version` header (kept equal to
 * `package.json` by a test).
 */
export const VERSION = '0.0.0';
