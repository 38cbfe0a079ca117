// Subscriber create, bulk create, delete and credentials PUT/DELETE through the msw handlers with
// raw fetch (docs/behaviour/subscribers.md#create, #bulk-create, #delete, #credentials).
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', data: { plan: 'pro' } }],
    integrations: [
      { providerId: 'slack', channel: 'chat', active: true, identifier: 'slack-main' },
      { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-main' },
    ],
    topics: [{ key: 'news', subscribers: ['ada'] }],
    messages: [{ subscriberId: 'ada', content: 'hello' }],
    workflows: [
      {
        workflowId: 'welcome',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
    ],
  },
});

describe('POST /v2/subscribers', () => {
  it('creates a subscriber with 201 and the v2 shape', async () => {
    const reply = await call('POST', '/v2/subscribers', {
      body: { subscriberId: 'grace', email: 'grace@example.com', firstName: null },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({
      subscriberId: 'grace',
      email: 'grace@example.com',
      data: {},
      deleted: false,
      isOnline: null,
    });
    expect(reply.body.data.firstName).toBeUndefined();
    expect((await call('GET', '/v2/subscribers/grace')).status).toBe(200);
  });

  it('updates an existing subscriber with the given fields (data replaced, empty ones kept)', async () => {
    const reply = await call('POST', '/v2/subscribers', {
      body: { subscriberId: 'ada', lastName: 'Lovelace', firstName: '' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', data: {} });
  });

  it('answers 409 with failIfExists for an existing subscriber, changing nothing', async () => {
    const reply = await call('POST', '/v2/subscribers?failIfExists=true', {
      body: { subscriberId: 'ada', lastName: 'Other' },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('Subscriber with id "ada" already exists');
    expect((await call('GET', '/v2/subscribers/ada')).body.data.lastName).toBeUndefined();
    expect(
      (
        await call('POST', '/v2/subscribers?failIfExists=true', {
          body: { subscriberId: 'new-one' },
        })
      ).status,
    ).toBe(201);
  });

  it('validates the id and profile fields with 422', async () => {
    const reply = await call('POST', '/v2/subscribers', {
      body: { subscriberId: 'has space', email: 'nope', timezone: 'Mars/Base' },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.general.messages).toEqual([
      'SubscriberId must be a valid email address or a string of alphanumeric characters, hyphens, and underscores',
      'email must be an email',
      'timezone must be a valid IANA time-zone',
    ]);
    expect(
      (await call('POST', '/v2/subscribers', { body: { subscriberId: '  ' } })).body.errors.general
        .messages,
    ).toEqual(['SubscriberId is required']);
    expect((await call('POST', '/v2/subscribers', { body: {} })).status).toBe(422);
    expect((await call('GET', '/v2/subscribers/has space')).status).toBe(404);
  });
});

describe('POST /v1/subscribers/bulk', () => {
  it('reports created and updated subscribers in order', async () => {
    const reply = await call('POST', '/v1/subscribers/bulk', {
      body: {
        subscribers: [
          { subscriberId: 'ada', lastName: 'Lovelace' },
          { subscriberId: 'bob' },
          { subscriberId: 'bob', firstName: 'Bob' },
        ],
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toEqual({
      updated: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
      created: [{ subscriberId: 'bob' }],
      failed: [],
    });
    const ada = (await call('GET', '/v2/subscribers/ada')).body.data;
    expect(ada).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', data: { plan: 'pro' } });
    expect((await call('GET', '/v2/subscribers/bob')).body.data.firstName).toBe('Bob');
  });

  it('takes at most 500 subscribers and at least one', async () => {
    const many = Array.from({ length: 501 }, (_, index) => ({ subscriberId: `s-${index}` }));
    const tooMany = await call('POST', '/v1/subscribers/bulk', { body: { subscribers: many } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.general.messages).toEqual([
      'subscribers must contain no more than 500 elements',
    ]);
    const none = await call('POST', '/v1/subscribers/bulk', { body: { subscribers: [] } });
    expect(none.status).toBe(422);
    const five = await call('POST', '/v1/subscribers/bulk', {
      body: { subscribers: many.slice(0, 500) },
    });
    expect(five.body.data.created).toHaveLength(500);
  });

  it('rejects the whole batch when one item is invalid', async () => {
    const reply = await call('POST', '/v1/subscribers/bulk', {
      body: { subscribers: [{ subscriberId: 'fine' }, { subscriberId: 'bad', email: 'x' }] },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.general.messages).toEqual(['subscribers.1.email must be an email']);
    expect((await call('GET', '/v2/subscribers/fine')).status).toBe(404);
  });
});

describe('DELETE /v2/subscribers/{subscriberId}', () => {
  it('removes the subscriber, its subscriptions, preferences and messages; notifications stay', async () => {
    await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { channels: { in_app: false } },
    });
    const trigger = await call('POST', '/v1/events/trigger', {
      body: { name: 'welcome', to: 'ada' },
    });
    expect(trigger.status).toBe(201);
    const reply = await call('DELETE', '/v2/subscribers/ada');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ acknowledged: true, status: 'deleted' });
    expect((await call('GET', '/v2/subscribers/ada')).status).toBe(404);
    const { data } = engine.scope('Development');
    expect(data.subscriptions).toEqual([]);
    expect(data.messages).toEqual([]);
    expect(data.preferences.size).toBe(0);
    const feed = await call('GET', '/v1/notifications');
    expect(feed.body.data).toHaveLength(1);
    const topic = await call('GET', '/v2/topics/news/subscriptions');
    expect(topic.body.data).toEqual([]);
    const search = await call('GET', '/v2/subscribers');
    expect(search.body.data.map((item: { subscriberId: string }) => item.subscriberId)).toEqual([]);
  });

  it('answers 404 for an unknown subscriber', async () => {
    const reply = await call('DELETE', '/v2/subscribers/nobody');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({
      message: 'Subscriber was not found',
      externalSubscriberId: 'nobody',
    });
  });

  it('lets the same subscriberId be created again, without the old state', async () => {
    await call('DELETE', '/v2/subscribers/ada');
    const again = await call('POST', '/v2/subscribers', { body: { subscriberId: 'ada' } });
    expect(again.status).toBe(201);
    expect(again.body.data.firstName).toBeUndefined();
    const subscriptions = await call('GET', '/v2/subscribers/ada/subscriptions');
    expect(subscriptions.body.data).toEqual([]);
    const found = await call('GET', '/v2/subscribers?subscriberId=ada');
    expect(found.body.data).toHaveLength(1);
  });
});

describe('credentials PUT and DELETE', () => {
  it('PUT sets the provider credentials, replacing the tokens', async () => {
    await call('PUT', '/v1/subscribers/ada/credentials', {
      body: { providerId: 'fcm', credentials: { deviceTokens: ['a', 'b'] } },
    });
    const reply = await call('PUT', '/v1/subscribers/ada/credentials', {
      body: { providerId: 'fcm', credentials: { deviceTokens: ['c'] } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.channels).toEqual([
      expect.objectContaining({ providerId: 'fcm', credentials: { deviceTokens: ['c'] } }),
    ]);
  });

  it('DELETE removes the provider entry with 204 and no body', async () => {
    await call('PUT', '/v1/subscribers/ada/credentials', {
      body: { providerId: 'slack', credentials: { webhookUrl: 'https://hooks.slack.com/x' } },
    });
    await call('PUT', '/v1/subscribers/ada/credentials', {
      body: { providerId: 'fcm', credentials: { deviceTokens: ['c'] } },
    });
    const reply = await call('DELETE', '/v1/subscribers/ada/credentials/slack');
    expect(reply.status).toBe(204);
    expect(reply.body).toBeUndefined();
    const ada = (await call('GET', '/v2/subscribers/ada')).body.data;
    expect(ada.channels.map((channel: { providerId: string }) => channel.providerId)).toEqual([
      'fcm',
    ]);
    expect((await call('DELETE', '/v1/subscribers/ada/credentials/slack')).status).toBe(204);
  });

  it('DELETE answers 404 for an unknown subscriber', async () => {
    const reply = await call('DELETE', '/v1/subscribers/nobody/credentials/slack');
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Subscriber not found for id nobody');
  });
});
