// Issue 13 item 12: tests for the planted bugs the suite missed, each through the engine's own
// operations (the layer the bug was planted in), so it fails whichever adapter is in front.
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';

function engineWith(seed: Parameters<typeof createMockEngine>[0] = {}) {
  const engine = createMockEngine(seed);
  const context = engine.scope('Development');
  return { engine, context };
}

const search = (
  { engine, context }: ReturnType<typeof engineWith>,
  filter: { email?: string; name?: string },
) =>
  engine.operations['subscribers.search'](context, {
    query: {
      limit: 10,
      includeCursor: false,
      orderBy: '_id',
      orderDirection: 'ASC',
      ...filter,
    },
  }).data.map((subscriber) => subscriber.subscriberId);

describe('planted bug: email search is case-sensitive', () => {
  const seeded = () =>
    engineWith({
      seed: {
        subscribers: [
          { subscriberId: 'lower', email: 'ada@example.com', firstName: 'Ada' },
          { subscriberId: 'upper', email: 'GRACE@EXAMPLE.COM', firstName: 'Grace' },
        ],
      },
    });

  it('an upper-case needle finds only upper-case emails (indexed needles of 3+ characters)', () => {
    const engine = seeded();
    expect(search(engine, { email: 'EXAMPLE' })).toEqual(['upper']);
    expect(search(engine, { email: 'example' })).toEqual(['lower']);
    expect(search(engine, { email: 'Example' })).toEqual([]);
  });

  it('a subscriber without an email never matches an email needle', () => {
    const engine = engineWith({
      seed: { subscribers: [{ subscriberId: 'no-email' }, { subscriberId: 'e', email: 'e@x.io' }] },
    });
    expect(search(engine, { email: 'e' })).toEqual(['e']);
  });

  it('the subscriberId filter keeps only that subscriber', () => {
    const engine = seeded();
    const found = engine.engine.operations['subscribers.search'](engine.context, {
      query: {
        limit: 10,
        includeCursor: false,
        orderBy: '_id',
        orderDirection: 'ASC',
        subscriberId: 'upper',
        email: 'EXAMPLE',
      },
    });
    expect(found.data.map((subscriber) => subscriber.subscriberId)).toEqual(['upper']);
    expect(search(engine, { email: 'EXAMPLE' })).toEqual(['upper']);
  });

  it('short needles (scanned, not indexed) are case-sensitive too', () => {
    const engine = seeded();
    expect(search(engine, { email: 'AD' })).toEqual([]);
    expect(search(engine, { email: 'ad' })).toEqual(['lower']);
  });
});

describe('planted bug: an integration for another environment is refused', () => {
  it('answers 403 and creates nothing', () => {
    const { engine, context } = engineWith();
    const before = engine.operations['integrations.list'](context).length;
    const production = engine.environment('Production')._id;
    expect(() =>
      engine.operations['integrations.create'](context, {
        body: {
          providerId: 'sendgrid',
          channel: 'email',
          _environmentId: production,
        },
      }),
    ).toThrow(
      expect.objectContaining({
        status: 403,
        message:
          'API key authentication is scoped to a single environment and cannot target a different `_environmentId`.',
      }),
    );
    expect(engine.operations['integrations.list'](context)).toHaveLength(before);
  });

  it('accepts its own environment id', () => {
    const { engine, context } = engineWith();
    const created = engine.operations['integrations.create'](context, {
      body: {
        providerId: 'sendgrid',
        channel: 'email',
        _environmentId: context.environment._id,
      },
    });
    expect(created._environmentId).toBe(context.environment._id);
  });
});

describe('planted bug: no_workflow_active_steps_defined only when no step is active', () => {
  const workflows = [
    {
      workflowId: 'one-off',
      steps: [
        { type: 'in_app' as const, name: 'Off', active: false },
        { type: 'in_app' as const, name: 'On', controlValues: { body: 'hi' } },
      ],
    },
    { workflowId: 'all-off', steps: [{ type: 'in_app' as const, name: 'Off', active: false }] },
  ];

  it('one active step among inactive ones runs', () => {
    const { engine, context } = engineWith({
      seed: { subscribers: [{ subscriberId: 'ada' }], workflows },
    });
    const result = engine.operations['events.trigger'](context, {
      body: { name: 'one-off', to: 'ada' },
    });
    expect(result.status).toBe('processed');
    expect(engine.outbox.count()).toBe(1);
    expect(
      engine.operations['events.trigger'](context, { body: { name: 'all-off', to: 'ada' } }).status,
    ).toBe('no_workflow_active_steps_defined');
  });

  it('an inactive workflow and one without steps answer their own statuses first', () => {
    const { engine, context } = engineWith({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          ...workflows,
          { workflowId: 'paused', active: false, steps: [{ type: 'in_app', name: 'On' }] },
          { workflowId: 'paused-empty', active: false, steps: [] },
          { workflowId: 'empty', steps: [] },
        ],
      },
    });
    const status = (name: string) =>
      engine.operations['events.trigger'](context, { body: { name, to: 'ada' } }).status;
    expect(status('paused')).toBe('trigger_not_active');
    expect(status('paused-empty')).toBe('trigger_not_active');
    expect(status('empty')).toBe('no_workflow_steps_defined');
    expect(engine.outbox.count()).toBe(0);
  });
});
