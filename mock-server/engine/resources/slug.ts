/**
 * Workflow and step slugs (docs/behaviour/workflows.md#list): `slugify(name)` + `_wf_` / `_st_` + the base62 form
 * of the 12 ObjectId bytes, and the reverse lookup the sync path parameter goes through.
 *
 * @module
 */

import { storedObjectId } from '../store/ids';

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

/**
 * Characters the service's slugify spells out before slugging (its built-in replacements and the
 * transliteration table entries that a canonical decomposition does not already cover).
 */
const REPLACEMENTS: Record<string, string> = {
  '&': ' and ',
  '♥': ' love ',
  '🦄': ' unicorn ',
  '|': ' or ',
  '<': ' less ',
  '>': ' greater ',
  '∑': ' sum ',
  '∆': ' delta ',
  '∞': ' infinity ',
  '©': ' (c) ',
  '®': ' (r) ',
  '™': ' tm ',
  '℠': ' sm ',
  '€': ' euro ',
  '£': ' pound ',
  '¥': ' yen ',
  '¢': ' cent ',
  $: ' dollar ',
  '₿': ' bitcoin ',
  '₽': ' russian ruble ',
  '₺': ' turkish lira ',
  '₩': ' won ',
  '₫': ' dong ',
  '฿': ' baht ',
  '₴': ' hryvnia ',
  '₪': ' new shequel ',
  '₨': ' rupee ',
  元: ' yuan ',
  円: ' yen ',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'dj',
  Đ: 'DJ',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  ƒ: 'f',
  '∂': 'd',
  º: 'o',
  ª: 'a',
  '˚': 'o',
};

/** Greek and Cyrillic letters, transliterated as the service's table does (lower case). */
const GREEK = 'αaβbγgδdεeζzηhθ8ιiκkλlμmνnξ3οoπpρrσsςsτtυyφfχxωw';
const CYRILLIC = 'аaбbвvгgдdеeзzиiйjкkлlмmнnоoпpрrсsтtуuфfхhцcыyэeіiґg';
const CYRILLIC_DIGRAPHS: Record<string, string> = {
  ё: 'yo',
  ж: 'zh',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: 'u',
  ь: '',
  ю: 'yu',
  я: 'ya',
  є: 'ye',
  ї: 'yi',
  ψ: 'ps',
};

function transliterateChar(char: string): string {
  const replaced = REPLACEMENTS[char];
  if (replaced !== undefined) return replaced;
  const lower = char.toLowerCase();
  const upper = char !== lower;
  const digraph = CYRILLIC_DIGRAPHS[lower];
  if (digraph !== undefined)
    return upper ? digraph.charAt(0).toUpperCase() + digraph.slice(1) : digraph;
  for (const table of [GREEK, CYRILLIC]) {
    const at = table.indexOf(lower);
    if (at !== -1 && at % 2 === 0) {
      const latin = table.charAt(at + 1);
      return upper ? latin.toUpperCase() : latin;
    }
  }
  return char;
}

const isUpper = (char: string | undefined) => char !== undefined && char >= 'A' && char <= 'Z';
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isLowerOrDigit = (char: string | undefined) =>
  char !== undefined && ((char >= 'a' && char <= 'z') || isDigit(char));

/** `text` with a space before each index `boundary` accepts. */
function spaceBefore(text: string, boundary: (at: number) => boolean): string {
  let out = '';
  for (let at = 0; at < text.length; at++) {
    if (at > 0 && boundary(at)) out += ' ';
    out += text[at];
  }
  return out;
}

/**
 * `fooBar` → `foo Bar`, `APIKey` → `API Key`, as the service's slugify separates words. Its four
 * regular expressions, in order, as one pass each: they backtrack quadratically on a long name,
 * which froze the server (test/engine/resources/slug-rules.test.ts checks they agree).
 */
function decamelize(text: string): string {
  const t1 = spaceBefore(
    text,
    (at) => isDigit(text[at]) && isUpper(text[at - 1]) && isUpper(text[at - 2]),
  );
  const t2 = spaceBefore(
    t1,
    (at) => isUpper(t1[at]) && isUpper(t1[at + 1]) && isLowerOrDigit(t1[at - 1]),
  );
  const t3 = spaceBefore(t2, (at) => isUpper(t2[at]) && isLowerOrDigit(t2[at - 1]));
  return spaceBefore(t3, (at) => {
    const next = t3[at + 1];
    return isUpper(t3[at]) && isUpper(t3[at - 1]) && isLowerOrDigit(next) && next !== 's';
  });
}

/**
 * Joins contractions (`don-t` → `dont`, `it-s-` → `its-`): the service's
 * `/([a-z\d]+)-([ts])(-|$)/g` replaced by `$1$2$3`, in one pass (the expression is quadratic on a
 * long run of letters). A match takes its trailing `-`, so the next one starts after it.
 */
function joinContractions(slug: string): string {
  let out = '';
  let matchEnd = 0;
  for (let at = 0; at < slug.length; at++) {
    const next = slug[at + 1];
    const after = slug[at + 2];
    const joins =
      slug[at] === '-' &&
      at - 1 >= matchEnd &&
      isLowerOrDigit(slug[at - 1]) &&
      (next === 't' || next === 's') &&
      (after === '-' || after === undefined);
    if (joins) {
      matchEnd = at + 3;
      continue;
    }
    out += slug[at];
  }
  return out;
}

/**
 * The service's `slugify` (its shared utilities): spells out symbols and transliterates letters,
 * drops accents, splits camel case, lower-cases, turns each run of other characters into one
 * `-`, joins contractions (`don't` → `dont`) and trims the dashes at both ends. Workflow ids,
 * step ids and slugs are made with it.
 *
 * @example
 * ```ts
 * slugify('Welcome Email'); // 'welcome-email'
 * slugify('sendInAppMessage'); // 'send-in-app-message'
 * slugify('Tom & Jerry'); // 'tom-and-jerry'
 * ```
 */
export function slugify(name: string): string {
  const spelled = Array.from(name.normalize(), transliterateChar)
    .join('')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .normalize();
  const words = decamelize(spelled)
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '-');
  return joinContractions(words).replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

/**
 * Lower-case slug for integration identifiers (the service slugs those with the strict `slugify`
 * package): accents dropped, each run of other characters one `-`, trimmed at the ends.
 *
 * @example
 * ```ts
 * slugifyStrict('Custom SMTP'); // 'custom-smtp'
 * ```
 */
export function slugifyStrict(name: string): string {
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
  const objectId = storedObjectId(value);
  if (objectId !== undefined) return { objectId };
  if (value.length < ENCODED_LENGTH) return { identifier: value };
  const decoded = decodeBase62(value.slice(-ENCODED_LENGTH));
  const isSlug = /_(wf|st)_[0-9A-Za-z]{16}$/.test(value);
  return decoded && isSlug ? { objectId: decoded } : { identifier: value };
}
