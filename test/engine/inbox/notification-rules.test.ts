// The Inbox's notifications through the engine: list and filters, counts, actions, bulk actions,
// snooze on the virtual clock, and the one store the admin API shares.
import { describe, expect, it } from 'vitest';
import { inbox, inboxEngine, listOf, sessionOf, trigger } from './inbox-helpers';

async function withTwo() {
  const engine = inboxEngine();
  await trigger(engine, 'welcome', 'ada', { name: 'Ada', plan: 'pro' });
  engine.clock.advance('1m');
  await trigger(engine, 'news', 'ada');
  const token = await sessionOf(engine, 'ada');
  const [news, welcome] = (await listOf(engine, token)).data as { id: string }[];
  return { engine, token, news: news?.id ?? '', welcome: welcome?.id ?? '' };
}

const act = (
  engine: ReturnType<typeof inboxEngine>,
  token: string,
  action: string,
  id: string,
  body?: unknown,
) => inbox(engine, `notifications.${action}`, { token, params: { notificationId: id }, body });

describe('inbox list', () => {
  it("lists the subscriber's in-app notifications newest first, rendered from the step", async () => {
    const { engine, token } = await withTwo();
    const page = await listOf(engine, token);
    expect(page.hasMore).toBe(false);
    expect(page.data.map((notification) => notification['body'])).toStrictEqual([
      'News',
      'Welcome Ada',
    ]);
    expect(page.data[1]).toMatchObject({
      subject: 'Hi Ada',
      isRead: false,
      isSeen: false,
      isArchived: false,
      isSnoozed: false,
      deliveredAt: [expect.any(String)],
      channelType: 'in_app',
      tags: ['onboarding'],
      data: { plan: 'pro' },
      primaryAction: { label: 'Go', isCompleted: false, redirect: { url: '/go' } },
      workflow: { identifier: 'welcome', critical: false, severity: 'none' },
      severity: 'none',
      to: { subscriberId: 'ada' },
    });
    expect(page.data[0]).toMatchObject({ severity: 'high', workflow: { identifier: 'news' } });
    // The service's mapper leaves out the dates never set (apps/api/src/app/inbox/utils/notification-mapper.ts).
    for (const key of ['readAt', 'firstSeenAt', 'archivedAt']) {
      expect(page.data[1], key).not.toHaveProperty(key);
    }
  });

  it('pages with limit, after and offset', async () => {
    const { engine, token, news, welcome } = await withTwo();
    const first = await listOf(engine, token, 'limit=1');
    expect(first.data.map((n) => n.id)).toStrictEqual([news]);
    expect(first.hasMore).toBe(true);
    expect(
      (await listOf(engine, token, `limit=1&after=${news}`)).data.map((n) => n.id),
    ).toStrictEqual([welcome]);
    expect((await listOf(engine, token, 'offset=1')).data.map((n) => n.id)).toStrictEqual([
      welcome,
    ]);
  });

  it('filters by tags, read, seen, data, severity and creation time, and echoes the filter', async () => {
    const { engine, token, news, welcome } = await withTwo();
    const ids = async (query: string) => (await listOf(engine, token, query)).data.map((n) => n.id);
    expect(await ids('tags[]=news')).toStrictEqual([news]);
    expect(await ids('tags[0][]=news&tags[1][]=onboarding')).toStrictEqual([]);
    expect(await ids('severity[]=high')).toStrictEqual([news]);
    expect(
      await ids(`data=${encodeURIComponent(JSON.stringify({ plan: ['pro', 'team'] }))}`),
    ).toStrictEqual([welcome]);
    const created = Date.parse(engine.clock.iso());
    expect(await ids(`createdGte=${created}`)).toStrictEqual([news]);
    expect(await ids(`createdLte=${created - 1}`)).toStrictEqual([welcome]);
    await act(engine, token, 'read', news);
    expect(await ids('read=true')).toStrictEqual([news]);
    expect(await ids('seen=false')).toStrictEqual([welcome]);
    expect((await listOf(engine, token, 'read=false&tags[]=news')).filter).toStrictEqual({
      tags: ['news'],
      read: false,
    });
    expect(
      (await listOf(engine, token, 'tags[0][]=news&tags[1][]=onboarding')).filter,
    ).toStrictEqual({ tags: [['news'], ['onboarding']] });
  });

  it("refuses a bad page or filter with the service's errors, never a 500", async () => {
    const { engine, token } = await withTwo();
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=x',
      'after=zzz',
      'offset=-1',
      'read=maybe',
      'severity[]=urgent',
    ]) {
      const answer = await inbox(engine, 'notifications.list', { token, query });
      expect(answer.status, query).toBe(422);
    }
    // The usecases parse `data` themselves and refuse with 400 (docs/behaviour/inbox.md).
    for (const [query, message] of [
      ['data=%7Bnope', 'Invalid JSON format for data parameter'],
      ['data=%5B1%5D', 'Data must be an object'],
    ] as const) {
      const answer = await inbox(engine, 'notifications.list', { token, query });
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
    }
    const unsupported = await inbox(engine, 'notifications.list', {
      token,
      query: 'read=false&archived=true',
    });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.message).toBe(
      'Filtering for unread and archived notifications is not supported.',
    );
  });
});

