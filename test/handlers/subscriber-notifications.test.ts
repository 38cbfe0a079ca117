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
});
