// The operation table directly (mock-server/engine/operations.ts): a body nesting too deep is
// refused before anything runs, each operation answers its resource's result, marking messages
// is told on the event feed only when someone listens and something changed, a cancel takes the
// canceled work off the clock, and sync reaches only the caller's organization.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../mock-server/engine/engine';
import type { EngineEvent } from '../../mock-server/engine/event-feed';
import { ServiceError } from '../../mock-server/engine/wire/service-error';
import { contextOf } from './helpers';

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

const inbox = {
  workflowId: 'welcome',
  steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hello' } }],
};

describe('operations: request bodies', () => {
  it('a body nesting more than 64 levels is a 400 naming the request body', () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    let deep: unknown = { firstName: 'Ada' };
    for (let level = 0; level < 70; level += 1) deep = { data: deep };
    const error = thrownBy(() =>
      engine.operations['subscribers.update'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: deep,
      }),
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      status: 400,
      message:
        'The request body nests objects and arrays more than 64 levels deep; the limit is 64',
    });
    expect(contextOf(engine).data.subscribers.get('ada')?.firstName).toBeUndefined();
  });
});

describe('operations: answers of the resource operations', () => {
  it('deleteCredentials removes the provider credentials of the subscriber', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        integrations: [{ providerId: 'slack', channel: 'chat', active: true }],
      },
    });
    const context = contextOf(engine);
    engine.operations['subscribers.credentials.update'](context, {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'slack',
        credentials: { webhookUrl: 'https://hooks.example.com/1' },
      },
    });
    expect(context.data.subscribers.get('ada')?.channels).toHaveLength(1);
    expect(
      engine.operations['subscribers.credentials.delete'](context, {
        params: { subscriberId: 'ada', providerId: 'slack' },
      }),
    ).toBeUndefined();
    expect(context.data.subscribers.get('ada')?.channels).toEqual([]);
  });

  it('deleteTopic answers acknowledged and the topic is gone', () => {
    const engine = createMockEngine({ seed: { topics: [{ key: 'news' }] } });
    const context = contextOf(engine);
    expect(engine.operations['topics.delete'](context, { params: { topicKey: 'news' } })).toEqual({
      acknowledged: true,
    });
    expect(context.data.topics.has('news')).toBe(false);
  });

  it('listNotifications and retrieveNotification answer the triggered run', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada' }], workflows: [inbox] },
    });
    const context = contextOf(engine);
    engine.operations['events.trigger'](context, {
      body: {
        name: 'welcome',
        to: 'ada',
        transactionId: 'tx-1',
      },
    });
    const page = engine.operations['notifications.list'](context, {
      query: { page: 0, limit: 10 },
    });
    expect(page).toMatchObject({ page: 0, pageSize: 10, hasMore: false });
    expect(page.data.map((activity) => activity.transactionId)).toEqual(['tx-1']);
    const id = page.data[0]?._id ?? '';
    expect(
      engine.operations['notifications.retrieve'](context, { params: { notificationId: id } }),
    ).toMatchObject({
      _id: id,
      transactionId: 'tx-1',
    });
  });

  it('listMessages, deleteMessage and deleteMessagesByTransaction act on the messages', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        messages: [
          { subscriberId: 'ada', transactionId: 'tx-1', content: 'one' },
          { subscriberId: 'ada', transactionId: 'tx-2', content: 'two' },
          { subscriberId: 'ada', transactionId: 'tx-2', content: 'three', channel: 'email' },
        ],
      },
    });
    const context = contextOf(engine);
    const page = engine.operations['messages.list'](context, { query: { page: 0, limit: 10 } });
    expect(page).toMatchObject({ page: 0, pageSize: 10, hasMore: false });
    expect(page.data.map((message) => message.content).sort()).toEqual(['one', 'three', 'two']);
    const one = context.data.messages.find((message) => message.content === 'one');
    expect(
      engine.operations['messages.delete'](context, { params: { messageId: one?._id ?? '' } }),
    ).toEqual({
      acknowledged: true,
      status: 'deleted',
    });
    expect(
      engine.operations['messages.deleteByTransactionId'](context, {
        params: { transactionId: 'tx-2' },
        query: { channel: 'in_app' },
      }),
    ).toBeUndefined();
    expect(context.data.messages.map((message) => message.content)).toEqual(['three']);
  });

  it('syncWorkflow copies a workflow to the other environment of the organization', () => {
    const engine = createMockEngine({ seed: { workflows: [inbox] } });
    const production = engine.environment('Production');
    const synced = engine.operations['workflows.sync'](contextOf(engine), {
      params: { workflowId: 'welcome' },
      body: {
        targetEnvironmentId: production._id,
      },
    });
    expect(synced).toMatchObject({ workflowId: 'welcome' });
    expect(contextOf(engine, 'Production').data.workflows.map((w) => w.workflowId)).toEqual([
      'welcome',
    ]);
  });

  it('syncWorkflow to an environment of another organization is a 404, as an unknown one', () => {
    const engine = createMockEngine({ seed: { workflows: [inbox] } });
    const other = engine.createOrganization({ name: 'Other' });
    for (const targetEnvironmentId of [other.environments[1]?._id ?? '', 'f'.repeat(24)]) {
      const error = thrownBy(() =>
        engine.operations['workflows.sync'](contextOf(engine), {
          params: { workflowId: 'welcome' },
          body: { targetEnvironmentId },
        }),
      );
      expect(error).toMatchObject({
        status: 404,
        message: `Environment ${targetEnvironmentId} not found`,
      });
    }
    expect(engine.scope(other.environments[1]?._id).data.workflows).toEqual([]);
  });
});

