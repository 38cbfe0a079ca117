// svc.subscribers.notifications (docs/behaviour/subscribers.md#notifications) through the real
// client against the engine, strict validation: the subscriber's Inbox reached with the API key.
import { NotFoundError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }, { subscriberId: 'grace' }],
    workflows: [
      {
        workflowId: 'welcome',
        tags: ['onboarding'],
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: {
              body: 'Hi {{subscriber.firstName}}',
              primaryAction: { label: 'Go', redirect: { url: '/go' } },
            },
          },
        ],
      },
      {
        workflowId: 'news',
        tags: ['news'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'News' } }],
      },
    ],
  },
});

async function deliver(name: string, to = 'ada') {
  await client().events.trigger({ name, to });
}

const stored = () => engine.scope('Development').data.messages;

describe('subscribers.notifications list and count', () => {
  it('lists the Inbox newest first with the filter echoed, and counts per filter', async () => {
    await deliver('welcome');
    await deliver('news');
    await deliver('news', 'grace');
    const svc = client();
    const page = await svc.subscribers.notifications.list('ada', { limit: 1 });
    expect(page.hasMore).toBe(true);
    expect(page.data.map((n) => [n.body, n.to.subscriberId])).toEqual([['News', 'ada']]);
    const next = await svc.subscribers.notifications.list('ada', { after: page.data[0]?.id ?? '' });
    expect(next.data.map((n) => n.body)).toEqual(['Hi Ada']);
    const onboarding = await svc.subscribers.notifications.list('ada', { tags: ['onboarding'] });
    expect(onboarding.filter).toEqual({ tags: ['onboarding'] });
    expect(onboarding.data).toHaveLength(1);
    const counts = await svc.subscribers.notifications.count('ada', {
      filters: JSON.stringify([{ read: false }, { tags: ['news'] }]),
    });
    expect(counts.map((count) => count.count)).toEqual([2, 1]);
  });

  it('answers 404 for an unknown subscriber and for another environment’s', async () => {
    const production = engine.scope('Production');
    engine.operations['subscribers.create'](production, { body: { subscriberId: 'prod-only' } });
    for (const subscriberId of ['nobody', 'prod-only']) {
      const error = await rejection(client().subscribers.notifications.list(subscriberId));
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toContain(
        `Subscriber not found for id ${subscriberId}`,
      );
    }
  });

  it('refuses a bad count filter with the service’s message', async () => {
    const error = await rejection(
      client().subscribers.notifications.count('ada', { filters: 'nope' }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).rawBody).toContain(
      'filters must be a valid JSON array',
    );
  });
});

describe('subscribers.notifications one-notification actions', () => {
  it('reads, unreads, archives, unarchives, snoozes and unsnoozes through the Inbox rules', async () => {
    await deliver('welcome');
    const svc = client();
    const [first] = (await svc.subscribers.notifications.list('ada')).data;
    const id = first?.id ?? '';
    expect(await svc.subscribers.notifications.markAsRead('ada', id)).toMatchObject({
      isRead: true,
      isSeen: true,
    });
    expect(await svc.subscribers.notifications.markAsUnread('ada', id)).toMatchObject({
      isRead: false,
    });
    expect(await svc.subscribers.notifications.archive('ada', id)).toMatchObject({
      isArchived: true,
      isRead: true,
    });
    expect(await svc.subscribers.notifications.unarchive('ada', id)).toMatchObject({
      isArchived: false,
    });
    const until = new Date(engine.clock.now() + 60 * 60 * 1000).toISOString();
    expect(
      await svc.subscribers.notifications.snooze('ada', id, { snoozeUntil: until }),
    ).toMatchObject({ isSnoozed: true, snoozedUntil: until });
    expect((await svc.subscribers.notifications.list('ada')).data).toHaveLength(0);
    expect(await svc.subscribers.notifications.unsnooze('ada', id)).toMatchObject({
      isSnoozed: false,
    });
  });

  it('completes and reverts an action, and deletes a notification', async () => {
    await deliver('welcome');
    const svc = client();
    const id = (await svc.subscribers.notifications.list('ada')).data[0]?.id ?? '';
    const done = await svc.subscribers.notifications.completeAction('ada', id, 'primary');
    expect(done.primaryAction).toMatchObject({ isCompleted: true });
    const reverted = await svc.subscribers.notifications.revertAction('ada', id, 'primary');
    expect(reverted.primaryAction).toMatchObject({ isCompleted: false });
    await expect(svc.subscribers.notifications.delete('ada', id)).resolves.toBeUndefined();
    expect(stored()).toHaveLength(0);
  });

  it('refuses another subscriber’s notification, a malformed id and a past snooze, changing nothing', async () => {
    await deliver('welcome');
    const svc = client();
    const id = (await svc.subscribers.notifications.list('ada')).data[0]?.id ?? '';
    const before = structuredClone(stored());
    const foreign = await rejection(svc.subscribers.notifications.markAsRead('grace', id));
    expect(foreign).toBeInstanceOf(NotFoundError);
    expect((foreign as Error).message).toContain(`Notification with id: ${id} is not found.`);
    const malformed = await rejection(svc.subscribers.notifications.archive('ada', 'nope'));
    expect(malformed).toBeInstanceOf(UnprocessableEntityError);
    const past = await rejection(
      svc.subscribers.notifications.snooze('ada', id, { snoozeUntil: '2000-01-01T00:00:00Z' }),
    );
    expect(past).toBeInstanceOf(UnprocessableEntityError);
    expect((past as UnprocessableEntityError).rawBody).toContain(
      'Snooze time must be at least 60 seconds in the future',
    );
    const noButton = await rejection(
      svc.subscribers.notifications.completeAction('ada', id, 'secondary'),
    );
    expect((noButton as { status: number }).status).toBe(400);
    expect(stored()).toEqual(before);
  });
});

