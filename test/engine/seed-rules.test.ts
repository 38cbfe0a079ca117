// engine.seed() directly (mock-server/engine/seed.ts): the error every refusal throws, and what a
// seed stores for subscribers, tenants, integrations, topics, workflows and messages: each
// field's default when absent, the given value when present, and what a second seed of the same
// record keeps.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../mock-server/engine/engine';
import { ServiceError } from '../../mock-server/engine/wire/service-error';

const START = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T01:00:00.000Z';
const OBJECT_ID = /^[0-9a-f]{24}$/;

function dataOf(engine: MockEngine, name = 'Development') {
  return engine.scope(name).data;
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function expectSeedError(run: () => unknown, message: string) {
  const error = thrownBy(run);
  expect(error).toBeInstanceOf(ServiceError);
  expect(error).toMatchObject({
    status: 400,
    message,
    ctx: { error: 'Bad Request', statusCode: 400 },
  });
}

describe('seed: refusals are 400 ServiceErrors naming the entry', () => {
  it('an unknown subscriber of a topic', () => {
    const engine = createMockEngine();
    expectSeedError(
      () => engine.seed({ topics: [{ key: 'news', subscribers: ['ghost'] }] }),
      'Invalid seed data: topics.0: unknown subscriberId "ghost"',
    );
  });

  it('an unknown subscriber of a message', () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    expectSeedError(
      () => engine.seed({ messages: [{ subscriberId: 'ada' }, { subscriberId: 'ghost' }] }),
      'Invalid seed data: messages.1: unknown subscriberId "ghost"',
    );
  });

  it('an integration the create refuses, with the create message', () => {
    const engine = createMockEngine();
    expectSeedError(
      () => engine.seed({ integrations: [{ providerId: 'svc', channel: 'in_app' }] }),
      'Invalid seed data: integrations.0: One environment can only have one In app provider',
    );
  });

  it('a preference the preferences update refuses, with its message', () => {
    const engine = createMockEngine();
    expectSeedError(
      () => engine.seed({ preferences: [{ subscriberId: 'ghost' }] }),
      'Invalid seed data: preferences.0: Subscriber with id: ghost is not found',
    );
  });
});

describe('seed: subscribers', () => {
  it('a new subscriber has no channels nor topics, and the seed time', () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    const environment = engine.environment('Development');
    expect(dataOf(engine).subscribers.get('ada')).toStrictEqual({
      _id: expect.stringMatching(OBJECT_ID),
      _organizationId: environment._organizationId,
      _environmentId: environment._id,
      subscriberId: 'ada',
      channels: [],
      topics: [],
      deleted: false,
      __v: 0,
      createdAt: START,
      updatedAt: START,
    });
  });

  it('keeps a given createdAt', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada', createdAt: '2020-05-05T00:00:00.000Z' }] },
    });
    expect(dataOf(engine).subscribers.get('ada')?.createdAt).toBe('2020-05-05T00:00:00.000Z');
  });

  it('a second seed keeps the _id, createdAt and channels, and moves updatedAt', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        integrations: [{ providerId: 'slack', channel: 'chat', active: true }],
      },
    });
    const context = engine.scope('Development');
    engine.operations['subscribers.credentials.update'](context, {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'slack',
        credentials: { webhookUrl: 'https://hooks.example.com/1' },
      },
    });
    const before = structuredClone(dataOf(engine).subscribers.get('ada'));
    expect(before?.channels).toHaveLength(1);
    engine.clock.set(LATER);
    engine.seed({ subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }] });
    const after = dataOf(engine).subscribers.get('ada');
    expect(after).toMatchObject({
      _id: before?._id,
      firstName: 'Ada',
      channels: before?.channels,
      createdAt: START,
      updatedAt: LATER,
    });
  });
});