describe('operations: markMessagesAs on the event feed', () => {
  function seeded() {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
        messages: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
      },
    });
    const context = contextOf(engine);
    const [adas, bobs] = context.data.messages.map((message) => message._id);
    return { engine, context, adas: adas ?? '', bobs: bobs ?? '' };
  }

  it('tells a listener which messages were marked, and how', () => {
    const { engine, context, adas } = seeded();
    const events: EngineEvent[] = [];
    engine.events.subscribe((event) => events.push(event));
    engine.operations['subscribers.messages.markAs'](context, {
      params: { subscriberId: 'ada' },
      body: { messageId: adas, markAs: 'read' },
    });
    expect(events).toEqual([
      {
        type: 'messages-marked',
        environmentId: context.environment._id,
        subscriberId: 'ada',
        messageIds: [adas],
        markAs: 'read',
        seq: 1,
        at: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('tells nothing when no message of the subscriber was marked', () => {
    const { engine, context, bobs } = seeded();
    const events: EngineEvent[] = [];
    engine.events.subscribe((event) => events.push(event));
    expect(
      engine.operations['subscribers.messages.markAs'](context, {
        params: { subscriberId: 'ada' },
        body: { messageId: bobs, markAs: 'read' },
      }),
    ).toEqual([]);
    expect(events).toEqual([]);
    expect(engine.events.lastSeq()).toBe(0);
  });

  it('emits nothing while nobody listens: the event count stays', () => {
    const { engine, context, adas } = seeded();
    engine.operations['subscribers.messages.markAs'](context, {
      params: { subscriberId: 'ada' },
      body: { messageId: adas, markAs: 'seen' },
    });
    expect(engine.events.lastSeq()).toBe(0);
  });
});

describe('operations: cancelEvent', () => {
  it('takes the canceled work off the clock', async () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          {
            workflowId: 'reminder',
            steps: [
              {
                type: 'delay',
                name: 'Wait',
                controlValues: { type: 'regular', amount: 2, unit: 'hours' },
              },
              { type: 'in_app', name: 'Inbox', controlValues: { body: 'Still there?' } },
            ],
          },
        ],
      },
    });
    const context = contextOf(engine);
    engine.operations['events.trigger'](context, {
      body: { name: 'reminder', to: 'ada', transactionId: 'tx-1' },
    });
    expect(engine.clock.pending()).toHaveLength(1);
    expect(engine.operations['events.cancel'](context, { params: { transactionId: 'tx-1' } })).toBe(
      true,
    );
    expect(engine.clock.pending()).toEqual([]);
    await engine.settle({ skipTime: true });
    expect(engine.clock.iso()).toBe('2026-01-01T00:00:00.000Z');
    expect(engine.outbox.count()).toBe(0);
  });
});