describe('subscribers.notifications bulk actions', () => {
  it('marks seen, reads, archives read ones, archives and deletes what the body selects', async () => {
    await deliver('welcome');
    await deliver('news');
    const svc = client();
    const count = async (filter: Record<string, unknown>) =>
      (await svc.subscribers.notifications.count('ada', { filters: JSON.stringify([filter]) }))[0]
        ?.count;
    const [news] = (await svc.subscribers.notifications.list('ada', { tags: ['news'] })).data;
    await svc.subscribers.notifications.markAsSeen('ada', { notificationIds: [news?.id ?? ''] });
    expect(await count({ seen: false })).toBe(1);
    await svc.subscribers.notifications.markAllAsRead('ada', { tags: ['news'] });
    expect(await count({ read: false })).toBe(1);
    await svc.subscribers.notifications.archiveAllRead('ada', {});
    expect(await count({ archived: true })).toBe(1);
    await svc.subscribers.notifications.archiveAll('ada', {});
    expect(await count({ archived: true })).toBe(2);
    await svc.subscribers.notifications.deleteAll('ada', { tags: ['onboarding'] });
    expect(stored().map((message) => message.content)).toEqual(['News']);
  });

  it('refuses malformed ids and an unknown subscriber, changing nothing', async () => {
    await deliver('news');
    const before = structuredClone(stored());
    const svc = client();
    const bad = await rejection(
      svc.subscribers.notifications.markAsSeen('ada', { notificationIds: ['nope'] }),
    );
    expect(bad).toBeInstanceOf(UnprocessableEntityError);
    expect((bad as UnprocessableEntityError).rawBody).toContain(
      'each value in notificationIds must be a mongodb id',
    );
    const unknown = await rejection(svc.subscribers.notifications.deleteAll('nobody', {}));
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(stored()).toEqual(before);
  });
});

describe('subscribers.notifications.unseenCount (v1)', () => {
  it('counts unseen ones (or seen ones), up to the limit, and goes down with a seen', async () => {
    await deliver('welcome');
    await deliver('news');
    const svc = client();
    expect(await svc.subscribers.notifications.unseenCount('ada')).toEqual({ count: 2 });
    expect(await svc.subscribers.notifications.unseenCount('ada', { limit: 1 })).toEqual({
      count: 1,
    });
    await svc.subscribers.notifications.markAsSeen('ada', {});
    expect(await svc.subscribers.notifications.unseenCount('ada')).toEqual({ count: 0 });
    expect(await svc.subscribers.notifications.unseenCount('ada', { seen: true })).toEqual({
      count: 2,
    });
  });

  it('answers 400 for an unknown subscriber and 422 for a limit past 1000', async () => {
    const unknown = await rejection(client().subscribers.notifications.unseenCount('nobody'));
    expect((unknown as { status: number }).status).toBe(400);
    expect((unknown as Error).message).toBe(
      `Subscriber nobody is not exist in environment ${engine.environment('Development')._id}, please provide a valid subscriber identifier`,
    );
    const limit = await rejection(
      client().subscribers.notifications.unseenCount('ada', { limit: 1001 }),
    );
    expect(limit).toBeInstanceOf(UnprocessableEntityError);
  });
});
