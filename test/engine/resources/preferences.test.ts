// The engine directly: preference levels and their merge order, seeding, snapshots; the run's
// preference check (docs/behaviour/subscribers.md#preferences, runs.md#preferences).
import { createMockEngine, type SeedData } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import { effectivePreference } from '../../../mock-server/engine/resources/preferences';
import { judgePreferences } from '../../../mock-server/engine/run/preferences';

const steps = [
  { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } },
  { type: 'sms' as const, name: 'Text', controlValues: { body: 'Hi' } },
];

function setup(seed: Omit<SeedData, 'subscribers' | 'workflows'> = {}) {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada', phone: '+15550001' }],
      integrations: [{ providerId: 'twilio', channel: 'sms', active: true, primary: true }],
      workflows: [
        { workflowId: 'welcome', steps },
        {
          workflowId: 'user-level',
          steps,
          preferences: {
            default: {
              all: { enabled: true, readOnly: false },
              channels: { sms: { enabled: true } },
            },
            user: {
              all: { enabled: true, readOnly: false },
              channels: { sms: { enabled: false } },
            },
          },
        },
        {
          workflowId: 'read-only',
          steps,
          preferences: {
            user: null,
            default: { all: { enabled: true, readOnly: true }, channels: {} },
          },
        },
      ],
      ...seed,
    },
  });
  const context = engine.scope('Development');
  const data = context.data;
  const subscriber = data.subscribers.get('ada');
  const workflow = (id: string) => data.workflows.find((item) => item.workflowId === id);
  if (!subscriber) throw new Error('seed');
  return { engine, context, data, subscriber, workflow };
}

describe('effectivePreference', () => {
  it('merges workflow defaults, workflow user level, subscriber global, subscriber workflow', () => {
    const { data, subscriber, workflow } = setup({
      preferences: [
        { subscriberId: 'ada', channels: { sms: false, in_app: false } },
        { subscriberId: 'ada', workflowId: 'welcome', channels: { sms: true } },
      ],
    });
    const welcome = effectivePreference(data, subscriber, workflow('welcome') as never);
    expect(welcome.channels).toMatchObject({ sms: true, in_app: false });
    expect(welcome.level).toBe('SUBSCRIBER_WORKFLOW');
    const user = effectivePreference(data, subscriber, workflow('user-level') as never);
    expect(user.channels).toMatchObject({ sms: false, in_app: false });
    expect(user.level).toBe('SUBSCRIBER_GLOBAL');
  });

  it('a read-only workflow ignores the subscriber levels', () => {
    const { data, subscriber, workflow } = setup({
      preferences: [{ subscriberId: 'ada', channels: { sms: false } }],
    });
    const applied = effectivePreference(data, subscriber, workflow('read-only') as never);
    expect(applied).toMatchObject({ readOnly: true, level: 'WORKFLOW_RESOURCE' });
    expect(applied.channels.sms).toBe(true);
    expect(judgePreferences(data, subscriber, workflow('read-only') as never, 'sms')).toEqual({
      send: true,
    });
  });

  it('the workflow user level decides when the subscriber said nothing', () => {
    const { data, subscriber, workflow } = setup();
    const verdict = judgePreferences(data, subscriber, workflow('user-level') as never, 'sms');
    expect(verdict.send).toBe(false);
    if (!verdict.send) expect(verdict.detail.detail).toBe('Step filtered by workflow preferences');
    expect(judgePreferences(data, subscriber, workflow('user-level') as never, 'delay')).toEqual({
      send: true,
    });
  });
});

describe('preferences in the engine state', () => {
  it('are seedable, and a seeded critical workflow refuses them', () => {
    expect(() =>
      setup({
        preferences: [{ subscriberId: 'ada', workflowId: 'read-only', channels: { sms: false } }],
      }),
    ).toThrowError(/preferences\.0: Critical workflow/);
    expect(() =>
      setup({ preferences: [{ subscriberId: 'ghost', channels: { sms: false } }] }),
    ).toThrowError(/preferences\.0: Subscriber with id: ghost is not found/);
  });

  it('survive snapshot and restore, and reset forgets them', () => {
    const { engine, context } = setup();
    const before = engine.snapshot();
    engine.operations['subscribers.preferences.update'](context, {
      params: { subscriberId: 'ada' },
      body: { channels: { sms: false } },
    });
    engine.operations['topics.create'](context, {
      body: { key: 'news' },
      query: { failIfExists: false },
    });
    const after = engine.snapshot();
    engine.restore(before);
    const restored = engine.scope('Development');
    expect(restored.data.preferences.size).toBe(0);
    expect(restored.data.topics.size).toBe(0);
    engine.restore(after);
    const again = engine.scope('Development');
    expect(
      engine.operations['subscribers.preferences.list'](again, {
        params: { subscriberId: 'ada' },
        query: { criticality: 'nonCritical' },
      }).global.channels.sms,
    ).toBe(false);
    expect(engine.operations['topics.retrieve'](again, { params: { topicKey: 'news' } }).key).toBe(
      'news',
    );
    engine.reset();
    const fresh = engine.scope('Development');
    expect(fresh.data.preferences.size).toBe(0);
  });

  it('a trigger after a global sms switch sends in-app only and records the skipped job', async () => {
    const { engine, context } = setup({
      preferences: [{ subscriberId: 'ada', channels: { sms: false } }],
    });
    engine.operations['events.trigger'](context, { body: { name: 'welcome', to: 'ada' } });
    expect(engine.outbox.list().map((message) => message.channel)).toEqual(['in_app']);
    const [notification] = context.data.notifications;
    const sms = notification?.jobs.find((job) => job.type === 'sms');
    expect(sms?.status).toBe('skipped');
    expect(sms?.executionDetails.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Step filtered by subscriber global preferences',
    ]);
  });
});
