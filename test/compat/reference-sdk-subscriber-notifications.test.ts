// The reference SDK (@novu/api, strict response validation as it ships) runs its
// `subscribers.notifications` functions (the 16 of the v2 API, the v1 feed and unseen count), its
// v1 `subscribers.messages.markAll` / `updateAsSeen` and `subscribers.properties.updateOnlineFlag`
// against the engine's handlers (docs/behaviour/subscribers.md#notifications): each answer passes
// its validation.
import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }],
    workflows: [
      {
        workflowId: 'welcome',
        tags: ['onboarding'],
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: {
              subject: 'Welcome',
              body: 'Hi {{subscriber.firstName}}',
              primaryAction: { label: 'Go', redirect: { url: '/go' } },
              secondaryAction: { label: 'Later' },
            },
          },
        ],
      },
    ],
  },
});
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

async function delivered(): Promise<string> {
  await novu().trigger({ workflowId: 'welcome', to: 'ada', payload: {} });
  const list = await novu().subscribers.notifications.list({ subscriberId: 'ada' });
  return list.result.data[0]?.id ?? '';
}

describe('@novu/api subscribers.notifications against the engine', () => {
  it('lists and counts', async () => {
    const id = await delivered();
    const list = await novu().subscribers.notifications.list({
      subscriberId: 'ada',
      limit: 5,
      read: false,
    });
    expect(list.result.data.map((n) => [n.id, n.body, n.severity])).toEqual([
      [id, 'Hi Ada', 'none'],
    ]);
    expect(list.result.hasMore).toBe(false);
    const counts = await novu().subscribers.notifications.count(
      'ada',
      JSON.stringify([{ read: false }, { archived: true }]),
    );
    expect(counts.result.map((count) => count.count)).toEqual([1, 0]);
  });

  it('runs every one-notification action', async () => {
    const id = await delivered();
    const request = { subscriberId: 'ada', notificationId: id };
    const notifications = novu().subscribers.notifications;
    expect((await notifications.markAsRead(request)).result.isRead).toBe(true);
    expect((await notifications.markAsUnread(request)).result.isRead).toBe(false);
    expect((await notifications.archive(request)).result.isArchived).toBe(true);
    expect((await notifications.unarchive(request)).result.isArchived).toBe(false);
    const snoozed = await notifications.snooze({
      ...request,
      snoozeSubscriberNotificationDto: { snoozeUntil: new Date(engine.clock.now() + 3_600_000) },
    });
    expect(snoozed.result.isSnoozed).toBe(true);
    expect((await notifications.unsnooze(request)).result.isSnoozed).toBe(false);
    const done = await notifications.completeAction({ ...request, actionType: 'primary' });
    expect(done.result.primaryAction?.isCompleted).toBe(true);
    const reverted = await notifications.revertAction({ ...request, actionType: 'primary' });
    expect(reverted.result.primaryAction?.isCompleted).toBe(false);
    await notifications.delete(request);
    expect(engine.scope('Development').data.messages).toHaveLength(0);
  });

  it('runs every bulk action', async () => {
    const id = await delivered();
    const notifications = novu().subscribers.notifications;
    await notifications.markAsSeen({ notificationIds: [id] }, 'ada');
    await notifications.markAllAsRead({ tags: {} }, 'ada');
    await notifications.archiveAllRead({}, 'ada');
    await notifications.archiveAll({}, 'ada');
    const [message] = engine.scope('Development').data.messages;
    expect(message).toMatchObject({ seen: true, read: true, archived: true });
    await notifications.deleteAll({}, 'ada');
    expect(engine.scope('Development').data.messages).toHaveLength(0);
  });

  it('counts unseen ones through the v1 route', async () => {
    await delivered();
    const unseen = await novu().subscribers.notifications.unseenCount({ subscriberId: 'ada' });
    expect(unseen.result.count).toBe(1);
  });

  it('reads the v1 feed, page by page and filtered by payload', async () => {
    await novu().trigger({ workflowId: 'welcome', to: 'ada', payload: { plan: 'pro' } });
    await novu().trigger({ workflowId: 'welcome', to: 'ada', payload: { plan: 'free' } });
    const feed = await novu().subscribers.notifications.feed({ subscriberId: 'ada', limit: 1 });
    expect(feed.result).toMatchObject({ page: 0, pageSize: 1, totalCount: 1, hasMore: true });
    expect(feed.result.data[0]).toMatchObject({ content: 'Hi Ada', payload: { plan: 'free' } });
    expect(feed.result.data[0]?.subscriber?.subscriberId).toBe('ada');
    const pro = await novu().subscribers.notifications.feed({
      subscriberId: 'ada',
      payload: btoa(JSON.stringify({ plan: 'pro' })),
    });
    expect(pro.result.data.map((item) => item.payload)).toEqual([{ plan: 'pro' }]);
  });

  it('reads a seeded message in the v1 feed: it names a workflow and a job, as the SDK requires', async () => {
    const seeded = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        messages: [{ subscriberId: 'ada', content: 'Seeded' }],
      },
    });
    const feed = await referenceSdk(seeded)().subscribers.notifications.feed({
      subscriberId: 'ada',
    });
    expect(feed.result.data[0]).toMatchObject({
      content: 'Seeded',
      templateId: expect.stringMatching(/^[0-9a-f]{24}$/),
      jobId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
  });

  it('marks every message through the v1 mark-all, and records a button click', async () => {
    const id = await delivered();
    const marked = await novu().subscribers.messages.markAll({ markAs: 'seen' }, 'ada');
    expect(marked.result).toBe(1);
    const clicked = await novu().subscribers.messages.updateAsSeen({
      subscriberId: 'ada',
      messageId: id,
      type: 'primary',
      markMessageActionAsSeenDto: { status: 'done', payload: { accepted: true } },
    });
    expect(clicked.result.cta.action?.status).toBe('done');
    // The SDK's type of the payload has no fields: it sends `{}`, which the message stores.
    expect(clicked.result.cta.action?.result).toEqual({ type: 'primary', payload: {} });
    expect(clicked.result.seen).toBe(true);
  });

  it('sets the online flag', async () => {
    const offline = await novu().subscribers.properties.updateOnlineFlag(
      { isOnline: false },
      'ada',
    );
    expect(offline.result.isOnline).toBe(false);
    expect(offline.result.lastOnlineAt).toBe(new Date(engine.clock.now()).toISOString());
    const online = await novu().subscribers.properties.updateOnlineFlag({ isOnline: true }, 'ada');
    expect(online.result.isOnline).toBe(true);
  });
});
