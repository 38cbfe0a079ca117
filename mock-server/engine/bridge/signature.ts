/**
 * The `novu-signature` header the service puts on every bridge request: HMAC-SHA256 keyed with
 * the environment's secret key (its API key) over `<t>.<compact JSON of the body>`, where `t` is
 * the WALL clock in epoch ms (the framework refuses a `t` more than 5 minutes off its own clock;
 * the engine's virtual clock moves, so it is never used here). A GET is signed over `{}`.
 *
 * Web Crypto, so the engine signs in Node 20+ and in browsers alike.
 *
 * @module
 */

const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The header value `t=<ms>,v1=<hex>` for `body` (`undefined` for a GET: signed over `{}`).
 *
 * @example
 * ```ts
 * const header = await bridgeSignature('sk_test_123', { payload: {} }, Date.now());
 * // 't=1730000000000,v1=5f0c…'
 * ```
 */
export async function bridgeSignature(
  secretKey: string,
  body: unknown,
  wallNow: number,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secretKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signed = `${wallNow}.${JSON.stringify(body ?? {})}`;
  const digest = await crypto.subtle.sign('HMAC', key, encoder.encode(signed));
  return `t=${wallNow},v1=${hex(digest)}`;
}
