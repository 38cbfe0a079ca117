// Body, seed and control-body validation directly (mock-server/engine/wire/validation.ts): the
// class-validator wording of each zod issue, the 422 `Validation Error` shape, `@IsOptional()`'s
// null, message overrides, and the `field: problem` lines of seed and fault problems.

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  describeIssues,
  type MessageOverrides,
  parseSeedPart,
  validateBody,
} from '../../../mock-server/engine/wire/validation';
import { serviceErrorOf } from '../helpers';

/** The `errors.general.messages` of the 422 that validating `input` with `schema` answers. */
const messages = (
  schema: z.ZodMiniType,
  input: unknown,
  overrides?: MessageOverrides | (() => MessageOverrides),
): unknown => {
  const error = serviceErrorOf(() => validateBody(schema, input, overrides));
  expect(error.status).toBe(422);
  expect(error.message).toBe('Validation Error');
  return (error.extra['errors'] as { general: { messages: unknown } }).general.messages;
};

/** The lines `describeIssues` writes for `input` under `where`. */
const lines = (schema: z.ZodMiniType, input: unknown, where: string, root?: string) => {
  const result = z.safeParse(schema, input);
  if (result.success) throw new Error('expected the input to fail');
  return root === undefined
    ? describeIssues(schema, result.error.issues, where)
    : describeIssues(schema, result.error.issues, where, root);
};

describe('validateBody: the 422 shape', () => {
  it('answers 422 Validation Error with errors.general { messages, value: No Value Recorded } and an empty ctx', () => {
    const error = serviceErrorOf(() => validateBody(z.object({ name: z.string() }), {}));
    expect(error.status).toBe(422);
    expect(error.message).toBe('Validation Error');
    expect(error.ctx).toEqual({});
    expect(error.extra).toEqual({
      errors: {
        general: {
          messages: ['name should not be null or undefined'],
          value: 'No Value Recorded',
        },
      },
    });
  });

  it('returns the parsed body when it is valid', () => {
    expect(validateBody(z.object({ name: z.string() }), { name: 'Ada' })).toEqual({ name: 'Ada' });
  });

  it('refuses a body that is not an object, whatever the schema would accept', () => {
    const refusal = ['body must be an object'];
    expect(messages(z.object({}), null)).toEqual(refusal);
    expect(messages(z.string(), 'text')).toEqual(refusal);
    expect(messages(z.number(), 42)).toEqual(refusal);
    expect(messages(z.array(z.number()), [1])).toEqual(refusal);
    expect(messages(z.object({}), [])).toEqual(refusal);
  });

  it('takes an object body for a schema without a shape (a record)', () => {
    expect(validateBody(z.record(z.string(), z.string()), { a: 'x', b: 'y' })).toEqual({
      a: 'x',
      b: 'y',
    });
  });
});

