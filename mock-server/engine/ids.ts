/**
 * Deterministic 24-hex ObjectId-style ids: 4 bytes of clock seconds, 5 seeded random bytes,
 * 3 bytes of counter. The same seed and the same calls give the same ids, and ids created later
 * sort after earlier ones.
 *
 * @module
 */

/**
 * A small seeded pseudo-random generator (mulberry32): deterministic, fast, not for secrets.
 *
 * @example
 * ```ts
 * const random = createRandom(42);
 * random(); // a number in [0, 1)
 * ```
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (value: number, width: number): string => value.toString(16).padStart(width, '0');
const HEX_BYTES = Array.from({ length: 256 }, (_, value) => hex(value, 2));

/** Generates ids for one engine. */
export interface IdGenerator {
  /** A new 24-hex ObjectId-style id. */
  objectId(): string;
  /** A new UUID v4 (from the seeded generator). */
  uuid(): string;
  /** A random string from `[0-9A-Za-z_-]` (for generated identifiers). */
  shortId(length?: number): string;
}

/**
 * Creates the id generator of an engine.
 *
 * @example
 * ```ts
 * const ids = createIdGenerator(1, () => Date.parse('2026-01-01'));
 * ids.objectId(); // '6955b900...'
 * ```
 */
export function createIdGenerator(seed: number, now: () => number): IdGenerator {
  const random = createRandom(seed);
  const processPart = hex(Math.floor(random() * 0x10000000000) % 0x10000000000, 10);
  let counter = Math.floor(random() * 0x1000);
  const byte = () => Math.floor(random() * 256);
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';
  return {
    objectId() {
      counter = (counter + 1) % 0x1000000;
      return hex(Math.floor(now() / 1000) >>> 0, 8) + processPart + hex(counter, 6);
    },
    uuid() {
      let h = '';
      for (let index = 0; index < 16; index++) {
        let value = byte();
        if (index === 6) value = (value & 0x0f) | 0x40;
        if (index === 8) value = (value & 0x3f) | 0x80;
        h += HEX_BYTES[value];
      }
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    shortId(length = 9) {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
      return out;
    },
  };
}

/**
 * Whether a value is a 24-hex ObjectId string (what class-validator's `IsMongoId` accepts).
 *
 * @example
 * ```ts
 * isObjectId('6955b90000000000000000a1'); // true
 * ```
 */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-fA-F]{24}$/.test(value);
}
