/**
 * The input rules of the domains area (docs/behaviour/domains.md): the service's `IsFQDN`
 * options, its bounded string-record metadata and its inbox-address local part.
 *
 * @module
 */

/** Most keys a domain's or route's `data` holds. */
export const METADATA_MAX_KEYS = 10;
/** Most characters of a `data`'s keys and values together. */
export const METADATA_MAX_CHARS = 500;
/** Longest local part of a route's address (RFC 5321). */
export const LOCAL_PART_MAX_LENGTH = 64;
/** Longest domain name the engine keeps (RFC 1035). */
export const DOMAIN_NAME_MAX_LENGTH = 253;

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const TLD = /^([a-z\u00A1-\u00A8\u00AA-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}|xn[a-z0-9-]{2,})$/i;
const LABEL = /^[a-z\u00a1-\uffff0-9-]+$/i;

/**
 * Whether `name` is a domain name as the service's `IsFQDN` takes it: a TLD of letters, labels of
 * at most 63 letters, digits and inner hyphens, no underscore, wildcard or trailing dot.
 *
 * @example
 * ```ts
 * isDomainName('acme.dev'); // true
 * isDomainName('localhost'); // false: no TLD
 * ```
 */
export function isDomainName(name: string): boolean {
  if (name.length === 0 || name.length > DOMAIN_NAME_MAX_LENGTH) return false;
  const labels = name.split('.');
  const tld = labels[labels.length - 1] as string;
  if (labels.length < 2 || !TLD.test(tld)) return false;
  return labels.every(
    (label) =>
      label.length > 0 &&
      label.length <= 63 &&
      LABEL.test(label) &&
      !/[\uff01-\uff5e]/.test(label) &&
      !label.startsWith('-') &&
      !label.endsWith('-'),
  );
}

/**
 * Whether `address` is a route's local part: `*`, or an RFC 5322 dot-atom of at most 64
 * characters.
 *
 * @example
 * ```ts
 * isLocalPart('sales+vip'); // true
 * isLocalPart('a@b'); // false
 * ```
 */
export function isLocalPart(address: string): boolean {
  if (address === '*') return true;
  return address.length > 0 && address.length <= LOCAL_PART_MAX_LENGTH && LOCAL_PART.test(address);
}

/**
 * The service's message when `value` is not a bounded string record, else `undefined`.
 *
 * @example
 * ```ts
 * metadataProblem('data', { a: 1 }); // 'data must be an object with at most 10 string keys ...'
 * ```
 */
export function metadataProblem(field: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const message = `${field} must be an object with at most ${METADATA_MAX_KEYS} string keys and string values, with combined key+value length at most ${METADATA_MAX_CHARS} characters.`;
  if (typeof value !== 'object' || Array.isArray(value)) return message;
  const entries = Object.entries(value);
  if (entries.length > METADATA_MAX_KEYS) return message;
  let total = 0;
  for (const [key, item] of entries) {
    if (typeof item !== 'string') return message;
    total += key.length + item.length;
  }
  return total > METADATA_MAX_CHARS ? message : undefined;
}
