// /v2/subscribers/{subscriberId}/notifications over HTTP (msw): the service's statuses and error
// texts, 204s without a body, and one set of messages with the Inbox (/v1/inbox) and its socket
// announcements (docs/behaviour/subscribers.md#notifications).
import { describe, expect, it } from 'vitest';
import type { InboxChange } from '../../mock-server/engine/inbox/inbox-changes';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    workflows: [
      {
        workflowId: 'news',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'News' } }],
      },
      {
        workflowId: 'with-data',
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: { body: 'Plan', data: { plan: 'pro' } },
          },
        ],
      },
    ],
  },
});

const base = '/v2/subscribers/ada/notifications';

function deliver(to = 'ada', environment = 'Development') {
  engine.operations['events.trigger'](engine.scope(environment), { body: { name: 'news', to } });
}

async function firstId(): Promise<string> {
  const list = await call('GET', base);
  return list.body.data[0].id;
}

async function session(subscriberId = 'ada') {
  const reply = await call('POST', '/v1/inbox/session', {
    key: null,
    body: { applicationIdentifier: engine.environment('Development').identifier, subscriberId },
  });
  return { key: null, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
}

describe('/v2/subscribers/{subscriberId}/notifications over HTTP', () => {
  it('answers the list whole, the counts in { data }, actions in { data } and bulk actions with 204', async () => {
    deliver();
    const list = await call('GET', `${base}?limit=5`);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body).sort()).toEqual(['data', 'filter', 'hasMore']);
    const counts = await call(
      'GET',
      `${base}/count?filters=${encodeURIComponent('[{"read":false}]')}`,
    );
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ data: [{ count: 1, filter: { read: false } }] });
    const id = list.body.data[0].id;
    const read = await call('PATCH', `${base}/${id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, isRead: true });
    const bulk = await call('POST', `${base}/archive`, { body: {} });
    expect(bulk.status).toBe(204);
    expect(bulk.body).toBeUndefined();
    const deleted = await call('DELETE', `${base}/${id}`);
    expect(deleted.status).toBe(204);
    expect(engine.scope('Development').data.messages).toHaveLength(0);
  });

  it('answers 404 for an unknown subscriber, another environment’s, and another subscriber’s notification', async () => {
    const production = engine.scope('Production');
    engine.operations['subscribers.create'](production, { body: { subscriberId: 'ada' } });
    engine.operations['workflows.create'](production, {
      body: {
        name: 'News',
        workflowId: 'news',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'News' } }],
      },
    });
    deliver('ada', 'Production');
    deliver('grace');
    const graceId = engine.scope('Development').data.messages[0]?._id;
    const unknown = await call('GET', '/v2/subscribers/nobody/notifications');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Subscriber not found for id nobody');
    const prodId = engine.scope('Production').data.messages[0]?._id;
    const foreignEnv = await call('PATCH', `${base}/${prodId}/read`);
    expect(foreignEnv.status).toBe(404);
    expect(foreignEnv.body.message).toBe(`Notification with id: ${prodId} is not found.`);
    const foreign = await call('PATCH', `${base}/${graceId}/archive`);
    expect(foreign.status).toBe(404);
    expect(engine.scope('Development').data.messages[0]).toMatchObject({ read: false });
  });

  it('refuses invalid bodies and ids with 422 and the service’s message, storing nothing', async () => {
    deliver();
    const id = await firstId();
    const before = structuredClone(engine.scope('Development').data.messages);
    const snooze = await call('PATCH', `${base}/${id}/snooze`, { body: { snoozeUntil: 'x' } });
    expect(snooze.status).toBe(422);
    expect(JSON.stringify(snooze.body)).toContain('snoozeUntil must be a Date instance');
    const malformed = await call('PATCH', `${base}/nope/unread`);
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.notificationId.messages).toEqual([
      'notificationId must be a mongodb id',
    ]);
    const action = await call('PATCH', `${base}/${id}/actions/tertiary/complete`);
    expect(action.status).toBe(422);
    const seen = await call('POST', `${base}/seen`, { body: { notificationIds: ['x'] } });
    expect(seen.status).toBe(422);
    const data = await call('POST', `${base}/read`, { body: { data: '{nope' } });
    expect(data.status).toBeGreaterThanOrEqual(400);
    expect(data.status).toBeLessThan(500);
    expect(engine.scope('Development').data.messages).toEqual(before);
  });

  it('is one set of messages with the Inbox: a read here shows there and is announced to its socket', async () => {
    deliver();
    const inbox = await session();
    const changes: InboxChange[] = [];
    const stop = engine.inbox.onChange((change) => changes.push(change));
    const id = await firstId();
    await call('PATCH', `${base}/${id}/read`);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'counts',
        subscriberId: 'ada',
        unreadCount: expect.objectContaining({ total: 0 }),
        unseenCount: 0,
      }),
    ]);
    const listed = await call('GET', '/v1/inbox/notifications', inbox);
    expect(listed.body.data[0]).toMatchObject({ id, isRead: true });
    // ...and the other way round: the Inbox's unread shows through the admin route.
    await call('PATCH', `/v1/inbox/notifications/${id}/unread`, inbox);
    expect((await call('GET', base)).body.data[0]).toMatchObject({ id, isRead: false });
    // A refused request announces nothing.
    await call('PATCH', `${base}/nope/read`);
    expect(changes).toHaveLength(2);
    stop();
  });

  it('reads bulk tags in the object form: { and: [{ or }] } groups, and {} as all', async () => {
    deliver();
    const none = await call('POST', `${base}/read`, {
      body: { tags: { and: [{ or: ['billing'] }] } },
    });
    expect(none.status).toBe(204);
    expect(engine.scope('Development').data.messages[0]).toMatchObject({ read: false });
    const bad = await call('POST', `${base}/read`, { body: { tags: { and: 'x' } } });
    expect(bad.status).toBe(422);
    await call('POST', `${base}/read`, { body: { tags: {} } });
    expect(engine.scope('Development').data.messages[0]).toMatchObject({ read: true });
  });

  it('answers the v1 unseen count in { data } and 400 for another environment’s subscriber', async () => {
    deliver();
    const reply = await call('GET', '/v1/subscribers/ada/notifications/unseen');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { count: 1 } });
    const production = engine.environment('Production').apiKey;
    const foreign = await call('GET', '/v1/subscribers/ada/notifications/unseen', {
      key: production,
    });
    expect(foreign.status).toBe(400);
    const bad = await call('GET', '/v1/subscribers/ada/notifications/unseen?seen=maybe');
    expect(bad.status).toBe(422);
  });

  it('answers a notification as the service’s interceptor does: whole when its data is set, else in { data }', async () => {
    engine.operations['events.trigger'](engine.scope('Development'), {
      body: { name: 'with-data', to: 'ada' },
    });
    deliver();
    const [news, withData] = (await call('GET', base)).body.data;
    const enveloped = await call('PATCH', `${base}/${news.id}/read`);
    expect(Object.keys(enveloped.body)).toEqual(['data']);
    expect(enveloped.body.data).toMatchObject({ id: news.id, isRead: true });
    const whole = await call('PATCH', `${base}/${withData.id}/read`);
    expect(whole.body).toMatchObject({ id: withData.id, isRead: true, data: { plan: 'pro' } });
  });
});

describe('the v1 routes over HTTP', () => {
  it('answers the feed whole, mark-all with 201 { data: n }, an action with 201 and the online flag with 200', async () => {
    deliver();
    const id = engine.scope('Development').data.messages[0]?._id;
    const feed = await call('GET', '/v1/subscribers/ada/notifications/feed?limit=5&read=false');
    expect(feed.status).toBe(200);
    expect(Object.keys(feed.body).sort()).toEqual([
      'data',
      'hasMore',
      'page',
      'pageSize',
      'totalCount',
    ]);
    expect(feed.body).toMatchObject({ totalCount: 1, hasMore: false, pageSize: 5, page: 0 });
    const marked = await call('POST', '/v1/subscribers/ada/messages/mark-all', {
      body: { markAs: 'read' },
    });
    expect(marked.status).toBe(201);
    expect(marked.body).toEqual({ data: 1 });
    const action = await call('POST', `/v1/subscribers/ada/messages/${id}/actions/primary`, {
      body: { status: 'done' },
    });
    expect(action.status).toBe(201);
    expect(action.body.data.cta.action).toMatchObject({
      status: 'done',
      result: { type: 'primary' },
    });
    const online = await call('PATCH', '/v1/subscribers/ada/online-status', {
      body: { isOnline: false },
    });
    expect(online.status).toBe(200);
    expect(online.body.data).toMatchObject({ subscriberId: 'ada', isOnline: false });
  });

  it('answers the service’s failures: another environment’s subscriber, bad queries and bodies, storing nothing', async () => {
    deliver();
    const before = structuredClone(engine.scope('Development').data.messages);
    const production = { key: engine.environment('Production').apiKey };
    const foreign = await call('GET', '/v1/subscribers/ada/notifications/feed', production);
    expect(foreign.status).toBe(400);
    const markAll = await call('POST', '/v1/subscribers/ada/messages/mark-all', {
      ...production,
      body: { markAs: 'read' },
    });
    expect(markAll.status).toBe(404);
    expect(markAll.body.message).toBe(
      `Subscriber ada does not exist in environment ${engine.environment('Production')._id}, please provide a valid subscriber identifier`,
    );
    const id = engine.scope('Development').data.messages[0]?._id;
    const otherEnvironment = await call(
      'POST',
      `/v1/subscribers/ada/messages/${id}/actions/primary`,
      {
        ...production,
        body: { status: 'done' },
      },
    );
    expect(otherEnvironment.status).toBe(404);
    expect(otherEnvironment.body.message).toBe(`Message ${id} not found`);
    for (const query of ['limit=0', 'limit=x', 'page=-1', 'read=maybe']) {
      const bad = await call('GET', `/v1/subscribers/ada/notifications/feed?${query}`);
      expect(bad.status, query).toBe(422);
    }
    const payload = await call('GET', '/v1/subscribers/ada/notifications/feed?payload=bm9wZQ==');
    expect(payload.status).toBe(400);
    const unknownMark = await call('POST', '/v1/subscribers/ada/messages/mark-all', {
      body: { markAs: 'archived' },
    });
    expect(unknownMark.body).toEqual({ data: 0 });
    const badFeeds = await call('POST', '/v1/subscribers/ada/messages/mark-all', {
      body: { markAs: 'read', feedIdentifier: 5 },
    });
    expect(badFeeds.status).toBe(422);
    const deep = await call('POST', `/v1/subscribers/ada/messages/${id}/actions/primary`, {
      body: { status: 'done', payload: JSON.parse(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`) },
    });
    expect(deep.status).toBeGreaterThanOrEqual(400);
    expect(deep.status).toBeLessThan(500);
    expect(engine.scope('Development').data.messages).toEqual(before);
  });
});
