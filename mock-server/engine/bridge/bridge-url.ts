/**
 * The rules on a bridge URL (docs/security.md): `http:` or `https:` only, and no credentials in
 * it: the engine authenticates to a bridge with the `novu-signature` header alone.
 *
 * @module
 */

import { ServiceError } from '../wire/service-error';
import { BRIDGE_ERRORS } from './bridge-errors';

/** Longest bridge URL the engine keeps. */
export const MAX_BRIDGE_URL_LENGTH = 2048;

/**
 * Checks a bridge URL and answers it as given; a bad one is the service's 422 (not a URL) or 400
 * (another protocol, credentials).
 *
 * @example
 * ```ts
 * checkBridgeUrl('http://localhost:4000/api/novu'); // 'http://localhost:4000/api/novu'
 * checkBridgeUrl('file:///etc/passwd'); // throws 400 Unsupported protocol
 * ```
 */
export function checkBridgeUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_BRIDGE_URL_LENGTH) {
    throw ServiceError.dtoValidation(['bridgeUrl must be a URL address'], value);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ServiceError.dtoValidation(['bridgeUrl must be a URL address'], value);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw ServiceError.http(400, `Unsupported protocol for \`${value}\``);
  }
  if (url.username !== '' || url.password !== '') {
    throw ServiceError.http(
      400,
      `${BRIDGE_ERRORS.INVALID_BRIDGE_URL(url.host)}: credentials in the URL are not sent; the engine signs each request with the environment's secret key`,
    );
  }
  return value;
}
