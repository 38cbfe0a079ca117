// What the engine announces to a real-time layer, and the Inbox's preferences shaping the next
// delivery through the same store as the admin API.
import { describe, expect, it } from 'vitest';
import type { InboxChange } from '../../../mock-server/engine/inbox/inbox-changes';
import { journaled } from '../../../mock-server/engine/store/journal';
import { inbox, inboxEngine, listOf, sessionOf, trigger } from './inbox-helpers';

describe('inbox changes', () => {
  it('announces a delivery with the socket message, the notification and the counts', async () => {
    const engine = inboxEngine();
    const changes: InboxChange[] = [];
    engine.inbox.onChange((change) => changes.push(change));
    await trigger(engine, 'news', 'ada');
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change).toMatchObject({
      kind: 'received',
      subscriberId: 'ada',
      environment: { name: 'Development' },
      unreadCount: { total: 1, severity: { high: 1, medium: 0, low: 0, none: 0 } },
      unseenCount: 1,
      message: {
        content: 'News',
        read: false,
        seen: false,
        archived: false,
        channel: 'in_app',
        subscriber: { subscriberId: 'ada' },
      },
      notification: { body: 'News', isRead: false },
    });
  });

  it('announces new counts after a read, an archive and a delete, and nothing for a refused action', async () => {
    const engine = inboxEngine();
    await trigger(engine, 'news', 'ada');
    const token = await sessionOf(engine, 'ada');
    const [news] = (await listOf(engine, token)).data;
    const changes: InboxChange[] = [];
    const stop = engine.inbox.onChange((change) => changes.push(change));
    const id = news?.id ?? '';
    await inbox(engine, 'notifications.read', { token, params: { notificationId: id } });
    expect(changes.at(-1)).toMatchObject({
      kind: 'counts',
      unreadCount: { total: 0 },
      unseenCount: 0,
    });
    await inbox(engine, 'notifications.snooze', {
      token,
      params: { notificationId: id },
      body: { snoozeUntil: 'x' },
    });
    expect(changes).toHaveLength(1);
    await inbox(engine, 'notifications.delete', { token, params: { notificationId: id } });
    expect(changes).toHaveLength(2);
    stop();
    await trigger(engine, 'news', 'ada');
    expect(changes).toHaveLength(2);
  });

  it('announces nothing for an operation that was rolled back after it delivered', async () => {
    const engine = inboxEngine();
    const changes: InboxChange[] = [];
    engine.inbox.onChange((change) => changes.push(change));
    // The trigger delivers inside an outer journal that then fails: its writes are undone, and
    // the delivery it queued is never announced.
    expect(() =>
      journaled(
        () => {
          engine.operations['events.trigger'](engine.scope('Development'), {
            body: { name: 'news', to: 'ada' },
          });
          expect(engine.scope('Development').data.messages).toHaveLength(1);
          throw new Error('after the delivery');
        },
        () => {},
      ),
    ).toThrow('after the delivery');
    expect(engine.scope('Development').data.messages).toHaveLength(0);
    expect(changes).toHaveLength(0);
    await trigger(engine, 'news', 'ada');
    expect(changes).toHaveLength(1);
  });

  it('announces the return from a snooze as a delivery', async () => {
    const engine = inboxEngine();
    await trigger(engine, 'news', 'ada');
    const token = await sessionOf(engine, 'ada');
    const [news] = (await listOf(engine, token)).data;
    await inbox(engine, 'notifications.snooze', {
      token,
      params: { notificationId: news?.id ?? '' },
      body: { snoozeUntil: new Date(engine.clock.now() + 120000).toISOString() },
    });
    const changes: InboxChange[] = [];
    engine.inbox.onChange((change) => changes.push(change));
    engine.clock.advance('2m');
    expect(changes.map((change) => change.kind)).toStrictEqual(['received']);
  });

  it('announces the counts of a change any operation made to in-app messages, once per subscriber and commit', async () => {
    const engine = inboxEngine();
    await trigger(engine, 'welcome', 'ada', { name: 'Ada' });
    await trigger(engine, 'news', 'ada');
    const ids = engine.scope('Development').data.messages.map((message) => message._id);
    const changes: InboxChange[] = [];
    engine.inbox.onChange((change) => changes.push(change));
    // The admin API marks both: the messages table's writes are what is announced.
    engine.operations['subscribers.messages.markAs'](engine.scope('Development'), {
      params: { subscriberId: 'ada' },
      body: { messageId: ids, markAs: 'read' },
    });
    expect(changes).toMatchObject([
      { kind: 'counts', subscriberId: 'ada', unreadCount: { total: 0 }, unseenCount: 0 },
    ]);
  });

  it('announces the counts of the subscribers whose messages the admin API deleted by transaction', async () => {
    const engine = inboxEngine();
    await trigger(engine, 'news', 'ada');
    const transactionId = engine.scope('Development').data.messages[0]?.transactionId ?? '';
    await trigger(engine, 'news', 'grace');
    const changes: InboxChange[] = [];
    engine.inbox.onChange((change) => changes.push(change));
    engine.operations['messages.deleteByTransactionId'](engine.scope('Development'), {
      params: { transactionId },
      query: new URLSearchParams(),
    });
    expect(changes).toMatchObject([
      { kind: 'counts', subscriberId: 'ada', unreadCount: { total: 0 } },
    ]);
  });

  it('announces the counts after a mark-all that changed nothing, as the service does', () => {
    const engine = inboxEngine();
    const changes: InboxChange[] = [];
    engine.inbox.onChange((change) => changes.push(change));
    const changed = engine.operations['subscribers.messages.markAll'](engine.scope('Development'), {
      params: { subscriberId: 'ada' },
      body: { markAs: 'read' },
    });
    expect(changed).toBe(0);
    expect(changes).toMatchObject([{ kind: 'counts', subscriberId: 'ada', unseenCount: 0 }]);
  });

  it('announces nothing for a seed: seeded messages are data set up, not deliveries', () => {
    const engine = inboxEngine();
    const changes: InboxChange[] = [];
    engine.inbox.onChange((change) => changes.push(change));
    engine.seed({ messages: [{ subscriberId: 'ada', channel: 'in_app', content: 'Seeded' }] });
    expect(engine.scope('Development').data.messages).toHaveLength(1);
    expect(changes).toEqual([]);
  });

  it('keeps going when a listener throws', async () => {
    const engine = inboxEngine();
    const seen: string[] = [];
    const original = console.error;
    console.error = () => {};
    try {
      engine.inbox.onChange(() => {
        throw new Error('boom');
      });
      engine.inbox.onChange((change) => seen.push(change.kind));
      await trigger(engine, 'news', 'ada');
    } finally {
      console.error = original;
    }
    expect(seen).toStrictEqual(['received']);
  });
});

