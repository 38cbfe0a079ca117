// The Inbox changes an engine makes (mock-server/realtime/engine-inbox-changes.ts), read from its
// event feed with no HTTP and no socket.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../mock-server/engine/engine';
import type { MessageRecord } from '../../mock-server/engine/store/state';
import { engineInboxChanges, inboxCounts } from '../../mock-server/realtime/engine-inbox-changes';
import type { InboxChange } from '../../mock-server/realtime/inbox-changes';

const seed = {
  subscribers: [
    { subscriberId: 'ada', firstName: 'Ada' },
    { subscriberId: 'grace', firstName: 'Grace' },
  ],
  workflows: [
    {
      workflowId: 'alert',
      name: 'Alert',
      severity: 'high' as const,
      steps: [
        {
          type: 'in_app' as const,
          name: 'Inbox',
          controlValues: { body: 'Hello {{subscriber.firstName}}' },
        },
      ],
    },
    {
      workflowId: 'mail-only',
      name: 'Mail only',
      steps: [
        { type: 'email' as const, name: 'Email', controlValues: { subject: 'Hi', body: 'Hi' } },
      ],
    },
  ],
};

function setup() {
  const engine = createMockEngine({
    seed: {
      ...seed,
      subscribers: seed.subscribers.map((subscriber) => ({
        ...subscriber,
        email: `${subscriber.subscriberId}@example.com`,
      })),
    },
    clockStart: '2026-01-01T00:00:00.000Z',
  });
  const scope = engine.scope('Development');
  const changes: InboxChange[] = [];
  const stop = engineInboxChanges(engine).subscribe((change) => changes.push(change));
  const trigger = (name: string, to: string) =>
    engine.operations['events.trigger'](scope, { body: { name, to } });
  return { engine, scope, changes, stop, trigger };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('engineInboxChanges', () => {
  it('announces an in-app delivery with the stored message and the counts, once the operation ended', async () => {
    const { scope, changes, trigger } = setup();
    trigger('alert', 'ada');
    expect(changes).toEqual([]);
    await tick();
    expect(changes).toHaveLength(1);
    const [change] = changes as [Extract<InboxChange, { kind: 'received' }>];
    expect(change).toMatchObject({
      kind: 'received',
      environment: scope.environment._id,
      subscriberId: 'ada',
      counts: { unseen: 1, unread: 1, unreadBySeverity: { high: 1, medium: 0, low: 0, none: 0 } },
    });
    expect(change.notification).toMatchObject({
      channel: 'in_app',
      content: 'Hello Ada',
      read: false,
      seen: false,
      archived: false,
      subscriber: { subscriberId: 'ada' },
    });
  });

  it('announces nothing for other channels, and only to the subscriber delivered to', async () => {
    const { changes, trigger } = setup();
    trigger('mail-only', 'ada');
    trigger('alert', 'grace');
    await tick();
    expect(changes.map((change) => [change.kind, change.subscriberId])).toEqual([
      ['received', 'grace'],
    ]);
  });

  it('announces a trigger to several subscribers to each, with their own counts', async () => {
    const { engine, scope, changes } = setup();
    engine.operations['events.trigger'](scope, { body: { name: 'alert', to: 'ada' } });
    await tick();
    changes.length = 0;
    engine.operations['events.trigger'](scope, { body: { name: 'alert', to: ['ada', 'grace'] } });
    await tick();
    expect(
      changes.map((change) => [change.kind, change.subscriberId, change.counts.unread]),
    ).toEqual([
      ['received', 'ada', 2],
      ['received', 'grace', 1],
    ]);
  });

  it('announces new counts when messages are marked', async () => {
    const { engine, scope, changes, trigger } = setup();
    trigger('alert', 'ada');
    trigger('alert', 'ada');
    await tick();
    const first = changes[0];
    const messageId = first?.kind === 'received' ? (first.notification as { _id: string })._id : '';
    engine.operations['subscribers.messages.markAs'](scope, {
      params: { subscriberId: 'ada' },
      body: { messageId, markAs: 'read' },
    });
    await tick();
    expect(changes.at(-1)).toEqual({
      kind: 'counts',
      environment: scope.environment._id,
      subscriberId: 'ada',
      counts: { unseen: 1, unread: 1, unreadBySeverity: { high: 1, medium: 0, low: 0, none: 0 } },
    });
  });

  it('announces nothing after the listener stopped', async () => {
    const { changes, stop, trigger } = setup();
    stop();
    trigger('alert', 'ada');
    await tick();
    expect(changes).toEqual([]);
  });
});

describe('inboxCounts', () => {
  const message = (fields: Partial<MessageRecord> & { snoozedUntil?: string }) =>
    ({ read: false, seen: false, archived: false, _templateId: null, ...fields }) as MessageRecord;

  it('counts unseen and unread among the messages neither archived nor snoozed', () => {
    const counts = inboxCounts(
      [
        message({}),
        message({ seen: true, content: 'urgent', read: true }),
        message({ seen: true }),
        message({ seen: true, read: true }),
        message({ archived: true }),
        message({ snoozedUntil: '2026-01-02T00:00:00.000Z' }),
      ],
      (each) => (each.content === 'urgent' ? 'high' : 'none'),
    );
    expect(counts).toEqual({
      unseen: 1,
      unread: 2,
      unreadBySeverity: { high: 0, medium: 0, low: 0, none: 2 },
    });
  });
});
