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

// Each rule of the quick check against zod on JSON texts that reach both sides of it: a node it
// models answers without zod, one it does not is asked of zod, and neither says more than zod.
const Node = z.object({
  id: z.string(),
  get children() {
    return z.optional(z.array(Node));
  },
});
const RULES: [string, z.core.$ZodType, string[]][] = [
  [
    'a required, an optional and a nullable field',
    z.object({ a: z.string(), b: z.optional(z.number()), c: z.nullable(z.boolean()) }),
    [
      '{"a":"x","c":null}',
      '{"a":"x","b":1,"c":true}',
      '{"c":null}',
      '{"a":"x"}',
      '{"a":"x","b":null,"c":true}',
      '{"a":"x","c":"true"}',
      '[]',
      'null',
    ],
  ],
  [
    'a strict object refuses an unknown key, a loose one keeps it',
    z.object({
      strict: z.strictObject({ a: z.string() }),
      loose: z.looseObject({ a: z.string() }),
    }),
    [
      '{"strict":{"a":"x"},"loose":{"a":"x","b":1}}',
      '{"strict":{"a":"x","b":1},"loose":{"a":"x"}}',
      '{"strict":{"a":"x"},"loose":{}}',
    ],
  ],
  [
    'a default field: absent, zod fills it in',
    z.object({ a: z._default(z.string(), 'x'), b: z.optional(z._default(z.number(), 1)) }),
    ['{}', '{"a":"y","b":2}', '{"a":1}', '{"b":"2"}'],
  ],
  [
    'an exact optional field',
    z.object({ a: z.exactOptional(z.string()) }),
    ['{}', '{"a":"x"}', '{"a":null}'],
  ],
  [
    'a key Object.prototype has',
    z.object({ constructor: z.optional(z.string()), toString: z.optional(z.number()) }),
    ['{}', '{"constructor":"x","toString":1}', '{"toString":1}', '{"constructor":1,"toString":1}'],
  ],
  [
    'a number, an int and a literal',
    z.object({ n: z.number(), i: z.int(), l: z.literal(['on', 2]) }),
    [
      '{"n":1.5,"i":2,"l":"on"}',
      '{"n":1,"i":2.5,"l":2}',
      '{"n":"1","i":2,"l":"on"}',
      '{"n":1,"i":2,"l":"off"}',
    ],
  ],
  [
    'an enum, an array and a union',
    z.object({ e: z.enum(['a', 'b']), list: z.array(z.union([z.string(), z.number()])) }),
    [
      '{"e":"a","list":["x",1]}',
      '{"e":"c","list":[]}',
      '{"e":"b","list":[true]}',
      '{"e":"b","list":{}}',
    ],
  ],
  [
    'an exclusive union (exactly one option)',
    z.xor([z.object({ a: z.string() }), z.object({ b: z.string() })]),
    ['{"a":"x"}', '{"a":"x","b":"y"}', '{}'],
  ],
  [
    'a discriminated union',
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('a'), a: z.string() }),
      z.object({ type: z.literal('b'), b: z.number() }),
    ]),
    ['{"type":"a","a":"x"}', '{"type":"b","b":1}', '{"type":"b","a":"x"}', '{"type":"c"}'],
  ],
  [
    'records by string and by enum key',
    z.object({
      free: z.record(z.string(), z.unknown()),
      keyed: z.record(z.enum(['x']), z.number()),
    }),
    [
      '{"free":{"a":[1]},"keyed":{"x":1}}',
      '{"free":[],"keyed":{"x":1}}',
      '{"free":{},"keyed":{"y":1}}',
      '{"free":{},"keyed":{}}',
    ],
  ],
  [
    'a string with a format or a size',
    z.object({ email: z.email(), short: z.string().check(z.maxLength(2)) }),
    [
      '{"email":"a@b.co","short":"ab"}',
      '{"email":"nope","short":"ab"}',
      '{"email":"a@b.co","short":"abc"}',
    ],
  ],
  [
    'a recursive schema',
    Node,
    [
      '{"id":"a","children":[{"id":"b","children":[]}]}',
      '{"id":"a","children":[{"children":[]}]}',
      '{"id":"a","children":[{"id":1}]}',
    ],
  ],
];

describe('the quick check on each rule it models, against zod', () => {
  it.each(RULES)('%s', (name, schema, texts) => {
    const verdicts = texts.map((text) => z.safeParse(schema, JSON.parse(text)).success);
    // Both verdicts are reached, so the rule is tried both ways.
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
    texts.forEach((text, index) => {
      const quick = quickCheck(schema)(JSON.parse(text));
      // An absent field with a default is the one place it asks zod for a body zod accepts.
      expect(quick, text).toBe(verdicts[index] && !(name.startsWith('a default') && text === '{}'));
    });
  });
});