describe('validateBody: class-validator wording of each issue', () => {
  it('a missing or null required field: `x should not be null or undefined`', () => {
    const schema = z.object({ name: z.string() });
    expect(messages(schema, {})).toEqual(['name should not be null or undefined']);
    expect(messages(schema, { name: null })).toEqual(['name should not be null or undefined']);
  });

  it('a wrong type names the expected type in class-validator words', () => {
    expect(messages(z.object({ name: z.string() }), { name: 1 })).toEqual([
      'name must be a string',
    ]);
    expect(messages(z.object({ active: z.boolean() }), { active: 'yes' })).toEqual([
      'active must be a boolean value',
    ]);
    expect(messages(z.object({ tags: z.array(z.string()) }), { tags: 'a' })).toEqual([
      'tags must be an array',
    ]);
    expect(messages(z.object({ count: z.number() }), { count: 'x' })).toEqual([
      'count must be a number conforming to the specified constraints',
    ]);
    expect(messages(z.object({ count: z.int() }), { count: 1.5 })).toEqual([
      'count must be a number conforming to the specified constraints',
    ]);
    expect(messages(z.object({ data: z.object({}) }), { data: 'x' })).toEqual([
      'data must be an object',
    ]);
  });

  it('the field is the dotted path, or `body` for the body itself', () => {
    expect(
      messages(z.object({ profile: z.object({ name: z.string() }) }), { profile: { name: 1 } }),
    ).toEqual(['profile.name must be a string']);
    expect(messages(z.array(z.string()), {})).toEqual(['body must be an array']);
    expect(
      messages(z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]), {}),
    ).toEqual(['body is invalid']);
  });

  it('a value outside an enum or literal lists the allowed values', () => {
    expect(messages(z.object({ markAs: z.enum(['read', 'seen']) }), { markAs: 'x' })).toEqual([
      'markAs must be one of the following values: read, seen',
    ]);
    expect(messages(z.object({ version: z.literal(3) }), { version: 4 })).toEqual([
      'version must be one of the following values: 3',
    ]);
  });

  it('bounds: element counts for arrays, values for numbers', () => {
    const tags = z.array(z.string()).check(z.minLength(1), z.maxLength(2));
    expect(messages(z.object({ tags }), { tags: [] })).toEqual([
      'tags must contain at least 1 elements',
    ]);
    expect(messages(z.object({ tags }), { tags: ['a', 'b', 'c'] })).toEqual([
      'tags must contain no more than 2 elements',
    ]);
    const limit = z.number().check(z.minimum(1), z.maximum(100));
    expect(messages(z.object({ limit }), { limit: 0 })).toEqual(['limit must not be less than 1']);
    expect(messages(z.object({ limit }), { limit: 101 })).toEqual([
      'limit must not be greater than 100',
    ]);
    expect(validateBody(z.object({ tags, limit }), { tags: ['a', 'b'], limit: 100 })).toEqual({
      tags: ['a', 'b'],
      limit: 100,
    });
  });

  it('any other issue: `x is invalid`', () => {
    expect(messages(z.object({ email: z.email() }), { email: 'nope' })).toEqual([
      'email is invalid',
    ]);
  });

  it("a schema's own message is the service's text", () => {
    const schema = z.object({ name: z.string().check(z.minLength(2, 'name is too short')) });
    expect(messages(schema, { name: 'a' })).toEqual(['name is too short']);
  });

  it('lists every issue once, in order', () => {
    const schema = z.object({ name: z.string(), active: z.boolean() });
    expect(messages(schema, { active: 1 })).toEqual([
      'name should not be null or undefined',
      'active must be a boolean value',
    ]);
  });
});

describe('validateBody: null on optional fields (@IsOptional)', () => {
  const schema = z.object({
    id: z.string(),
    name: z.optional(z.string()),
    note: z.optional(z.nullable(z.string())),
  });

  it('drops null on an optional field that is not nullable', () => {
    expect(validateBody(schema, { id: 'a', name: null })).toStrictEqual({ id: 'a' });
  });

  it('keeps null on a nullable field (it clears the value)', () => {
    expect(validateBody(schema, { id: 'a', note: null })).toStrictEqual({ id: 'a', note: null });
  });

  it('keeps null on a required field, which then fails', () => {
    expect(messages(schema, { id: null })).toEqual(['id should not be null or undefined']);
  });

  it('keeps null on a key the schema does not know', () => {
    expect(validateBody(z.looseObject({ id: z.string() }), { id: 'a', extra: null })).toEqual({
      id: 'a',
      extra: null,
    });
  });
});

describe('validateBody: message overrides', () => {
  const schema = z.object({
    profile: z.object({ name: z.string(), email: z.string() }),
    tags: z.array(z.string()),
  });

  it('an override keyed by the dotted path replaces that field message', () => {
    expect(
      messages(
        schema,
        { profile: { name: 1, email: 'a' }, tags: [] },
        {
          'profile.name': 'name must be a name',
        },
      ),
    ).toEqual(['name must be a name']);
  });

  it('an override keyed by the top-level field covers the issues under it, once', () => {
    expect(
      messages(
        schema,
        { profile: { name: 'a', email: 'b' }, tags: [1, 2] },
        {
          tags: 'tags must be strings',
        },
      ),
    ).toEqual(['tags must be strings']);
  });

  it('the dotted path override wins over the top-level one', () => {
    expect(
      messages(
        schema,
        { profile: { name: 1, email: 2 }, tags: [] },
        {
          'profile.name': 'specific',
          profile: 'general',
        },
      ),
    ).toEqual(['specific', 'general']);
  });

  it('overrides given as a function are worked out only when the body fails', () => {
    let calls = 0;
    const overrides = () => {
      calls += 1;
      return { tags: 'tags must be strings' };
    };
    validateBody(schema, { profile: { name: 'a', email: 'b' }, tags: [] }, overrides);
    expect(calls).toBe(0);
    expect(messages(schema, { profile: { name: 'a', email: 'b' }, tags: [1] }, overrides)).toEqual([
      'tags must be strings',
    ]);
    expect(calls).toBe(1);
  });
});

