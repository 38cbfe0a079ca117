// Where a validation problem is said to be, and in what words (src/core/validation.ts,
// src/core/call.ts; the mutation run's survivors, docs/benchmarks.md "Mutation score"):
// values read along an issue's path, fields named without a body/query prefix, a whole body or
// query named by its label, a response's root, and zod's own words for issues not reworded.
import { ResponseValidationError, SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { validateRequest, valueAt } from '../../src/core/validation';
import { clientWith, json } from './helpers';

async function issuesOf(call: Promise<unknown>) {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SvcValidationError);
  return (error as SvcValidationError).issues;
}

describe('valueAt', () => {
  it('follows keys and indexes, and stops at anything that is not an object', () => {
    expect(valueAt({ to: [{ email: 1 }] }, ['to', 0, 'email'])).toBe(1);
    expect(valueAt({ a: 'text' }, [])).toEqual({ a: 'text' });
    expect(valueAt({ a: 'text' }, ['a', 'length'])).toBeUndefined();
    expect(valueAt({ a: 5 }, ['a', 'toFixed'])).toBeUndefined();
    expect(valueAt({ a: null }, ['a', 'b'])).toBeUndefined();
    expect(valueAt(null, ['a'])).toBeUndefined();
    expect(valueAt({ a: {} }, ['a', 'missing'])).toBeUndefined();
  });
});

describe('issue paths through the client', () => {
  it('names body fields by themselves, and a missing body as body', async () => {
    const { svc, requests } = clientWith(() => json({}));
    expect(await issuesOf(svc.subscribers.create({ subscriberId: 5 } as never))).toEqual([
      { path: 'subscriberId', message: 'expected string, received number' },
    ]);
    expect(await issuesOf(svc.subscribers.create(undefined as never))).toEqual([
      { path: 'body', message: 'is required (object)' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('names query fields by themselves, and a query that is not an object as query', async () => {
    const { svc, requests } = clientWith(() => json({}));
    expect(
      await issuesOf(
        svc.subscribers.create({ subscriberId: 'u' }, { failIfExists: 'yes' } as never),
      ),
    ).toEqual([{ path: 'failIfExists', message: 'expected boolean, received string' }]);
    expect(await issuesOf(svc.subscribers.create({ subscriberId: 'u' }, 'yes' as never))).toEqual([
      { path: 'query', message: 'expected object, received string' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('names a response problem at the root as (root)', async () => {
    const { svc } = clientWith(() => json('just text'), { validation: 'strict' });
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toBe(
      'Response of subscribers.retrieve did not match the expected shape: (root): expected object, received string',
    );
    expect((error as ResponseValidationError).issues).toEqual([
      { path: '', message: 'expected object, received string' },
    ]);
  });
});

describe("zod's own words", () => {
  it('are kept for the issues the client does not reword', () => {
    const schema = z.object({
      key: z.string().check(z.refine((value) => value.startsWith('sk_'), 'must start with sk_')),
      email: z.email(),
    });
    try {
      validateRequest('demo.op', [{ label: 'body', schema, value: { key: 'pk_1', email: 'no' } }]);
    } catch (error) {
      expect((error as SvcValidationError).message).toBe(
        'Invalid input for demo.op: key: must start with sk_; email: Invalid input',
      );
      return;
    }
    throw new Error('the request was not refused');
  });
});
