// Which request keys the client refuses as unknown, and which field it suggests instead
// (src/core/validation.ts, docs/decisions/0011; the mutation run's survivors, docs/benchmarks.md
// "Mutation score"): the walk through wrappers, arrays, records and unions, open objects, and the
// edit distance behind "did you mean".
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { SvcValidationError } from '../../src/core/errors';
import { validateRequest } from '../../src/core/validation';

/** The issues of a body checked against `schema`, as `path: message` lines ([] when accepted). */
function problems(schema: z.ZodMiniType, value: unknown, label = 'body'): string[] {
  try {
    validateRequest('demo.op', [{ label, schema, value }]);
  } catch (error) {
    if (error instanceof SvcValidationError) {
      return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
    }
    throw error;
  }
  return [];
}

const text = z.optional(z.string());

describe('the walk for unknown keys', () => {
  it('goes through optional and nullable wrappers to the object inside', () => {
    const schema = z.object({
      profile: z.optional(z.object({ name: text })),
      address: z.nullable(z.object({ city: text })),
    });
    expect(
      problems(schema, { profile: { name: 'a', nickname: 'b' }, address: { zip: '1' } }),
    ).toEqual([
      'profile.nickname: is not a field of this request',
      'address.zip: is not a field of this request',
    ]);
  });

  it('accepts null and absent values where the schema allows them', () => {
    const schema = z.object({
      address: z.nullable(z.object({ city: text })),
      tags: z.optional(z.nullable(z.array(z.object({ key: text })))),
    });
    expect(problems(schema, { address: null, tags: null })).toEqual([]);
    expect(problems(schema, { address: null, tags: undefined })).toEqual([]);
  });

  it('goes into the input side of a pipe', () => {
    const schema = z.pipe(
      z.object({ name: text }),
      z.transform((value: { name?: string | undefined }) => value),
    );
    expect(problems(schema, { name: 'a', extra: 1 })).toEqual([
      'extra: is not a field of this request',
    ]);
  });

  it('goes into each array item, naming its index', () => {
    const schema = z.object({ to: z.array(z.object({ subscriberId: z.string() })) });
    expect(
      problems(schema, { to: [{ subscriberId: 'a' }, { subscriberId: 'b', emial: 'x' }] }),
    ).toEqual(['to.1.emial: is not a field of this request']);
  });

  it('goes into each value of a record, naming its key', () => {
    const schema = z.object({ overrides: z.record(z.string(), z.object({ active: text })) });
    expect(
      problems(schema, { overrides: { email: { active: 'y' }, sms: { active: 'n', activ: 'n' } } }),
    ).toEqual(['overrides.sms.activ: is not a field of this request (did you mean "active"?)']);
    expect(problems(schema, { overrides: { email: { active: 'y' } } })).toEqual([]);
  });

  it('leaves open objects alone: any key of a looseObject is accepted', () => {
    const schema = z.object({ payload: z.looseObject({ name: text }) });
    expect(problems(schema, { payload: { name: 'a', anything: { deep: 1 } } })).toEqual([]);
  });

  it('keeps the union reading with the fewest unknown keys, whichever comes first', () => {
    const narrow = z.object({ name: text });
    const wide = z.object({ name: text, email: text });
    const value = { name: 'a', email: 'b' };
    expect(problems(z.union([wide, narrow]), value)).toEqual([]);
    expect(problems(z.union([narrow, wide]), value)).toEqual([]);
  });

  it('keeps the last of two union readings with as many unknown keys (the most general form)', () => {
    const withTo = z.object({ name: text, to: text });
    const withSo = z.object({ name: text, so: text });
    expect(problems(z.union([withTo, withSo]), { name: 'a', xo: 1 })).toEqual([
      'xo: is not a field of this request (did you mean "so"?)',
    ]);
    expect(problems(z.union([withSo, withTo]), { name: 'a', xo: 1 })).toEqual([
      'xo: is not a field of this request (did you mean "to"?)',
    ]);
  });

  it('reads a value only a custom fallback of a union took as each documented form of its kind', () => {
    const subscriber = z.object({ subscriberId: z.string() });
    const schema = z.union([
      z.string(),
      z.object({ type: z.literal('Topic'), topicKey: z.string() }),
      subscriber,
      z.array(z.union([z.string(), subscriber])),
      z.custom<never>((value) => value !== undefined),
    ]);
    expect(problems(schema, { subscriberID: 'a' })).toEqual([
      'subscriberID: is not a field of this request (did you mean "subscriberId"?)',
    ]);
    expect(problems(schema, ['b', { subscriberID: 'a' }])).toEqual([
      '1.subscriberID: is not a field of this request (did you mean "subscriberId"?)',
    ]);
    expect(problems(schema, { type: 'Topic', topicKee: 'a' })).toEqual([
      'topicKee: is not a field of this request (did you mean "topicKey"?)',
    ]);
    // Not an object or an array: no form to read it as, nothing named (the service decides).
    expect(problems(schema, 42)).toEqual([]);
  });
});

describe('did you mean', () => {
  const only = (field: string, key: string) =>
    problems(z.object({ [field]: text }), { [key]: 'x' })[0];

  it('suggests the closest field, not the first close one', () => {
    const schema = z.object({ firstNames: text, firstName: text });
    expect(problems(schema, { firstnam: 'x' })).toEqual([
      'firstnam: is not a field of this request (did you mean "firstName"?)',
    ]);
  });

  it('allows one edit per three letters of the key, and at least one', () => {
    // `firstnam` is 8 letters: two edits from `firstNames` are close enough.
    expect(only('firstNames', 'firstnam')).toBe(
      'firstnam: is not a field of this request (did you mean "firstNames"?)',
    );
    expect(only('name', 'nam')).toBe('nam: is not a field of this request (did you mean "name"?)');
    expect(only('to', 't')).toBe('t: is not a field of this request (did you mean "to"?)');
    expect(only('tags', 'tgs')).toBe('tgs: is not a field of this request (did you mean "tags"?)');
    expect(only('tags', 't')).toBe('t: is not a field of this request');
  });

  it('counts a swap of two neighbours as one edit, and only a true swap', () => {
    expect(only('to', 'ot')).toBe('ot: is not a field of this request (did you mean "to"?)');
    // Two letters that share one letter in crossed places are two edits, not one swap.
    for (const key of ['xt', 'ox', 'ab']) {
      expect(only('to', key)).toBe(`${key}: is not a field of this request`);
    }
    for (const [field, key] of [
      ['tag', 'at'],
      ['top', 'ot'],
      ['data', 'ad'],
    ] as const) {
      expect(only(field, key)).toBe(`${key}: is not a field of this request`);
    }
  });
});
