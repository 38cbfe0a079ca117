// The wording of request-validation errors (src/core/validation.ts), issue by issue: what a user
// reads when the client refuses a request before sending it.

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { SvcValidationError } from '../../src/core/errors';
import { validateRequest } from '../../src/core/validation';

function refusal(schema: z.ZodMiniType, value: unknown, label = 'body'): SvcValidationError {
  try {
    validateRequest('demo.op', [{ label, schema, value }]);
  } catch (error) {
    if (error instanceof SvcValidationError) return error;
    throw error;
  }
  throw new Error('the request was not refused');
}

const messageOf = (schema: z.ZodMiniType, value: unknown) =>
  refusal(schema, value).issues.map((issue) => `${issue.path}: ${issue.message}`);

describe('request validation messages', () => {
  it('names the received kind of a wrong type: null, array or typeof', () => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });
    expect(messageOf(schema, { a: null, b: [1], c: 5 })).toEqual([
      'a: expected string, received null',
      'b: expected string, received array',
      'c: expected string, received number',
      'd: is required (string)',
    ]);
  });

  it('words union misses by what was given', () => {
    const schema = z.object({ to: z.union([z.string(), z.object({ id: z.string() })]) });
    expect(messageOf(schema, {})).toEqual(['to: is required']);
    expect(messageOf(schema, { to: [1] })).toEqual([
      'to: array matches none of the accepted forms',
    ]);
  });

  it('words bounds for numbers, strings and arrays', () => {
    const schema = z.object({
      n: z.number().check(z.maximum(10)),
      s: z.string().check(z.maxLength(2)),
      l: z.array(z.string()).check(z.maxLength(1)),
      m: z.number().check(z.minimum(3)),
      t: z.string().check(z.minLength(2)),
      k: z.array(z.string()).check(z.minLength(2)),
    });
    expect(messageOf(schema, { n: 11, s: 'abc', l: ['a', 'b'], m: 1, t: 'a', k: ['a'] })).toEqual([
      'n: must be at most 10 (received 11)',
      's: must be at most 2 characters (received more)',
      'l: must be at most 1 items (received more)',
      'm: must be at least 3',
      't: must be at least 2 characters',
      'k: must be at least 2 items',
    ]);
  });

  it('lists an enum miss with the accepted values', () => {
    expect(messageOf(z.object({ e: z.enum(['a', 'b']) }), { e: 'c' })).toEqual([
      'e: expected one of "a" | "b", received "c"',
    ]);
  });

  it('names a path parameter by its label, prefixed to any inner path', () => {
    expect(refusal(z.string().check(z.minLength(1)), '', 'subscriberId').issues).toEqual([
      { path: 'subscriberId', message: 'must be at least 1 characters' },
    ]);
    expect(refusal(z.object({ id: z.string() }), { id: 1 }, 'params').issues[0]?.path).toBe(
      'params.id',
    );
  });

  it('lists five problems in the message and counts the rest', () => {
    const shape = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => [k, z.string()]),
    );
    const error = refusal(z.object(shape), {});
    expect(error.issues).toHaveLength(7);
    expect(error.message).toBe(
      'Invalid input for demo.op: a: is required (string); b: is required (string); c: is required (string); d: is required (string); e: is required (string); and 2 more',
    );
    const five = refusal(
      z.object(Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((k) => [k, z.string()]))),
      {},
    );
    expect(five.message).not.toContain('more');
    expect(refusal(z.string(), 5).message).toBe(
      'Invalid input for demo.op: body: expected string, received number',
    );
  });

  it('suggests a field one swap, insertion or substitution away, and none further', () => {
    const schema = z.object({ email: z.optional(z.string()), firstName: z.optional(z.string()) });
    const suggestion = (key: string) => messageOf(schema, { [key]: 'x' })[0];
    expect(suggestion('emial')).toBe(
      'emial: is not a field of this request (did you mean "email"?)',
    );
    expect(suggestion('emails')).toBe(
      'emails: is not a field of this request (did you mean "email"?)',
    );
    expect(suggestion('FirstName')).toBe(
      'FirstName: is not a field of this request (did you mean "firstName"?)',
    );
    expect(suggestion('phone')).toBe('phone: is not a field of this request');
    expect(suggestion('me')).toBe('me: is not a field of this request');
  });
});