describe('inbox preferences', () => {
  it('lists the global level and each non-critical workflow with the channels it uses', async () => {
    const engine = inboxEngine();
    const token = await sessionOf(engine, 'ada');
    const answer = await inbox(engine, 'preferences.list', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject([
      { level: 'global', enabled: true, channels: { in_app: true } },
      {
        level: 'template',
        channels: { in_app: true },
        workflow: { identifier: 'welcome', tags: ['onboarding'] },
      },
      {
        level: 'template',
        channels: { in_app: true },
        workflow: { identifier: 'news', severity: 'high' },
      },
    ]);
    const tagged = await inbox(engine, 'preferences.list', { token, query: 'tags[]=news' });
    expect(
      tagged.body.data.map(
        (entry: { workflow?: { identifier: string } }) => entry.workflow?.identifier,
      ),
    ).toStrictEqual([undefined, 'news']);
    expect(
      (await inbox(engine, 'preferences.list', { token, query: 'severity[]=urgent' })).status,
    ).toBe(422);
  });

  it('turning a workflow off in the Inbox stops its next delivery and shows in the admin API', async () => {
    const engine = inboxEngine();
    const token = await sessionOf(engine, 'ada');
    const answer = await inbox(engine, 'preferences.updateWorkflow', {
      token,
      params: { workflowId: 'news' },
      body: { in_app: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ level: 'template', channels: { in_app: false } });
    await trigger(engine, 'news', 'ada');
    await trigger(engine, 'welcome', 'ada', { name: 'Ada' });
    expect((await listOf(engine, token)).data.map((n) => n['body'])).toStrictEqual(['Welcome Ada']);
    const admin = engine.operations['subscribers.preferences.list'](engine.scope('Development'), {
      params: { subscriberId: 'ada' },
    });
    expect(
      admin.workflows.find((entry) => entry.workflow.identifier === 'news')?.channels,
    ).toStrictEqual({ in_app: false });
  });

  it('sets the global level with a schedule, and bulk-updates workflows', async () => {
    const engine = inboxEngine();
    const token = await sessionOf(engine, 'ada');
    const schedule = {
      isEnabled: true,
      weeklySchedule: {
        monday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
      },
    };
    const global = await inbox(engine, 'preferences.update', {
      token,
      body: { in_app: false, schedule },
    });
    expect(global.status).toBe(200);
    expect(global.body.data).toMatchObject({
      level: 'global',
      channels: { in_app: false },
      schedule,
    });
    expect((await inbox(engine, 'preferences.global', { token })).body.data).toMatchObject({
      schedule,
    });
    const bulk = await inbox(engine, 'preferences.bulkUpdate', {
      token,
      body: {
        preferences: [
          { workflowId: 'news', in_app: true },
          { workflowId: 'welcome', in_app: true },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.map((entry: { channels: unknown }) => entry.channels)).toStrictEqual([
      { in_app: true },
      { in_app: true },
    ]);
  });

  it('answers an unknown workflow with 404 and a malformed change with 422, changing nothing', async () => {
    const engine = inboxEngine();
    const token = await sessionOf(engine, 'ada');
    const unknown = await inbox(engine, 'preferences.updateWorkflow', {
      token,
      params: { workflowId: 'ghost' },
      body: { in_app: false },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Workflow cannot be found');
    expect(
      (
        await inbox(engine, 'preferences.updateWorkflow', {
          token,
          params: { workflowId: 'news' },
          body: { in_app: 'no' },
        })
      ).status,
    ).toBe(422);
    const halfBad = await inbox(engine, 'preferences.bulkUpdate', {
      token,
      body: {
        preferences: [
          { workflowId: 'news', in_app: false },
          { workflowId: 'ghost', in_app: false },
        ],
      },
    });
    expect(halfBad.status).toBe(404);
    expect(engine.scope('Development').data.preferences.size).toBe(0);
  });

  it('applies a session defaultSchedule only to a subscriber without a schedule', async () => {
    const engine = inboxEngine();
    const first = { isEnabled: true, weeklySchedule: { monday: { isEnabled: true } } };
    const token = await sessionOf(engine, 'ada', { defaultSchedule: first });
    await sessionOf(engine, 'ada', { defaultSchedule: { isEnabled: false } });
    expect((await inbox(engine, 'preferences.global', { token })).body.data.schedule).toStrictEqual(
      first,
    );
  });
});