describe('describeIssues', () => {
  it('writes `where.path: message`, or the root label for the value itself', () => {
    const schema = z.object({ email: z.string() });
    expect(lines(schema, { email: 1 }, 'subscribers.0')).toEqual([
      'subscribers.0.email: Invalid input',
    ]);
    expect(lines(schema, { email: 1 }, '')).toEqual(['email: Invalid input']);
    expect(lines(schema, 'x', '')).toEqual(['(root): Invalid input']);
    expect(lines(schema, 'x', '', 'body')).toEqual(['body: Invalid input']);
    expect(lines(schema, 'x', 'faults.0')).toEqual(['faults.0: Invalid input']);
  });

  it('an unknown key lists the keys the schema allows there', () => {
    const schema = z.strictObject({ subscriberId: z.string(), email: z.optional(z.string()) });
    expect(lines(schema, { subscriberId: 'a', mail: 'x' }, 'subscribers.0')).toEqual([
      'subscribers.0: Unrecognized key: "mail" (allowed keys: subscriberId, email)',
    ]);
    expect(lines(schema, { subscriberId: 'a', mail: 'x', phone: 1 }, '')).toEqual([
      '(root): Unrecognized keys: "mail", "phone" (allowed keys: subscriberId, email)',
    ]);
  });

  it('finds the allowed keys through arrays, optionals and nullables', () => {
    const schema = z.object({
      list: z.optional(z.array(z.nullable(z.strictObject({ a: z.string() })))),
    });
    expect(lines(schema, { list: [{ a: 'x' }, { a: 'y', b: 1 }] }, 'seed')).toEqual([
      'seed.list.1: Unrecognized key: "b" (allowed keys: a)',
    ]);
  });

  it('finds the allowed keys in the union option that describes an object there', () => {
    const schema = z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('a'), b: z.string() }),
      z.strictObject({
        kind: z.literal('b'),
        b: z.object({ c: z.strictObject({ y: z.number() }) }),
      }),
    ]);
    expect(lines(schema, { kind: 'b', b: { c: { y: 1, z: 2 } } }, 'rule')).toEqual([
      'rule.b.c: Unrecognized key: "z" (allowed keys: y)',
    ]);
  });

  it('an object that allows no keys lists none', () => {
    const schema = z.union([z.strictObject({}), z.string()]);
    expect(lines(schema, { x: 1 }, '')).toEqual(['(root): Unrecognized key: "x" (allowed keys: )']);
  });

  it('a failed union names why its one plausible option failed', () => {
    const schema = z.object({ to: z.union([z.string(), z.object({ a: z.string() })]) });
    expect(lines(schema, { to: { a: 1 } }, 'seed')).toEqual(['seed.to.a: Invalid input']);
  });

  it("a failed union with no plausible option, or several, keeps the union's issue", () => {
    const scalars = z.object({ to: z.union([z.string(), z.number()]) });
    expect(lines(scalars, { to: {} }, 'seed')).toEqual(['seed.to: Invalid input']);
    const objects = z.object({
      to: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
    });
    expect(lines(objects, { to: {} }, 'seed')).toEqual(['seed.to: Invalid input']);
  });
});

describe('parseSeedPart', () => {
  const schema = z.object({ subscriberId: z.string(), email: z.optional(z.string()) });

  it('returns the parsed value when it is valid', () => {
    expect(parseSeedPart(schema, { subscriberId: 'u1' }, 'subscribers.0')).toEqual({
      subscriberId: 'u1',
    });
  });

  it('refuses with 400 Invalid seed data, every problem joined by `; `', () => {
    const error = serviceErrorOf(() => parseSeedPart(schema, { email: 1 }, 'subscribers.0'));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Invalid seed data: subscribers.0.subscriberId: Invalid input; subscribers.0.email: Invalid input',
    );
    expect(error.ctx).toEqual({ error: 'Bad Request', statusCode: 400 });
    expect(error.extra).toEqual({});
  });
});
