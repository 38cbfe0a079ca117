// isObjectId (mock-server/engine/store/ids.ts): exactly 24 hex digits of text, what the
// service's IsMongoId validation accepts for an ObjectId parameter.
import { describe, expect, it } from 'vitest';
import { isObjectId, storedObjectId } from '../../../mock-server/engine/store/ids';

describe('isObjectId', () => {
  it('accepts 24 hex digits in either case', () => {
    expect(isObjectId('6955b90000000000000000a1')).toBe(true);
    expect(isObjectId('6955B90000000000000000A1')).toBe(true);
  });

  it('refuses 23 or 25 digits and a non-hex digit', () => {
    expect(isObjectId('6955b90000000000000000a')).toBe(false);
    expect(isObjectId('6955b90000000000000000a10')).toBe(false);
    expect(isObjectId('6955b90000000000000000g1')).toBe(false);
  });

  it('refuses an ObjectId with anything before or after it', () => {
    expect(isObjectId('x6955b90000000000000000a1')).toBe(false);
    expect(isObjectId('6955b90000000000000000a1x')).toBe(false);
    expect(isObjectId(' 6955b90000000000000000a1')).toBe(false);
    expect(isObjectId('6955b90000000000000000a1\n')).toBe(false);
  });

  it('refuses a value that is not text, even one that reads as an ObjectId', () => {
    expect(isObjectId(['6955b90000000000000000a1'])).toBe(false);
    expect(isObjectId({ toString: () => '6955b90000000000000000a1' })).toBe(false);
    expect(isObjectId(undefined)).toBe(false);
    expect(isObjectId(null)).toBe(false);
  });
});

describe('storedObjectId', () => {
  it('answers an ObjectId in the lowercase spelling the engine stores', () => {
    expect(storedObjectId('6955B90000000000000000A1')).toBe('6955b90000000000000000a1');
    expect(storedObjectId('6955b90000000000000000a1')).toBe('6955b90000000000000000a1');
  });

  it('answers undefined for anything isObjectId refuses', () => {
    expect(storedObjectId('welcome-email')).toBeUndefined();
    expect(storedObjectId('6955b90000000000000000a1x')).toBeUndefined();
    expect(storedObjectId(42)).toBeUndefined();
  });
});
