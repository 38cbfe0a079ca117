// A default under an object the payload does not have: the service's trigger-event.e2e.ts
// (apps/api/src/app/events/e2e/trigger-event.e2e.ts in novuhq/novu), "should fill trigger payload
// with default variables", renders `Hello John Doe` for a `myUser.lastName` default when the
// payload has no `myUser` (mock-server/engine/run/payload.ts, docs/behaviour/events.md#payload).
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { applyPayloadDefaults, validatePayload } from '../../../mock-server/engine/policy/payload';
import { listOf, sessionOf, trigger } from '../inbox/inbox-helpers';

const SCHEMA = {
  type: 'object',
  properties: {
    myUser: { type: 'object', properties: { lastName: { type: 'string', default: 'John Doe' } } },
    organizationName: { type: 'string', default: 'Novu Corp' },
  },
};

describe('trigger-event.e2e.ts: should fill trigger payload with default variables', () => {
  it('renders the nested default when the payload lacks its parent object', async () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          {
            workflowId: 'defaults',
            payloadSchema: SCHEMA,
            steps: [
              {
                type: 'in_app',
                name: 'Inbox',
                controlValues: {
                  body: 'Hello {{payload.myUser.lastName}}, Welcome to {{payload.organizationName}}',
                },
              },
            ],
          },
        ],
      },
    });
    await trigger(engine, 'defaults', 'ada', { organizationName: 'Umbrella Corp' });
    const [notification] = (await listOf(engine, await sessionOf(engine, 'ada'))).data;
    expect(notification?.['body']).toBe('Hello John Doe, Welcome to Umbrella Corp');
  });

  it('fills defaults through nested objects, on validation and without it', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'object', properties: { b: SCHEMA } } },
    };
    const expected = {
      a: { b: { myUser: { lastName: 'John Doe' }, organizationName: 'Novu Corp' } },
    };
    expect(validatePayload({}, schema, {})).toStrictEqual(expected);
    expect(applyPayloadDefaults({}, schema, {})).toStrictEqual(expected);
  });

  it('leaves absent an object with required keys, one without defaults, and given values', () => {
    const schema = {
      type: 'object',
      properties: {
        strict: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string' }, kind: { type: 'string', default: 'x' } },
        },
        bare: { type: 'object', properties: { note: { type: 'string' } } },
        given: { type: 'object', properties: { kind: { type: 'string', default: 'x' } } },
      },
    };
    expect(validatePayload({}, schema, { given: { kind: 'y' } })).toStrictEqual({
      given: { kind: 'y' },
    });
  });

  it('a property named __proto__ stays a plain key, never the payload prototype', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"polluted":{"type":"boolean","default":true}}}}}',
    );
    const filled = applyPayloadDefaults({}, schema, {}) as Record<string, unknown>;
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.hasOwn(filled, '__proto__')).toBe(true);
  });
});
