import { describe, expect, it } from 'vitest';
import { payloadExample, validatePayload } from '../../../mock-server/engine/policy/payload';
import { ServiceError } from '../../../mock-server/engine/wire/service-error';
import { serviceErrorOf } from '../helpers';

/** The validators' owner (an environment's data in the engine). */
const OWNER = {};

const schema = {
  type: 'object',
  properties: {
    plan: { type: 'string', default: 'free' },
    user: {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'number', minimum: 0 } },
      required: ['name'],
    },
    email: { type: 'string', format: 'email' },
  },
  required: ['user'],
};

const failure = (payload: Record<string, unknown>) =>
  serviceErrorOf(() => validatePayload(OWNER, schema, payload));

describe('runtime: payload validation', () => {
  it('applies defaults and returns a copy', () => {
    const input = { user: { name: 'Ada' } };
    expect(validatePayload(OWNER, schema, input)).toEqual({ plan: 'free', user: { name: 'Ada' } });
    expect(input).toEqual({ user: { name: 'Ada' } });
  });

  it("answers the service's 400 PAYLOAD_VALIDATION_ERROR", () => {
    const error = failure({ user: { age: -1 }, email: 'nope' });
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Payload validation failed: user.name: must have required property \'name\'; user.age: must be >= 0; email: must match format "email"',
    );
    expect(error.ctx).toEqual({
      type: 'PAYLOAD_VALIDATION_ERROR',
      schema,
      errors: [
        {
          field: 'user.name',
          message: "must have required property 'name'",
          value: { age: -1 },
          schemaPath: '#/properties/user/required',
        },
        {
          field: 'user.age',
          message: 'must be >= 0',
          value: -1,
          schemaPath: '#/properties/user/properties/age/minimum',
        },
        {
          field: 'email',
          message: 'must match format "email"',
          value: 'nope',
          schemaPath: '#/properties/email/format',
        },
      ],
    });
  });

  it('names root-level missing properties the way the service does (root.<name>)', () => {
    const error = failure({});
    expect(error.message).toBe(
      "Payload validation failed: root.user: must have required property 'user'",
    );
  });

  it('answers a 400, not a crash, for a schema that does not compile', () => {
    expect(() => validatePayload(OWNER, { type: 'nonsense' }, {})).toThrow(ServiceError);
  });

  it('reuses the compiled schema (same verdicts on repeated calls)', () => {
    expect(validatePayload(OWNER, schema, { user: { name: 'a' } })).toEqual(
      validatePayload(OWNER, schema, { user: { name: 'a' } }),
    );
  });
});

describe('runtime: payload example', () => {
  it('uses defaults, examples, enums and types', () => {
    expect(
      payloadExample({
        type: 'object',
        properties: {
          name: { type: 'string' },
          count: { type: 'number', default: 3 },
          kind: { type: 'string', enum: ['a', 'b'] },
          city: { type: 'string', examples: ['Paris'] },
          at: { type: 'string', format: 'date-time' },
          tags: { type: 'array', items: { type: 'string' } },
          flags: { type: 'object', properties: { on: { type: 'boolean' } } },
          level: { type: 'integer', minimum: 1 },
        },
      }),
    ).toEqual({
      name: 'name',
      count: 3,
      kind: 'a',
      city: 'Paris',
      at: '2026-01-01T00:00:00.000Z',
      tags: ['tags'],
      flags: { on: false },
      level: 1,
    });
  });

  it('is null without an object schema', () => {
    expect(payloadExample(null)).toBeNull();
    expect(payloadExample({ type: 'string' })).toBeNull();
  });
});
