// Issue 31 items 7 and 8: payload schemas are size- and depth-checked before they are compiled,
// and each engine and environment validates with its own instance, in which a schema's `$id`
// cannot collide with another's, nothing outlives a reset, and nothing is printed.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMockEngine, type MockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMPILES_PER_VALIDATOR_INSTANCE,
  PAYLOAD_SCHEMA_LIMITS,
} from '../../mock-server/engine/policy/payload';
import { nested } from './helpers';

const SCHEMA_WITH_ID = {
  $id: 'https://example.com/schemas/order',
  type: 'object',
  properties: { orderId: { type: 'string', format: 'order-number' } },
  required: ['orderId'],
};

function createWorkflow(
  engine: MockEngine,
  environment: string,
  workflowId: string,
  payloadSchema: unknown,
) {
  return engine.operations['workflows.create'](engine.scope(environment), {
    body: {
      name: workflowId,
      workflowId,
      steps: [
        { name: 'Inbox', type: 'in_app', controlValues: { body: 'Order {{ payload.orderId }}' } },
      ],
      payloadSchema,
      validatePayload: true,
    },
  });
}

function trigger(engine: MockEngine, environment: string, name: string, payload: unknown) {
  return engine.operations['events.trigger'](engine.scope(environment), {
    body: { name, to: 'ada', payload },
  }) as { status: string };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hostile: one schema cannot poison the validator', () => {
  it('a schema with `$id` validates every trigger, in both environments, after reset, in two engines', () => {
    const engine = createMockEngine();
    createWorkflow(engine, 'Development', 'orders', SCHEMA_WITH_ID);
    createWorkflow(engine, 'Development', 'orders-copy', structuredClone(SCHEMA_WITH_ID));
    for (let n = 0; n < 3; n++) {
      expect(trigger(engine, 'Development', 'orders', { orderId: `o-${n}` }).status).toBe(
        'processed',
      );
      expect(trigger(engine, 'Development', 'orders-copy', { orderId: `o-${n}` }).status).toBe(
        'processed',
      );
    }
    // The same `$id` in Production, and in another engine of the same process.
    createWorkflow(engine, 'Production', 'orders', structuredClone(SCHEMA_WITH_ID));
    expect(trigger(engine, 'Production', 'orders', { orderId: 'p-1' }).status).toBe('processed');
    const other = createMockEngine();
    createWorkflow(other, 'Development', 'orders', structuredClone(SCHEMA_WITH_ID));
    expect(trigger(other, 'Development', 'orders', { orderId: 'x' }).status).toBe('processed');
    // After a reset the workflow is gone and can be made again.
    engine.reset();
    createWorkflow(engine, 'Development', 'orders', structuredClone(SCHEMA_WITH_ID));
    expect(trigger(engine, 'Development', 'orders', { orderId: 'again' }).status).toBe('processed');
    // The schema still judges payloads.
    expect(() => trigger(engine, 'Development', 'orders', {})).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('an unknown format is ignored without a word on stderr or the console', () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const log = vi.spyOn(console, 'log');
    const stderr = vi.spyOn(process.stderr, 'write');
    const engine = createMockEngine();
    createWorkflow(engine, 'Development', 'orders', SCHEMA_WITH_ID);
    trigger(engine, 'Development', 'orders', { orderId: 'o-1' });
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });
});

describe('hostile: payload schema size', () => {
  const wide = (count: number) => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: count }, (_, n) => [`p${n}`, { type: 'string' }]),
    ),
  });

  it.each([
    ['50,000 properties', wide(50_000)],
    ['one property past the object cap', wide(PAYLOAD_SCHEMA_LIMITS.nodes)],
    [
      'a schema nested past the depth limit',
      nested(PAYLOAD_SCHEMA_LIMITS.depth + 1, { type: 'string' }),
    ],
  ])('%s is refused with 422 before it is compiled', (_name, payloadSchema) => {
    const engine = createMockEngine();
    let refusal: unknown;
    try {
      createWorkflow(engine, 'Development', 'big', payloadSchema);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ status: 422 });
    expect(JSON.stringify((refusal as { extra: unknown }).extra)).toContain(
      'payloadSchema is too large',
    );
    expect(engine.scope('Development').data.workflows.some((w) => w.workflowId === 'big')).toBe(
      false,
    );
  });

  it('a seeded schema past the limits answers the trigger 400, not a long compile', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          {
            workflowId: 'big',
            steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'x' } }] as never,
            payloadSchema: wide(50_000),
            validatePayload: true,
          },
        ],
      },
    });
    expect(() => trigger(engine, 'Development', 'big', {})).toThrow(
      expect.objectContaining({
        status: 400,
        message: expect.stringContaining('the schema is too large'),
      }),
    );
  });

  it('a schema within the limits is accepted', () => {
    const engine = createMockEngine();
    createWorkflow(engine, 'Development', 'fine', wide(PAYLOAD_SCHEMA_LIMITS.nodes - 2));
    expect(trigger(engine, 'Development', 'fine', {}).status).toBe('processed');
  });
});

describe('hostile: the schemas of replaced workflow versions are freed', () => {
  // A full collection on demand: what is still reachable after it is what a server would keep.
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;

  const version = (n: number) => ({
    type: 'object',
    properties: { orderId: { type: 'string', default: `order-${n}` } },
  });

  it('AJV does not keep every schema it compiled for a workflow updated again and again', async () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    const context = () => engine.scope('Development');
    createWorkflow(engine, 'Development', 'orders', version(0));
    trigger(engine, 'Development', 'orders', {});
    const firstSchema = new WeakRef(
      context().data.workflows.find((workflow) => workflow.workflowId === 'orders')
        ?.payloadSchema as object,
    );
    for (let n = 1; n <= COMPILES_PER_VALIDATOR_INSTANCE * 2; n++) {
      engine.operations['workflows.update'](context(), {
        params: { workflowId: 'orders' },
        body: {
          name: 'orders',
          origin: 'svc-cloud',
          preferences: {},
          steps: [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'Order' } }],
          payloadSchema: version(n),
          validatePayload: true,
        },
      });
      expect(trigger(engine, 'Development', 'orders', {}).status).toBe('processed');
    }
    // WeakRef targets stay alive until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(firstSchema.deref()).toBeUndefined();
  });
});
