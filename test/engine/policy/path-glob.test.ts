// Fault path globs matched directly (mock-server/engine/policy/path-glob.ts): exact paths, stars
// at either end and in the middle, parts that may not overlap, and the length bound.
import { describe, expect, it } from 'vitest';
import {
  compilePathGlob,
  MAX_PATH_GLOB_LENGTH,
} from '../../../mock-server/engine/policy/path-glob';

const matches = (glob: string, path: string) => compilePathGlob(glob).matches(path);

describe('compilePathGlob', () => {
  it('without a star matches the exact path only', () => {
    expect(matches('/v2/subscribers', '/v2/subscribers')).toBe(true);
    expect(matches('/v2/subscribers', '/v2/subscribers/')).toBe(false);
    expect(matches('/v2/subscribers', '/v2/subscriber')).toBe(false);
  });

  it('a trailing star matches any rest, an empty one included', () => {
    expect(matches('/v2/subscribers/*', '/v2/subscribers/ada')).toBe(true);
    expect(matches('/v2/subscribers/*', '/v2/subscribers/')).toBe(true);
    expect(matches('/v2/subscribers/*', '/v2/subscribers')).toBe(false);
    expect(matches('/v2/subscribers/*', '/v1/subscribers/ada')).toBe(false);
  });

  it('a leading star anchors the rest at the end', () => {
    expect(matches('*/trigger', '/v1/events/trigger')).toBe(true);
    expect(matches('*/trigger', '/v1/events/trigger/bulk')).toBe(false);
    expect(matches('*', '')).toBe(true);
    expect(matches('*', '/anything')).toBe(true);
  });

  it('middle parts match in order, between the anchored ends', () => {
    expect(matches('/v1/*/trigger', '/v1/events/trigger')).toBe(true);
    expect(matches('/a*b*c', '/a-b-c')).toBe(true);
    expect(matches('/a*c*b', '/a-b-c')).toBe(false);
    expect(matches('/v2/*/ad*', '/v2/subscribers/ada')).toBe(true);
    expect(matches('/v2/*/ad*', '/v2/subscribers/bob')).toBe(false);
  });

  it('the first and last parts may not overlap each other', () => {
    // `/ab` starts with `/a` and ends with `b`, but `/a*ab` needs `/a` then `ab` after it.
    expect(matches('/a*ab', '/ab')).toBe(false);
    expect(matches('/a*ab', '/aab')).toBe(true);
    expect(matches('ab*ba', 'aba')).toBe(false);
    expect(matches('ab*ba', 'abba')).toBe(true);
  });

  it('a middle part may not reach into the anchored end', () => {
    expect(matches('/x*yz*z', '/xyz')).toBe(false);
    expect(matches('/x*yz*z', '/xyzz')).toBe(true);
    // The middle part sits at its leftmost place, the next one after it, not on top of it.
    expect(matches('*aa*aa*', 'aaa')).toBe(false);
    expect(matches('*aa*aa*', 'aaaa')).toBe(true);
  });

  it('empty parts from doubled stars change nothing', () => {
    expect(matches('/v2/**/ada', '/v2/subscribers/ada')).toBe(true);
    expect(matches('/v2/**', '/v2/')).toBe(true);
  });

  it('refuses a glob over the length bound, at the bound it compiles', () => {
    expect(() => compilePathGlob('a'.repeat(MAX_PATH_GLOB_LENGTH))).not.toThrow();
    expect(() => compilePathGlob('a'.repeat(MAX_PATH_GLOB_LENGTH + 1))).toThrow(
      new RangeError(
        `a path glob is at most ${MAX_PATH_GLOB_LENGTH} characters, got ${MAX_PATH_GLOB_LENGTH + 1}`,
      ),
    );
  });
});
