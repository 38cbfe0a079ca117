// Payload rules beyond test/engine/run/payload.test.ts (mock-server/engine/policy/payload.ts,
// docs/behaviour/events.md#payload): the validator's settings (every error, no coercion, unknown
// keywords allowed), the answer for a schema that does not compile, defaults without judging,
// and the example payload's choices and depth bound.
import { describe, expect, it, vi } from 'vitest';
import {
  applyPayloadDefaults,
  payloadExample,
  payloadSchemaProblem,
  validatePayload,
} from '../../../mock-server/engine/policy/payload';
import { serviceErrorOf } from '../helpers';

/** The validators' owner (an environment's data in the engine). */
const OWNER = {};

describe('payload: the validator of a fresh engine', () => {
  // The validator is made on first use and kept: a fresh module makes it again (with its own
  // ServiceError class, hence the check by name).
  async function freshValidate() {
    vi.resetModules();
    const fresh = await import('../../../mock-server/engine/policy/payload');
    return fresh.validatePayload;
  }

  function thrown(run: () => unknown): unknown {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('expected a validation failure');
  }

  it('lists every failed rule, not only the first', async () => {
    const validate = await freshValidate();
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['c'],
    };
    expect(thrown(() => validate(OWNER, schema, { a: 1, b: 'x' }))).toMatchObject({
      name: 'ServiceError',
      status: 400,
      message:
        "Payload validation failed: root.c: must have required property 'c'; a: must be string; b: must be number",
    });
  });

  it('does not coerce types: a numeric string is not a number', async () => {
    const validate = await freshValidate();
    const schema = { type: 'object', properties: { count: { type: 'number' } } };
    expect(thrown(() => validate(OWNER, schema, { count: '5' }))).toMatchObject({
      name: 'ServiceError',
      status: 400,
      message: 'Payload validation failed: count: must be number',
    });
  });

  it('accepts schemas with keywords it does not know, and fills defaults', async () => {
    const validate = await freshValidate();
    const schema = {
      type: 'object',
      'x-ui': { widget: 'text' },
      properties: { plan: { type: 'string', default: 'free', 'x-label': 'Plan' } },
    };
    expect(validate(OWNER, schema, {})).toEqual({ plan: 'free' });
  });
});

describe('payload: validation answers', () => {
  it('a schema that does not compile answers 400 with one root error', () => {
    const schema = { type: 'nonsense' };
    const error = serviceErrorOf(() => validatePayload(OWNER, schema, {}));
    const reason =
      'schema is invalid: data/type must be equal to one of the allowed values, data/type must be array, data/type must match a schema in anyOf';
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      `Payload validation failed: root: invalid payload schema (${reason})`,
    );
    expect(error.ctx).toEqual({
      type: 'PAYLOAD_VALIDATION_ERROR',
      errors: [{ field: 'root', message: reason, value: {}, schemaPath: '#' }],
      schema,
    });
  });

  it('a rule failing inside a default the payload did not give reports no value, not a crash', () => {
    const schema = {
      type: 'object',
      properties: {
        user: {
          type: 'object',
          default: {},
          properties: { profile: { type: 'object', default: {}, required: ['name'] } },
        },
      },
    };
    const error = serviceErrorOf(() => validatePayload(OWNER, schema, {}));
    expect(error.status).toBe(400);
    expect(error.ctx?.['errors']).toEqual([
      {
        field: 'user.profile.name',
        message: "must have required property 'name'",
        value: undefined,
        schemaPath: '#/properties/user/properties/profile/required',
      },
    ]);
  });

  it('payloadSchemaProblem is undefined for a valid schema and says why for one that does not compile', () => {
    expect(payloadSchemaProblem(OWNER, { type: 'object' })).toBeUndefined();
    expect(payloadSchemaProblem(OWNER, { type: 'no-such-type' })).toMatch(/type/);
  });
});

describe('payload: defaults without judging', () => {
  it('fills the defaults into a copy, leaving the given payload as it was', () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', default: 'there' }, n: { type: 'number' } },
    };
    const payload = { n: 1 };
    expect(applyPayloadDefaults(OWNER, schema, payload)).toEqual({ name: 'there', n: 1 });
    expect(payload).toEqual({ n: 1 });
  });

  it('does not refuse a payload that breaks the schema', () => {
    const schema = {
      type: 'object',
      required: ['id'],
      properties: { n: { type: 'number' }, plan: { type: 'string', default: 'free' } },
    };
    expect(applyPayloadDefaults(OWNER, schema, { n: 'x' })).toEqual({ n: 'x', plan: 'free' });
  });

  it('leaves the payload as given (a copy) when the schema does not compile', () => {
    const payload = { a: 1 };
    const result = applyPayloadDefaults(OWNER, { type: 'nonsense' }, payload);
    expect(result).toEqual({ a: 1 });
    expect(result).not.toBe(payload);
  });
});

