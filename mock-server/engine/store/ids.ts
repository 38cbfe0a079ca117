/**
 * Deterministic 24-hex ObjectId-style ids: 4 bytes of clock seconds, 5 seeded random bytes,
 * 3 bytes of counter. The same seed and the same calls give the same ids, and ids created later
 * sort after earlier ones.
 *
 * @module
 */

import { ObjectIdPattern } from '../../../src/schemas/common';

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

const HEX_DIGITS = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
const DASH = '-'.charCodeAt(0);

/** Writes `value` as `width` lowercase hex digits into `codes` from `offset`. */
function writeHex(codes: number[], offset: number, value: number, width: number): void {
  let rest = value;
  for (let index = offset + width - 1; index >= offset; index--) {
    codes[index] = HEX_DIGITS[rest % 16] as number;
    rest = Math.floor(rest / 16);
  }
}

// Ids are built from char codes in one call, so each is one flat string: concatenation would
// leave a rope of parts per id, about twice the memory of the id across 100k records.
function flatString(codes: number[]): string {
  return String.fromCharCode(...codes);
}

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
 * An engine's own {@link IdGenerator}, which its engine can move to another seed (handlers see
 * only the {@link IdGenerator}).
 *
 * @example
 * ```ts
 * const ids = createIdGenerator(1, clock.now);
 * ids.reseed(2); // ids.objectId() now goes on as createIdGenerator(2, clock.now) would
 * ```
 */
export interface SeededIdGenerator extends IdGenerator {
  /**
   * Draws every later id as a new generator of `seed` would: a restarted engine draws from a new
   * seed, so a virtual clock at the same second cannot make an id again.
   */
  reseed(seed: number): void;
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
export function createIdGenerator(seed: number, now: () => number): SeededIdGenerator {
  let random = createRandom(seed);
  let counter = 0;
  const objectIdCodes: number[] = new Array(24).fill(0);
  const uuidCodes: number[] = new Array(36).fill(DASH);
  const byte = () => Math.floor(random() * 256);
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';
  // A seed gives the process part of every ObjectId and where the counter starts.
  const start = (from: number): void => {
    random = createRandom(from);
    const processPart = Math.floor(random() * 0x10000000000) % 0x10000000000;
    counter = Math.floor(random() * 0x1000);
    writeHex(objectIdCodes, 8, processPart, 10);
  };
  start(seed);
  return {
    objectId() {
      counter = (counter + 1) % 0x1000000;
      writeHex(objectIdCodes, 0, Math.floor(now() / 1000) >>> 0, 8);
      writeHex(objectIdCodes, 18, counter, 6);
      return flatString(objectIdCodes);
    },
    uuid() {
      // 8-4-4-4-12 hex digits: byte `index` lands after the dashes before it.
      for (let index = 0; index < 16; index++) {
        let value = byte();
        if (index === 6) value = (value & 0x0f) | 0x40;
        if (index === 8) value = (value & 0x3f) | 0x80;
        const dashes = index < 4 ? 0 : index < 6 ? 1 : index < 8 ? 2 : index < 10 ? 3 : 4;
        writeHex(uuidCodes, index * 2 + dashes, value, 2);
      }
      return flatString(uuidCodes);
    },
    shortId(length = 9) {
      const codes: number[] = [];
      for (let i = 0; i < length; i++) {
        codes.push(alphabet.charCodeAt(Math.floor(random() * alphabet.length)));
      }
      return flatString(codes);
    },
    reseed: start,
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
  return typeof value === 'string' && ObjectIdPattern.test(value);
}

/**
 * The spelling the engine stores an ObjectId in (lowercase, as `objectId()` makes them), or
 * `undefined` when the value is not one: how a lookup by `_id` reads a parameter that may be an
 * ObjectId in either case (the service's `BaseRepository.isInternalId`, then Mongo's cast).
 *
 * @example
 * ```ts
 * storedObjectId('6955B90000000000000000A1'); // '6955b90000000000000000a1'
 * storedObjectId('welcome'); // undefined
 * ```
 */
export function storedObjectId(value: unknown): string | undefined {
  return isObjectId(value) ? value.toLowerCase() : undefined;
}
