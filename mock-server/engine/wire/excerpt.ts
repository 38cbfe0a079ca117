/**
 * What the engine keeps of a request or answer it only remembers for people (the inspector's last
 * triggers) or compares (idempotency): a byte-capped excerpt and a hash, never the whole value,
 * so a client sending large bodies cannot make the server keep them (docs/security.md).
 *
 * @module
 */

/** The longest JSON text of a remembered body kept as is; a longer one becomes an excerpt. */
export const MAX_KEPT_BODY_LENGTH = 64_000;

/**
 * A body too long to keep: its size, hash and first characters.
 *
 * @example
 * ```ts
 * const kept = keptBody(body);
 * if (isBodyExcerpt(kept)) console.log(kept.length, kept.excerpt);
 * ```
 */
export interface BodyExcerpt {
  truncated: true;
  /** Characters of the whole body's JSON text. */
  length: number;
  /** {@link textHash} of the whole JSON text. */
  hash: string;
  /** The first {@link MAX_KEPT_BODY_LENGTH} characters of the JSON text. */
  excerpt: string;
}

/** Whether a remembered value is a {@link BodyExcerpt}. */
export function isBodyExcerpt(value: unknown): value is BodyExcerpt {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as Partial<BodyExcerpt>).truncated === true &&
    typeof (value as Partial<BodyExcerpt>).excerpt === 'string'
  );
}

// cyrb53 (a public-domain 53-bit string hash): fast, no dependency, runs in browsers too.
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A 106-bit hash of a text with its length (not cryptographic: it tells bodies apart, it does not
 * defend against someone forging a collision with their own request).
 *
 * @example
 * ```ts
 * textHash('{"a":1}') === textHash('{"a":1}'); // true
 * ```
 */
export function textHash(text: string): string {
  return `${text.length.toString(36)}:${hash53(text, 1).toString(36)}:${hash53(text, 2).toString(36)}`;
}

/**
 * The body as the engine remembers it: the value itself when its JSON text is at most
 * {@link MAX_KEPT_BODY_LENGTH} characters, else a {@link BodyExcerpt}.
 *
 * @example
 * ```ts
 * keptBody({ name: 'wf' }); // { name: 'wf' }
 * ```
 */
export function keptBody(body: unknown): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch {
    text = String(body);
  }
  if (text === undefined || text.length <= MAX_KEPT_BODY_LENGTH) return body;
  return {
    truncated: true,
    length: text.length,
    hash: textHash(text),
    excerpt: detachedPrefix(text, MAX_KEPT_BODY_LENGTH),
  } satisfies BodyExcerpt;
}

/**
 * The first `length` characters as a string of their own. A `slice` of a long string is a view
 * that keeps the whole parent alive in V8: an excerpt of a 24 MB body kept the 24 MB.
 */
function detachedPrefix(text: string, length: number): string {
  return JSON.parse(JSON.stringify(text.slice(0, length))) as string;
}
