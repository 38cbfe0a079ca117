// Every response is still validated in full after the quick check (issue 42): the quick check
// answers a body that matches, zod the rest, so a typo'd field, a wrong type or a wrong literal
// still throws, and on any JSON body the quick check says what zod says.
import { ResponseValidationError } from '@svc/api';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { quickCheck } from '../../src/core/schema-check';
import { ROUTES } from '../../src/routes';
import { clientWith, json, subscriber } from './helpers';

async function refused(promise: PromiseLike<unknown>): Promise<ResponseValidationError> {
  const error = await Promise.resolve(promise).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  return error as ResponseValidationError;
}

describe('responses are validated on the quick path', () => {
  it('a subscriber with a typo in a required field, a wrong type or a bad nested entry throws', async () => {
    const { subscriberId, ...rest } = subscriber;
    const bodies = [
      { ...rest, subscriberID: subscriberId },
      { ...subscriber, deleted: 'no' },
      { ...subscriber, firstName: 42 },
      { ...subscriber, data: ['not', 'a', 'record'] },
      {
        ...subscriber,
        channels: [{ providerId: 'slack', credentials: {}, _integrationId: 7 }],
      },
    ];
    for (const body of bodies) {
      const { svc } = clientWith([json({ data: body })], { validation: 'strict' });
      const error = await refused(svc.subscribers.retrieve('user-1'));
      expect(error.message).toMatch(/^Response of subscribers\.retrieve did not match/);
    }
  });

  it('a matching subscriber passes as received, unknown fields kept', async () => {
    const body = { ...subscriber, firstName: null, data: { plan: 'pro' }, addedLater: 1 };
    const { svc } = clientWith([json({ data: body })], { validation: 'strict' });
    await expect(svc.subscribers.retrieve('user-1')).resolves.toEqual(body);
  });

  it('a literal status must be that literal (messages.delete answers status: deleted)', async () => {
    for (const status of ['Deleted', 1, null]) {
      const { svc } = clientWith([json({ acknowledged: true, status })], { validation: 'strict' });
      const error = await refused(svc.messages.delete('6955b90000000000000000c1'));
      expect(error.issues?.map((issue) => issue.path)).toEqual(['status']);
    }
    const { svc } = clientWith([json({ acknowledged: true, status: 'deleted' })], {
      validation: 'strict',
    });
    await expect(svc.messages.delete('6955b90000000000000000c1')).resolves.toEqual({
      acknowledged: true,
      status: 'deleted',
    });
  });

  it('in the default warn mode a mismatch is still found and logged', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { svc } = clientWith([json({ data: { ...subscriber, deleted: 'no' } })], { logger });
    await svc.subscribers.retrieve('user-1');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(/deleted: expected boolean/);
  });

  it("every route's response schema refuses some body (no response goes unchecked)", () => {
    const candidates = [42, 'text', null, true, [], {}, { data: 1 }];
    for (const route of ROUTES) {
      const verdicts = candidates.map((body) => z.safeParse(route.response, body).success);
      expect(verdicts, route.operation).toContain(false);
      candidates.forEach((body, index) => {
        expect(quickCheck(route.response)(body), `${route.operation} ${JSON.stringify(body)}`).toBe(
          verdicts[index],
        );
      });
    }
  });
});

interface Definition {
  type: string;
  innerType: z.core.$ZodType;
  element: z.core.$ZodType;
  valueType: z.core.$ZodType;
  options: z.core.$ZodType[];
  shape: Record<string, z.core.$ZodType>;
  values: unknown[];
  entries: Record<string, unknown>;
}

/** A JSON value of the schema's shape, every optional field given (a custom node gets nothing). */
function sample(schema: z.core.$ZodType, depth = 0): unknown {
  const def = schema._zod.def as unknown as Definition;
  if (depth > 6) return undefined; // a recursive schema's sample stops somewhere
  switch (def.type) {
    case 'string':
      return 'text';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return { free: [1, 'two'] };
    case 'literal':
      return def.values[0];
    case 'enum':
      return Object.values(def.entries)[0];
    case 'optional':
    case 'nullable':
      return sample(def.innerType, depth);
    case 'array':
      return depth > 8 ? [] : [sample(def.element, depth + 1)];
    case 'record':
      return { key: sample(def.valueType, depth + 1) };
    case 'union':
      return sample(def.options[0] as z.core.$ZodType, depth + 1);
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape)
          .map(([key, field]) => [key, sample(field, depth + 1)])
          .filter(([, value]) => value !== undefined),
      );
    default:
      return undefined;
  }
}

/** The value with the thing at `path` replaced (or removed, for `undefined`). */
function replaced(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...tail] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  const next = replaced(copy[head], tail, value);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => paths(item, [...prefix, key]))];
}

const REPLACEMENTS = [undefined, 42, 'text', null, true, [], { x: 1 }];

describe('the quick check says what zod says on JSON bodies', () => {
  it('for a sample body of every route and every one-field change of it', () => {
    let compared = 0;
    for (const route of ROUTES) {
      const schema = route.response;
      const check = quickCheck(schema);
      const base = sample(schema);
      const bodies = [base];
      // The first 80 places of each sample (the deepest samples have hundreds: time, not cover).
      for (const path of paths(base).slice(0, 80)) {
        for (const value of REPLACEMENTS) bodies.push(replaced(base, path, value));
        if (path.length > 0) {
          // a key renamed by a typo: the field is gone and an unknown key is there
          const key = String(path[path.length - 1]);
          const parent = path.slice(0, -1);
          bodies.push(replaced(replaced(base, path, undefined), [...parent, `${key}x`], 1));
        }
      }
      for (const body of bodies) {
        const parsed = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
        const verdict = z.safeParse(schema, parsed).success;
        if (check(parsed) !== verdict) {
          expect.fail(`${route.operation}: zod says ${verdict} of ${JSON.stringify(parsed)}`);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('a matching body is answered without zod: no zod parse runs', () => {
    const schema = ROUTES.find((route) => route.operation === 'subscribers.retrieve')?.response;
    if (!schema) throw new Error('subscribers.retrieve is in the route table');
    const body = JSON.parse(JSON.stringify(sample(schema)));
    const run = schema._zod.run;
    let runs = 0;
    schema._zod.run = (payload, context) => {
      runs++;
      return run(payload, context);
    };
    try {
      expect(quickCheck(schema)(body)).toBe(true);
      expect(runs).toBe(0);
      expect(quickCheck(schema)({ ...body, deleted: 'no' })).toBe(false);
    } finally {
      schema._zod.run = run;
    }
  });
});
