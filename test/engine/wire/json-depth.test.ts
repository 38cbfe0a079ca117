// The JSON nesting limit directly (mock-server/engine/wire/json-depth.ts, docs/http-server.md
// "Caps and budgets"): the depth of parsed values and of raw text, and the 400 at the limit's edge.
import { describe, expect, it } from 'vitest';
import {
  checkJsonDepth,
  checkJsonTextDepth,
  jsonDepth,
  jsonTextDepth,
  MAX_JSON_DEPTH,
} from '../../../mock-server/engine/wire/json-depth';
import { serviceErrorOf } from '../helpers';

const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });
const brackets = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonDepth', () => {
  it('a scalar or null is depth 0; {} and [] are 1', () => {
    expect(jsonDepth('text')).toBe(0);
    expect(jsonDepth(7)).toBe(0);
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth(undefined)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth([])).toBe(1);
  });

  it('counts the deepest branch wherever it sits', () => {
    expect(jsonDepth({ a: [1, { b: {} }] })).toBe(4);
    expect(jsonDepth({ a: { b: { c: {} } }, d: {} })).toBe(4);
    expect(jsonDepth({ a: {}, d: { b: { c: {} } } })).toBe(4);
    expect(jsonDepth([[[]], []])).toBe(3);
    expect(jsonDepth({ a: null, b: 'x', c: 1 })).toBe(1);
  });

  it('follows a cycle once', () => {
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    expect(jsonDepth(loop)).toBe(1);
    expect(jsonDepth({ a: loop })).toBe(2);
  });

  it('stops counting just past stopAfter', () => {
    expect(jsonDepth(nested(10), 3)).toBe(4);
    expect(jsonDepth(nested(3), 3)).toBe(3);
  });
});

describe('jsonTextDepth', () => {
  it('counts [ and { nesting; closing brackets of either kind end a level', () => {
    expect(jsonTextDepth('1')).toBe(0);
    expect(jsonTextDepth('{}')).toBe(1);
    expect(jsonTextDepth('{"a":[1,{"b":"[["}]}')).toBe(3);
    expect(jsonTextDepth('[{},{},{}]')).toBe(2);
    expect(jsonTextDepth('[[],[],[]]')).toBe(2);
    expect(jsonTextDepth('{}{}{}')).toBe(1);
    expect(jsonTextDepth('[[[]],[]]')).toBe(3);
  });

  it('brackets inside strings, escaped quotes included, do not count', () => {
    expect(jsonTextDepth('["[[[", "\\"[[[", "\\\\", [1]]')).toBe(2);
  });

  it('stops counting just past stopAfter', () => {
    expect(jsonTextDepth(brackets(10), 3)).toBe(4);
    expect(jsonTextDepth(brackets(3), 3)).toBe(3);
  });
});

describe('checkJsonDepth and checkJsonTextDepth', () => {
  it(`the default limit is ${MAX_JSON_DEPTH} levels: exactly at it passes, one more is refused`, () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(() => checkJsonDepth(nested(64), 'The request body')).not.toThrow();
    expect(() => checkJsonTextDepth(brackets(64), 'The request body')).not.toThrow();
    for (const error of [
      serviceErrorOf(() => checkJsonDepth(nested(65), 'The request body')),
      serviceErrorOf(() => checkJsonTextDepth(brackets(65), 'The request body')),
    ]) {
      expect(error.status).toBe(400);
      expect(error.message).toBe(
        'The request body nests objects and arrays more than 64 levels deep; the limit is 64',
      );
      expect(error.ctx).toEqual({ error: 'Bad Request', statusCode: 400 });
    }
  });

  it('a given limit holds at its edge and is named in the message', () => {
    expect(() => checkJsonDepth(nested(2), 'The seed', 2)).not.toThrow();
    expect(() => checkJsonTextDepth('{"a":{}}', 'The seed', 2)).not.toThrow();
    expect(serviceErrorOf(() => checkJsonDepth(nested(3), 'The seed', 2)).message).toBe(
      'The seed nests objects and arrays more than 2 levels deep; the limit is 2',
    );
    expect(serviceErrorOf(() => checkJsonTextDepth('{"a":{"b":[]}}', 'The seed', 2)).message).toBe(
      'The seed nests objects and arrays more than 2 levels deep; the limit is 2',
    );
  });
});
