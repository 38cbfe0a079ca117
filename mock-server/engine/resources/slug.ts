/**
 * Workflow and step slugs (docs/behaviour/workflows.md#list): `slugify(name)` + `_wf_` / `_st_` + the base62 form
 * of the 12 ObjectId bytes, and the reverse lookup the sync path parameter goes through.
 *
 * @module
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ENCODED_LENGTH = 16;

/** Encodes a 24-hex ObjectId in base62 (`0-9A-Za-z`), left-padded to 16 characters. */
export function encodeBase62(objectId: string): string {
  let value = BigInt(`0x${objectId}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out.padStart(ENCODED_LENGTH, '0');
}

/** Decodes base62 text back to a 24-hex ObjectId, or `undefined` when it is not one. */
export function decodeBase62(text: string): string | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit === -1) return undefined;
    value = value * 62n + BigInt(digit);
  }
  if (value >= 1n << 96n) return undefined;
  return value.toString(16).padStart(24, '0');
}

/** Lower-case slug of a name: runs of non-alphanumerics become `-`, trimmed at the ends. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The slug of a workflow (`_wf_`) or step (`_st_`). */
export function buildSlug(name: string, kind: 'workflow' | 'step', objectId: string): string {
  return `${slugify(name)}${kind === 'workflow' ? '_wf_' : '_st_'}${encodeBase62(objectId)}`;
}

/**
 * Reads the sync path parameter like the service's `parseSlugId`: an ObjectId is an internal id;
 * a string shorter than 16 characters is an identifier; a slug whose last 16 characters decode to
 * an ObjectId gives that id; anything else is an identifier.
 */
export function parseSlugId(value: string): { objectId: string } | { identifier: string } {
  if (/^[0-9a-fA-F]{24}$/.test(value)) return { objectId: value.toLowerCase() };
  if (value.length < ENCODED_LENGTH) return { identifier: value };
  const decoded = decodeBase62(value.slice(-ENCODED_LENGTH));
  const isSlug = /_(wf|st)_[0-9A-Za-z]{16}$/.test(value);
  return decoded && isSlug ? { objectId: decoded } : { identifier: value };
}
