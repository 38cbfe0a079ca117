// The Inbox routes over HTTP (msw): the service's status codes and error body, the envelope,
// 204s without a body, and hostile input answered without a 500.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    workflows: [
      {
        workflowId: 'news',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'News' } }],
      },
    ],
  },
});

async function session(subscriberId = 'ada') {
  const reply = await call('POST', '/v1/inbox/session', {
    key: null,
    body: { applicationIdentifier: engine.environment('Development').identifier, subscriberId },
  });
  expect(reply.status).toBe(201);
  return reply.body.data.token as string;
}

const bearer = (token: string) => ({ key: null, headers: { Authorization: `Bearer ${token}` } });

describe('/v1/inbox over HTTP', () => {
  it('answers the session in { data } without an API key', async () => {
    const reply = await call('POST', '/v1/inbox/session', {
      key: null,
      body: {
        applicationIdentifier: engine.environment('Development').identifier,
        subscriberId: 'ada',
      },
    });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toStrictEqual(['data']);
  });

  it('answers the list whole ({ data, hasMore, filter }) and a 401 in the service error body', async () => {
    const token = await session();
    const list = await call('GET', '/v1/inbox/notifications?limit=5', bearer(token));
    expect(list.status).toBe(200);
    expect(list.body).toStrictEqual({ data: [], hasMore: false, filter: {} });
    const refused = await call('GET', '/v1/inbox/notifications', { key: null });
    expect(refused.status).toBe(401);
    expect(refused.body).toStrictEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Unauthorized',
      timestamp: expect.any(String),
      path: '/v1/inbox/notifications',
      ctx: { error: 'Unauthorized', statusCode: 401 },
    });
  });

  it('does not take an API key for a session token', async () => {
    const reply = await call('GET', '/v1/inbox/notifications');
    expect(reply.status).toBe(401);
  });

  it('answers bulk actions and deletes with 204 and no body', async () => {
    const token = await session();
    engine.operations['events.trigger'](engine.scope('Development'), {
      body: { name: 'news', to: 'ada' },
    });
    const [message] = engine.scope('Development').data.messages;
    const read = await call('POST', '/v1/inbox/notifications/read', { ...bearer(token), body: {} });
    expect(read.status).toBe(204);
    expect(read.body).toBeUndefined();
    const deleted = await call(
      'DELETE',
      `/v1/inbox/notifications/${message?._id}/delete`,
      bearer(token),
    );
    expect(deleted.status).toBe(204);
    expect(engine.scope('Development').data.messages).toHaveLength(0);
  });

  it('answers hostile input with the service errors, never a 500', async () => {
    const token = await session();
    const attempts: [string, string, Record<string, unknown>][] = [
      [
        'POST',
        '/v1/inbox/session',
        { key: null, rawBody: '{nope', headers: { 'Content-Type': 'application/json' } },
      ],
      ['POST', '/v1/inbox/session', { key: null, body: [] }],
      [
        'POST',
        '/v1/inbox/session',
        { key: null, body: { applicationIdentifier: { $ne: 1 }, subscriberId: 'x' } },
      ],
      [
        'POST',
        '/v1/inbox/session',
        {
          key: null,
          body: {
            applicationIdentifier: engine.environment('Development').identifier,
            subscriber: 42,
          },
        },
      ],
      [
        'POST',
        '/v1/inbox/session',
        {
          key: null,
          body: {
            applicationIdentifier: engine.environment('Development').identifier,
            subscriberId: 'ada',
            context: 'x',
          },
        },
      ],
      ['GET', '/v1/inbox/notifications?data=%5B%5D', bearer(token)],
      [
        'GET',
        `/v1/inbox/notifications/count?filters=${encodeURIComponent('[1,2]')}`,
        bearer(token),
      ],
      [
        'GET',
        `/v1/inbox/notifications/count?filters=${encodeURIComponent('['.repeat(200) + ']'.repeat(200))}`,
        bearer(token),
      ],
      ['PATCH', '/v1/inbox/notifications/%E0%A4%A/read', bearer(token)],
      [
        'PATCH',
        '/v1/inbox/notifications/64da692e9a94fb2e6449ad10/snooze',
        { ...bearer(token), body: { snoozeUntil: null } },
      ],
      ['PATCH', '/v1/inbox/preferences', { ...bearer(token), body: 'x' }],
      [
        'PATCH',
        '/v1/inbox/preferences/bulk',
        {
          ...bearer(token),
          body: { preferences: Array.from({ length: 101 }, () => ({ workflowId: 'news' })) },
        },
      ],
      [
        'POST',
        '/v1/inbox/topics/news/subscriptions',
        { ...bearer(token), body: { identifier: 42 } },
      ],
      ['PATCH', '/v1/inbox/subscriptions/none/preferences/news', { ...bearer(token), body: {} }],
    ];
    for (const [method, path, options] of attempts) {
      const reply = await call(method, path, options);
      expect(reply.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(reply.status, `${method} ${path}`).toBeLessThan(500);
      expect(typeof reply.body.message, `${method} ${path}`).toBe('string');
    }
  });
});
