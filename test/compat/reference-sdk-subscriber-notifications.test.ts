// The reference SDK (@novu/api, strict response validation as it ships) runs its 16
// `subscribers.notifications` functions of the v2 API against the engine's handlers
// (docs/behaviour/subscribers.md#notifications): each answer passes its validation.
import { Novu } from '@novu/api';
import { HTTPClient } from '@novu/api/lib/http.js';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';

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
const answer = createFetchHandler(engine, {
  onUnexpectedError: (error) => {
    throw error;
  },
});
afterEach(() => engine.reset());

/** The SDK's requests go straight to the engine's fetch handler: no network and no server. */
const httpClient = new HTTPClient({
  fetcher: async (input, init) =>
    answer(input instanceof Request ? input : new Request(input, init)),
});

const novu = () =>
  new Novu({
    secretKey: engine.environment('Development').apiKey,
    serverURL: 'https://api.svc.co',
    httpClient,
    retryConfig: { strategy: 'none' },
  });

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
});