describe('inbox counts', () => {
  it('counts each filter, at most 30 filters', async () => {
    const { engine, token, news } = await withTwo();
    await act(engine, token, 'read', news);
    const filters = JSON.stringify([{ read: false }, { read: true }, { tags: ['news'] }, {}]);
    const answer = await inbox(engine, 'notifications.count', {
      token,
      query: `filters=${encodeURIComponent(filters)}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((entry: { count: number }) => entry.count)).toStrictEqual([
      1, 1, 1, 2,
    ]);
    expect(answer.body.data[2].filter).toStrictEqual({ tags: ['news'] });
    const tooMany = JSON.stringify(Array.from({ length: 31 }, () => ({})));
    const refused = await inbox(engine, 'notifications.count', {
      token,
      query: `filters=${encodeURIComponent(tooMany)}`,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.general.messages).toStrictEqual([
      'filters must contain no more than 30 elements',
    ]);
    for (const query of ['', 'filters=nope', 'filters=%7B%7D', 'filters=%5B%5D']) {
      expect((await inbox(engine, 'notifications.count', { token, query })).status, query).toBe(
        422,
      );
    }
  });
});

describe('inbox actions', () => {
  it('reads, unreads, archives and unarchives, stamping the times', async () => {
    const { engine, token, welcome } = await withTwo();
    engine.clock.advance('1m');
    const at = engine.clock.iso();
    const read = await act(engine, token, 'read', welcome);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: welcome,
      isRead: true,
      isSeen: true,
      readAt: at,
      firstSeenAt: at,
    });
    expect((await act(engine, token, 'unread', welcome)).body.data).toMatchObject({
      isRead: false,
      readAt: null,
      isSeen: true,
    });
    expect((await act(engine, token, 'archive', welcome)).body.data).toMatchObject({
      isArchived: true,
      archivedAt: at,
      isRead: true,
    });
    expect((await act(engine, token, 'unarchive', welcome)).body.data).toMatchObject({
      isArchived: false,
      archivedAt: null,
    });
  });

  it('completes and reverts an action the notification has, refusing one it has not', async () => {
    const { engine, token, welcome, news } = await withTwo();
    const done = await act(engine, token, 'complete', welcome, { actionType: 'primary' });
    expect(done.body.data.primaryAction).toMatchObject({ isCompleted: true });
    const reverted = await act(engine, token, 'revert', welcome, { actionType: 'primary' });
    expect(reverted.body.data.primaryAction).toMatchObject({ isCompleted: false });
    expect((await act(engine, token, 'complete', welcome, { actionType: 'third' })).status).toBe(
      422,
    );
    expect((await act(engine, token, 'complete', news, { actionType: 'primary' })).status).toBe(
      400,
    );
  });

  it("answers another subscriber's notification or a malformed id as the service, changing nothing", async () => {
    const { engine, welcome } = await withTwo();
    const grace = await sessionOf(engine, 'grace');
    const other = await act(engine, grace, 'read', welcome);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(`Notification with id: ${welcome} is not found.`);
    expect((await act(engine, grace, 'read', 'not-an-id')).status).toBe(422);
    expect(
      (
        await inbox(engine, 'notifications.delete', {
          token: grace,
          params: { notificationId: welcome },
        })
      ).status,
    ).toBe(404);
    expect(engine.scope('Development').data.messages.every((message) => !message.read)).toBe(true);
  });

  it('deletes a notification from the Inbox and from GET /v1/messages', async () => {
    const { engine, token, welcome } = await withTwo();
    const answer = await inbox(engine, 'notifications.delete', {
      token,
      params: { notificationId: welcome },
    });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    expect((await listOf(engine, token)).data.map((n) => n.id)).not.toContain(welcome);
    const admin = engine.operations['messages.list'](engine.scope('Development'));
    expect(admin.data.map((message) => message._id)).not.toContain(welcome);
  });
});

describe('inbox snooze', () => {
  it('hides a snoozed notification until the clock reaches its end, then delivers it again', async () => {
    const { engine, token, welcome } = await withTwo();
    const until = new Date(engine.clock.now() + 60 * 60 * 1000).toISOString();
    const snoozed = await act(engine, token, 'snooze', welcome, { snoozeUntil: until });
    expect(snoozed.body.data).toMatchObject({ isSnoozed: true, snoozedUntil: until });
    expect((await listOf(engine, token)).data.map((n) => n.id)).not.toContain(welcome);
    expect((await listOf(engine, token, 'snoozed=true')).data.map((n) => n.id)).toStrictEqual([
      welcome,
    ]);
    engine.clock.advance('1h');
    const back = (await listOf(engine, token)).data.find((n) => n.id === welcome);
    expect(back).toMatchObject({ isSnoozed: false });
    expect(back?.['deliveredAt']).toHaveLength(2);
    expect(back?.['deliveredAt']).toStrictEqual([expect.any(String), until]);
  });

  it('unsnoozes at once with a new delivery, and the clock then has nothing to end', async () => {
    const { engine, token, welcome } = await withTwo();
    const until = new Date(engine.clock.now() + 60 * 60 * 1000).toISOString();
    await act(engine, token, 'snooze', welcome, { snoozeUntil: until });
    const back = await act(engine, token, 'unsnooze', welcome);
    expect(back.body.data).toMatchObject({ isSnoozed: false });
    expect(back.body.data.deliveredAt).toHaveLength(2);
    expect(engine.scope('Development').state.scheduled).toHaveLength(0);
  });

  it('refuses a snooze too soon, too far or unreadable', async () => {
    const { engine, token, welcome } = await withTwo();
    const soon = await act(engine, token, 'snooze', welcome, {
      snoozeUntil: new Date(engine.clock.now() + 1000).toISOString(),
    });
    expect(soon.status).toBe(422);
    expect(soon.body.errors.general.messages).toStrictEqual([
      'Snooze time must be at least 60 seconds in the future',
    ]);
    const far = await act(engine, token, 'snooze', welcome, {
      snoozeUntil: new Date(engine.clock.now() + 91 * 86400000).toISOString(),
    });
    expect(far.status).toBe(402);
    expect(far.body.message).toBe('Snooze Duration Limit Exceeded');
    expect((await act(engine, token, 'snooze', welcome, { snoozeUntil: 'later' })).status).toBe(
      422,
    );
    expect(
      engine
        .scope('Development')
        .data.messages.every((message) => message.snoozedUntil === undefined),
    ).toBe(true);
  });
});

describe('inbox bulk actions', () => {
  it('reads, archives, archives the read, marks seen and deletes by tags', async () => {
    const { engine, token, news, welcome } = await withTwo();
    const bulk = (action: string, body: unknown) =>
      inbox(engine, `notifications.${action}`, { token, body });
    expect((await bulk('markAsSeen', { notificationIds: [welcome] })).status).toBe(204);
    expect((await listOf(engine, token, 'seen=true')).data.map((n) => n.id)).toStrictEqual([
      welcome,
    ]);
    expect((await bulk('readAll', { tags: ['news'] })).status).toBe(204);
    expect((await listOf(engine, token, 'read=true')).data.map((n) => n.id)).toStrictEqual([news]);
    expect((await bulk('archiveAllRead', {})).status).toBe(204);
    expect((await listOf(engine, token, 'archived=true')).data.map((n) => n.id)).toStrictEqual([
      news,
    ]);
    expect((await bulk('archiveAll', { data: JSON.stringify({ plan: 'pro' }) })).status).toBe(204);
    expect((await listOf(engine, token, 'archived=false')).data).toStrictEqual([]);
    expect((await bulk('deleteAll', {})).status).toBe(204);
    expect(engine.scope('Development').data.messages).toHaveLength(0);
    expect((await bulk('markAsSeen', { notificationIds: ['bad'] })).status).toBe(422);
  });
});

describe('one store', () => {
  it('shows the admin mark-as in the Inbox and the Inbox read in GET /v1/messages', async () => {
    const { engine, token, news, welcome } = await withTwo();
    engine.operations['subscribers.messages.markAs'](engine.scope('Development'), {
      params: { subscriberId: 'ada' },
      body: { messageId: [welcome], markAs: 'read' },
    });
    expect((await listOf(engine, token, 'read=true')).data.map((n) => n.id)).toStrictEqual([
      welcome,
    ]);
    await act(engine, token, 'archive', news);
    const admin = engine.operations['messages.list'](engine.scope('Development'));
    expect(admin.data.find((message) => message._id === news)).toMatchObject({
      read: true,
      seen: true,
      archived: true,
      archivedAt: engine.clock.iso(),
      firstSeenDate: engine.clock.iso(),
    });
  });

  it('removes a message the admin API deleted from the Inbox', async () => {
    const { engine, token, welcome } = await withTwo();
    engine.operations['messages.delete'](engine.scope('Development'), {
      params: { messageId: welcome },
    });
    expect((await listOf(engine, token)).data.map((n) => n.id)).not.toContain(welcome);
  });
});

describe('isolation', () => {
  it('shows each subscriber only their own notifications, and each environment its own', async () => {
    const { engine } = await withTwo();
    await trigger(engine, 'news', 'grace');
    const grace = await sessionOf(engine, 'grace');
    expect((await listOf(engine, grace)).data.map((n) => n['body'])).toStrictEqual(['News']);
    const production = await sessionOf(engine, 'ada', {}, 'Production');
    expect((await listOf(engine, production)).data).toStrictEqual([]);
  });
});
