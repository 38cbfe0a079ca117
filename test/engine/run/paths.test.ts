// readPath (mock-server/engine/policy/paths.ts): dotted paths read own properties of plain JSON
// values only; the empty path is the value itself.
import { describe, expect, it } from 'vitest';
import { readPath } from '../../../mock-server/engine/policy/paths';

describe('readPath', () => {
  it('reads nested keys and array indexes', () => {
    expect(readPath({ user: { tags: ['a', 'b'] } }, 'user.tags.1')).toBe('b');
    expect(readPath({ user: { name: null } }, 'user.name')).toBeNull();
  });

  it('the empty path is the value itself', () => {
    const value = { a: 1 };
    expect(readPath(value, '')).toBe(value);
    expect(readPath('text', '')).toBe('text');
  });

  it('stops at null and at values that are not objects', () => {
    expect(readPath({ user: null }, 'user.name')).toBeUndefined();
    expect(readPath({ name: 'abc' }, 'name.0')).toBeUndefined();
    expect(readPath({ name: 'abc' }, 'name.length')).toBeUndefined();
    expect(readPath({ n: 5 }, 'n.x')).toBeUndefined();
    expect(readPath(null, 'a')).toBeUndefined();
  });

  it('reads own properties only, never __proto__, prototype or constructor', () => {
    expect(readPath({}, 'toString')).toBeUndefined();
    expect(readPath({ a: {} }, 'a.hasOwnProperty')).toBeUndefined();
    expect(readPath({ constructor: 'own' }, 'constructor')).toBeUndefined();
    expect(readPath({ prototype: { a: 1 } }, 'prototype.a')).toBeUndefined();
    expect(readPath(JSON.parse('{"__proto__":{"a":1}}'), '__proto__.a')).toBeUndefined();
  });
});
