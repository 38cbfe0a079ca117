// Value arbitraries shared by the endpoint table: the valid values an endpoint knows, mixed with
// hostile ones (wrong types, unicode, huge strings, malformed ids, out-of-range numbers).
import fc from 'fast-check';

/** Over the 100 kB body limit (the fuzzer sends it as a whole body or inside one). */
export const HUGE = 'x'.repeat(101 * 1024);
const LONG = 'é'.repeat(5_000);

/** Strings a careless or hostile caller sends. */
export const wildString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string(), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 3 },
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '🙂‍↔️',
    'Ünïcödé',
    '%00',
    '%',
    '../etc',
    '__proto__',
    'constructor',
    'toString',
    'null',
    'undefined',
    'true',
    '[object Object]',
    '{"a":1}',
    'ffffffffffffffffffffffff',
    'FFFFFFFFFFFFFFFFFFFFFFFF',
    '0123456789abcdef0123456',
    '0123456789abcdef012345678',
    LONG,
  ),
);

/** Numbers as query strings: negative, fractional, huge, not numbers at all. */
export const wildNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -5, max: 120 }).map(String),
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '1e3',
    '1e309',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    ' 7 ',
    '9'.repeat(40),
  ),
  fc.double().map(String),
  wildString,
);

/** Any JSON value, including the wrong type for any field. */
export const wildJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, 0, -1, 1e308, '', [], {}, [null]),
  wildString,
);

/** A 24-hex object id that exists nowhere. */
export const unknownObjectId: fc.Arbitrary<string> = fc
  .uint8Array({ minLength: 12, maxLength: 12 })
  .map((bytes) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(''));

/** One of the known values most of the time, else something hostile. */
export function mostly<T>(known: fc.Arbitrary<T>, wild: fc.Arbitrary<unknown> = wildJson) {
  return fc.oneof({ arbitrary: known, weight: 6 }, { arbitrary: wild, weight: 1 });
}

/** Marks a path segment sent as written, not percent-encoded. */
const RAW = '\u0000raw:';

/** Broken percent-escapes, sent as written (fetch does not fix them). */
const rawSegment = fc
  .constantFrom('%', '%%', '%E0%A4%A', '%ZZ', '%C0', 'a%2', '%ff', '%u0041')
  .map((segment) => `${RAW}${segment}`);

/** A path segment: a known id most of the time, else a hostile one (never `.`/`..`, which the URL parser resolves away). */
export function pathId(known: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .oneof({ arbitrary: known, weight: 6 }, unknownObjectId, wildString, rawSegment)
    .filter((id) => id !== '' && id !== '.' && id !== '..');
}

/** Encodes a generated path segment (raw ones stay as written). */
export function segment(id: string): string {
  return id.startsWith(RAW) ? id.slice(RAW.length) : encodeURIComponent(id);
}

/** Date query values: ISO instants (some out of range), dates only, epochs, nonsense. */
export const wildDate: fc.Arbitrary<string> = fc.oneof(
  fc
    .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') })
    .filter((date) => !Number.isNaN(date.getTime()))
    .map((date) => date.toISOString()),
  fc.constantFrom(
    '2026-01-01',
    '2026-13-45T00:00:00Z',
    '0',
    '-1',
    '1e20',
    'yesterday',
    '+275760-09-13T00:00:00.000Z',
    '2026-01-01T00:00:00+14:00',
  ),
  wildString,
);