describe('seed: tenants', () => {
  it('stores nothing when no tenants are given', () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    expect([...dataOf(engine).tenants.keys()]).toEqual([]);
  });

  it('stores a tenant with an _id and the seed time; a second seed keeps _id and createdAt', () => {
    const engine = createMockEngine({
      seed: { tenants: [{ identifier: 'acme', name: 'Acme', data: { tier: 'gold' } }] },
    });
    const first = structuredClone(dataOf(engine).tenants.get('acme'));
    expect(first).toStrictEqual({
      _id: expect.stringMatching(OBJECT_ID),
      identifier: 'acme',
      name: 'Acme',
      data: { tier: 'gold' },
      createdAt: START,
      updatedAt: START,
    });
    engine.clock.set(LATER);
    engine.seed({ tenants: [{ identifier: 'acme', name: 'Acme Inc' }] });
    expect(dataOf(engine).tenants.get('acme')).toStrictEqual({
      _id: first?._id,
      identifier: 'acme',
      name: 'Acme Inc',
      createdAt: START,
      updatedAt: LATER,
    });
  });
});

describe('seed: integrations', () => {
  it('primary: true makes the seeded integration the primary of its channel', () => {
    const engine = createMockEngine({
      seed: {
        integrations: [
          { providerId: 'sendgrid', channel: 'email', identifier: 'sg', primary: true },
        ],
      },
    });
    const email = dataOf(engine).integrations.filter((i) => i.channel === 'email');
    expect(email.map((i) => [i.identifier, i.active, i.primary])).toEqual([
      [expect.any(String), true, false],
      ['sg', true, true],
    ]);
  });

  it('without primary an inactive integration stays inactive and not primary', () => {
    const engine = createMockEngine({
      seed: { integrations: [{ providerId: 'sendgrid', channel: 'email', identifier: 'sg' }] },
    });
    const seeded = dataOf(engine).integrations.find((i) => i.identifier === 'sg');
    expect(seeded).toMatchObject({ active: false, primary: false });
  });
});

describe('seed: topics', () => {
  it('a new topic without a name has no name field', () => {
    const engine = createMockEngine({ seed: { topics: [{ key: 'news' }] } });
    const topic = dataOf(engine).topics.get('news');
    expect(topic).toStrictEqual({
      _id: expect.stringMatching(OBJECT_ID),
      key: 'news',
      createdAt: START,
      updatedAt: START,
    });
  });

  it('a second seed without a name keeps the name; one with a name replaces it', () => {
    const engine = createMockEngine({ seed: { topics: [{ key: 'news', name: 'News' }] } });
    engine.seed({ topics: [{ key: 'news' }] });
    expect(dataOf(engine).topics.get('news')?.name).toBe('News');
    engine.seed({ topics: [{ key: 'news', name: 'Daily news' }] });
    expect(dataOf(engine).topics.get('news')?.name).toBe('Daily news');
  });

  it('subscribes plain ids and { subscriberId } entries without preferences', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
        topics: [{ key: 'news', subscribers: ['ada', { subscriberId: 'bob' }] }],
      },
    });
    const subscriptions = dataOf(engine).subscriptions;
    expect(subscriptions.map((s) => s.topicKey)).toEqual(['news', 'news']);
    for (const subscription of subscriptions) expect('preferences' in subscription).toBe(false);
  });

  it('a later entry without preferences leaves the preferences an earlier seed gave', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [{ workflowId: 'welcome' }],
        topics: [
          {
            key: 'news',
            subscribers: [
              { subscriberId: 'ada', preferences: [{ workflowId: 'welcome', enabled: false }] },
            ],
          },
        ],
      },
    });
    const before = structuredClone(dataOf(engine).subscriptions[0]?.preferences);
    expect(before).toHaveLength(1);
    engine.seed({ topics: [{ key: 'news', subscribers: [{ subscriberId: 'ada' }, 'ada'] }] });
    expect(dataOf(engine).subscriptions[0]?.preferences).toEqual(before);
  });

  it('preferences that name no workflow leave the subscription without preferences', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [{ workflowId: 'welcome' }],
        topics: [
          {
            key: 'news',
            subscribers: [
              { subscriberId: 'ada', preferences: [{ workflowId: 'welcome', enabled: false }] },
            ],
          },
        ],
      },
    });
    engine.seed({
      topics: [{ key: 'news', subscribers: [{ subscriberId: 'ada', preferences: [] }] }],
    });
    const subscription = dataOf(engine).subscriptions[0];
    expect(subscription?.topicKey).toBe('news');
    expect(subscription !== undefined && 'preferences' in subscription).toBe(false);
  });
});

