/**
 * Inbox session tokens as the service issues them: a JWT signed with HS256, verified by its
 * signature alone. The engine keeps no table of sessions, so no number of sessions opened by one
 * subscriber can sign another out (a table of the newest 10,000 once did).
 *
 * @module
 */

import { constantTimeEqual, hmacSha256Hex } from './hmac-sha256';

/** What a token carries: environment `_id`, subscriber `_id`, context keys, expiry in ms. @internal */
export interface SessionClaims {
  environmentId: string;
  subscriberObjectId: string;
  contextKeys: string[];
  expiresAt: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
/** The longest token looked at: a real one is well under 2 kB (5 context keys of 300 chars). */
const MAX_TOKEN_LENGTH = 4_096;
const HEADER = base64UrlOfText(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function base64UrlOfBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlOfText(text: string): string {
  return base64UrlOfBytes(encoder.encode(text));
}

function textOfBase64Url(segment: string): string {
  const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
  return decoder.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

function signature(secret: string, signed: string): string {
  const hex = hmacSha256Hex(secret, signed);
  return base64UrlOfBytes(
    Uint8Array.from({ length: 32 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)),
  );
}

/**
 * A random secret to sign an engine's tokens with: a new engine (and so a restarted server)
 * does not accept the tokens of another.
 *
 * @internal
 */
export function newSessionSecret(): string {
  return randomHex(32);
}

function randomHex(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Signs a session's claims into a token (`exp` in seconds, as JWTs count; a random `jti`).
 *
 * @internal
 */
export function signSessionToken(secret: string, claims: SessionClaims): string {
  const payload = base64UrlOfText(
    JSON.stringify({
      env: claims.environmentId,
      sub: claims.subscriberObjectId,
      ctx: claims.contextKeys,
      exp: claims.expiresAt / 1000,
      // Each session its own token, even for the same subscriber in the same millisecond.
      jti: randomHex(16),
    }),
  );
  const signed = `${HEADER}.${payload}`;
  return `${signed}.${signature(secret, signed)}`;
}

/**
 * The claims of a token this secret signed; `undefined` for any other string (malformed,
 * too long, another header, a changed payload or signature).
 *
 * @internal
 */
export function verifySessionToken(secret: string, token: string): SessionClaims | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const [header, payload, given, extra] = token.split('.');
  if (header !== HEADER || payload === undefined || given === undefined || extra !== undefined) {
    return undefined;
  }
  if (!SEGMENT.test(payload) || !SEGMENT.test(given)) return undefined;
  if (!constantTimeEqual(signature(secret, `${header}.${payload}`), given)) return undefined;
  try {
    const claims = JSON.parse(textOfBase64Url(payload)) as Record<string, unknown>;
    const { env, sub, ctx, exp } = claims;
    if (typeof env !== 'string' || typeof sub !== 'string' || typeof exp !== 'number')
      return undefined;
    if (!Array.isArray(ctx) || !ctx.every((key) => typeof key === 'string')) return undefined;
    // `exp` is seconds with the milliseconds as a fraction: rounded back to the exact instant.
    return {
      environmentId: env,
      subscriberObjectId: sub,
      contextKeys: ctx,
      expiresAt: Math.round(exp * 1000),
    };
  } catch {
    return undefined;
  }
}
