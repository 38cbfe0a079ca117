/**
 * CORS for the HTTP mock server, so browser apps on any origin can call it.
 *
 * @module
 */

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
// The admin client's headers, and the Inbox client's (`@novu/js`: API and client versions, the
// keyless application identifier, a User-Agent).
const DEFAULT_ALLOWED_HEADERS =
  'authorization, content-type, idempotency-key, accept, x-request-id, novu-api-version, novu-client-version, novu-application-identifier, user-agent';
const EXPOSED_HEADERS =
  'idempotency-key, idempotency-replay, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy, x-request-id';

/**
 * Headers added to every response: any origin may read it, and the service's headers a client
 * needs (idempotency replay, rate limits) are exposed.
 */
export function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
  };
}

/**
 * Headers of a preflight (`OPTIONS`) answer. The requested headers are echoed back, so clients
 * that add their own headers (the `headers` client option) are never blocked.
 */
export function preflightHeaders(requestedHeaders: string | undefined): Record<string, string> {
  return {
    ...corsHeaders(),
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': requestedHeaders?.trim() || DEFAULT_ALLOWED_HEADERS,
    'access-control-max-age': '86400',
    vary: 'access-control-request-headers',
  };
}