describe('payload: example values', () => {
  const exampleOf = (property: unknown) =>
    payloadExample({ type: 'object', properties: { field: property } })?.['field'];

  it('an empty examples, enum or anyOf list is skipped for the type', () => {
    expect(exampleOf({ type: 'string', examples: [] })).toBe('field');
    expect(exampleOf({ type: 'string', enum: [] })).toBe('field');
    expect(exampleOf({ type: 'number', anyOf: [] })).toBe(0);
  });

  it('const, then the first anyOf or oneOf variant', () => {
    expect(exampleOf({ type: 'string', const: 'fixed' })).toBe('fixed');
    expect(exampleOf({ anyOf: [{ type: 'boolean' }, { type: 'string' }] })).toBe(false);
    expect(exampleOf({ oneOf: [{ type: 'string', format: 'email' }, { type: 'number' }] })).toBe(
      'user@example.com',
    );
  });

  it('a type list takes its first type that is not null', () => {
    expect(exampleOf({ type: ['null', 'integer'] })).toBe(0);
    expect(exampleOf({ type: ['string', 'null'] })).toBe('field');
    expect(exampleOf({ type: 'null' })).toBeNull();
  });

  it('properties without a type make an object', () => {
    expect(exampleOf({ properties: { on: { type: 'boolean' } } })).toEqual({ on: false });
  });

  it('numbers are 0 without a minimum; an unknown string format shows the name', () => {
    expect(exampleOf({ type: 'number' })).toBe(0);
    expect(exampleOf({ type: 'integer' })).toBe(0);
    expect(exampleOf({ type: 'number', minimum: 2.5 })).toBe(2.5);
    expect(exampleOf({ type: 'string', format: 'hostname' })).toBe('field');
    expect(exampleOf({ type: 'string', format: 5 })).toBe('field');
  });

  it('a property schema that is not an object, or an array without items, gives null', () => {
    expect(
      payloadExample({
        type: 'object',
        properties: { yes: true, text: 'string', none: null, list: { type: 'array' } },
      }),
    ).toEqual({ yes: null, text: null, none: null, list: [null] });
  });

  it('an array root is no example payload', () => {
    expect(payloadExample({ type: 'array', items: { type: 'object' } })).toBeNull();
    expect(payloadExample([{ type: 'object' }])).toBeNull();
  });

  it('values nest 10 levels deep; deeper ones are null', () => {
    // Each level is `{ type: 'object', properties: { next: ... } }`; the root is depth 0.
    const nest = (depth: number, leaf: unknown): unknown =>
      depth === 0 ? leaf : { type: 'object', properties: { next: nest(depth - 1, leaf) } };
    const read = (value: unknown, depth: number): unknown =>
      depth === 0 ? value : read((value as Record<string, unknown>)['next'], depth - 1);
    // The leaf at depth 10 still gets its value; one at depth 11 is null.
    expect(read(payloadExample(nest(10, { type: 'string' })), 10)).toBe('next');
    expect(read(payloadExample(nest(11, { type: 'string' })), 11)).toBeNull();
    // A variant and array items each count one level.
    expect(read(payloadExample(nest(10, { anyOf: [{ type: 'string' }] })), 10)).toBeNull();
    expect(read(payloadExample(nest(9, { anyOf: [{ type: 'string' }] })), 9)).toBe('next');
    expect(
      read(payloadExample(nest(10, { type: 'array', items: { type: 'string' } })), 10),
    ).toEqual([null]);
    expect(read(payloadExample(nest(9, { type: 'array', items: { type: 'string' } })), 9)).toEqual([
      'next',
    ]);
  });

  it('a schema that refers to itself stops at the depth bound', () => {
    const node: { type: string; properties: Record<string, unknown> } = {
      type: 'object',
      properties: {},
    };
    node.properties['child'] = node;
    let example: unknown = payloadExample(node);
    let levels = 0;
    while (example !== null && typeof example === 'object') {
      example = (example as Record<string, unknown>)['child'];
      levels += 1;
    }
    expect(levels).toBe(11);
  });
});