describe('seed: workflows', () => {
  it('a workflow with only its id gets every default', () => {
    const engine = createMockEngine({ seed: { workflows: [{ workflowId: 'welcome' }] } });
    const environment = engine.environment('Development');
    const [workflow] = dataOf(engine).workflows;
    expect(workflow).toMatchObject({
      _environmentId: environment._id,
      _organizationId: environment._organizationId,
      workflowId: 'welcome',
      name: 'welcome',
      tags: [],
      active: true,
      status: 'ACTIVE',
      origin: 'svc-cloud',
      steps: [],
      payloadSchema: null,
      validatePayload: false,
      severity: 'none',
      critical: false,
      isTranslationEnabled: false,
      lastTriggeredAt: null,
      lastPublishedAt: null,
      createdAt: START,
      updatedAt: START,
    });
    expect(workflow !== undefined && 'description' in workflow).toBe(false);
  });

  it('an inactive workflow without a status is INACTIVE', () => {
    const engine = createMockEngine({
      seed: { workflows: [{ workflowId: 'welcome', active: false }] },
    });
    expect(dataOf(engine).workflows[0]).toMatchObject({ active: false, status: 'INACTIVE' });
  });

  it('keeps the given description, tags, validatePayload and times', () => {
    const engine = createMockEngine({
      seed: {
        workflows: [
          {
            workflowId: 'welcome',
            description: 'Says hello',
            tags: ['onboarding'],
            validatePayload: true,
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-02-01T00:00:00.000Z',
          },
        ],
      },
    });
    expect(dataOf(engine).workflows[0]).toMatchObject({
      description: 'Says hello',
      tags: ['onboarding'],
      validatePayload: true,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-02-01T00:00:00.000Z',
    });
  });

  it('a step gets its defaults; given filters, metadata and shouldStopOnFail are kept', () => {
    const engine = createMockEngine({
      seed: {
        workflows: [
          {
            workflowId: 'welcome',
            steps: [
              { type: 'in_app', name: 'Inbox' },
              {
                type: 'delay',
                name: 'Wait',
                stepId: 'wait',
                active: false,
                metadata: { type: 'regular', amount: 1, unit: 'hours' },
                shouldStopOnFail: true,
                filters: [
                  {
                    isNegated: false,
                    type: 'GROUP',
                    value: 'AND',
                    children: [{ field: 'plan', value: 'pro', operator: 'EQUAL', on: 'payload' }],
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    const [plain, full] = dataOf(engine).workflows[0]?.steps ?? [];
    expect(plain).toStrictEqual({
      _id: expect.stringMatching(OBJECT_ID),
      stepId: 'inbox',
      name: 'Inbox',
      type: 'in_app',
      active: true,
      controlValues: {},
      filters: [],
      shouldStopOnFail: false,
    });
    expect(full).toMatchObject({
      stepId: 'wait',
      active: false,
      metadata: { type: 'regular', amount: 1, unit: 'hours' },
      shouldStopOnFail: true,
      filters: [
        {
          isNegated: false,
          type: 'GROUP',
          value: 'AND',
          children: [{ field: 'plan', value: 'pro', operator: 'EQUAL', on: 'payload' }],
        },
      ],
    });
  });

  it('a second seed of a workflow updates it in place, keeping _id and createdAt', () => {
    const engine = createMockEngine({ seed: { workflows: [{ workflowId: 'welcome' }] } });
    const first = structuredClone(dataOf(engine).workflows[0]);
    engine.clock.set(LATER);
    engine.seed({ workflows: [{ workflowId: 'welcome', name: 'Welcome!' }] });
    const workflows = dataOf(engine).workflows;
    expect(workflows).toHaveLength(1);
    expect(workflows[0]).toMatchObject({
      _id: first?._id,
      name: 'Welcome!',
      createdAt: START,
      updatedAt: LATER,
    });
  });

  it('the same workflow twice in one seed is one workflow, the later entry winning', () => {
    const engine = createMockEngine({
      seed: {
        workflows: [
          { workflowId: 'welcome', name: 'One' },
          { workflowId: 'welcome', name: 'Two' },
        ],
      },
    });
    expect(dataOf(engine).workflows.map((w) => w.name)).toEqual(['Two']);
  });
});

describe('seed: messages', () => {
  it('messages of one template share its workflow and step ids; each has its own job', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        messages: [
          { subscriberId: 'ada', templateIdentifier: 'welcome' },
          { subscriberId: 'ada', templateIdentifier: 'welcome' },
          { subscriberId: 'ada', templateIdentifier: 'digest' },
        ],
      },
    });
    const [first, second, other] = dataOf(engine).messages;
    expect(second?._templateId).toBe(first?._templateId);
    expect(second?._messageTemplateId).toBe(first?._messageTemplateId);
    expect(other?._templateId).not.toBe(first?._templateId);
    expect(other?._messageTemplateId).not.toBe(first?._messageTemplateId);
    expect(new Set([first?._jobId, second?._jobId, other?._jobId]).size).toBe(3);
  });

  it('a message with only its subscriber gets every default', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada' }], messages: [{ subscriberId: 'ada' }] },
    });
    const environment = engine.environment('Development');
    const data = dataOf(engine);
    expect(data.messages[0]).toStrictEqual({
      _id: expect.stringMatching(OBJECT_ID),
      // Ids that name no workflow, step or job the engine keeps (the service's messages name theirs).
      _templateId: expect.stringMatching(OBJECT_ID),
      _environmentId: environment._id,
      _messageTemplateId: expect.stringMatching(OBJECT_ID),
      _organizationId: environment._organizationId,
      _notificationId: expect.stringMatching(OBJECT_ID),
      _subscriberId: data.subscribers.get('ada')?._id,
      _feedId: null,
      _jobId: expect.stringMatching(OBJECT_ID),
      transactionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      channel: 'in_app',
      content: '',
      read: false,
      seen: false,
      archived: false,
      deliveredAt: [START],
      status: 'sent',
      cta: {},
      providerId: 'svc',
      payload: {},
      overrides: {},
      tags: [],
      createdAt: START,
      updatedAt: START,
    });
  });

  it('keeps every given field', () => {
    const cta = { type: 'redirect' as const, data: { url: 'https://example.com/x' } };
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        messages: [
          {
            subscriberId: 'ada',
            channel: 'email',
            content: '<p>Hi</p>',
            subject: 'Hello',
            read: true,
            seen: true,
            status: 'error',
            cta,
            payload: { plan: 'pro' },
            templateIdentifier: 'welcome',
            transactionId: 'tx-1',
            createdAt: '2025-12-31T00:00:00.000Z',
          },
        ],
      },
    });
    const message = dataOf(engine).messages[0];
    expect(message).toMatchObject({
      templateIdentifier: 'welcome',
      transactionId: 'tx-1',
      channel: 'email',
      content: '<p>Hi</p>',
      subject: 'Hello',
      read: true,
      seen: true,
      archived: false,
      deliveredAt: ['2025-12-31T00:00:00.000Z'],
      status: 'error',
      cta,
      payload: { plan: 'pro' },
      createdAt: '2025-12-31T00:00:00.000Z',
      updatedAt: '2025-12-31T00:00:00.000Z',
    });
  });
});
