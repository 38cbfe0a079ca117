// Topics and their subscriptions through the msw handlers with raw fetch
// (docs/behaviour/topics.md): upsert statuses, key rules, listing, deletion, subscriptions that
// agree with the subscriber's own listing and with a trigger's fan-out.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [
      { subscriberId: 'ada', firstName: 'Ada' },
      { subscriberId: 'bob', firstName: 'Bob' },
      { subscriberId: 'cy' },
    ],
    workflows: [
      {
        workflowId: 'digest',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'News' } }],
      },
      {
        workflowId: 'invoice',
        name: 'Invoice',
        tags: ['billing'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Invoice' } }],
      },
      {
        workflowId: 'receipt',
        tags: ['billing', 'shop'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Receipt' } }],
      },
      { workflowId: 'archived', tags: ['billing'], active: false },
    ],
  },
});

const keys = (reply: { body: { data: { key: string }[] } }) =>
  reply.body.data.map((topic) => topic.key);

describe('POST /v2/topics', () => {
  it('creates with 201, then updates the name with 200 and keeps the _id', async () => {
    const created = await call('POST', '/v2/topics', { body: { key: 'task:12345', name: 'Task' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ key: 'task:12345', name: 'Task' });
    const updated = await call('POST', '/v2/topics', {
      body: { key: 'task:12345', name: 'Renamed' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ _id: created.body.data._id, name: 'Renamed' });
    const unchanged = await call('POST', '/v2/topics', { body: { key: 'task:12345' } });
    expect(unchanged.body.data.name).toBe('Renamed');
  });

  it('answers 409 with failIfExists', async () => {
    await call('POST', '/v2/topics', { body: { key: 'news' } });
    const reply = await call('POST', '/v2/topics?failIfExists=true', { body: { key: 'news' } });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('Topic with key "news" already exists');
  });

  it('checks the key: characters, email form, length', async () => {
    const bad = await call('POST', '/v2/topics', { body: { key: 'has space' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Invalid topic key: "has space". Topic keys must contain only alphanumeric characters (a-z, A-Z, 0-9), hyphens (-), underscores (_), colons (:), or be a valid email address.',
    );
    expect((await call('POST', '/v2/topics', { body: { key: 'ada@example.com' } })).status).toBe(
      201,
    );
    expect((await call('POST', '/v2/topics', { body: { key: 'a.b_c-d:e' } })).status).toBe(201);
    const long = await call('POST', '/v2/topics', { body: { key: 'k'.repeat(101) } });
    expect(long.status).toBe(422);
    expect(long.body.errors.general.messages).toEqual([
      'key must be shorter than or equal to 100 characters',
    ]);
    expect((await call('POST', '/v2/topics', { body: { key: '' } })).status).toBe(422);
    expect((await call('GET', '/v2/topics')).body.totalCount).toBe(2);
  });
});

describe('GET, PATCH and DELETE /v2/topics/{topicKey}', () => {
  it('retrieves, renames and deletes; unknown keys answer 404', async () => {
    await call('POST', '/v2/topics', { body: { key: 'news', name: 'News' } });
    expect((await call('GET', '/v2/topics/news')).body.data.name).toBe('News');
    const renamed = await call('PATCH', '/v2/topics/news', { body: { name: 'Product news' } });
    expect(renamed.body.data.name).toBe('Product news');
    const deleted = await call('DELETE', '/v2/topics/news');
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ acknowledged: true });
    const missing = await call('GET', '/v2/topics/news');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Topic with key news not found');
    expect((await call('PATCH', '/v2/topics/news', { body: { name: 'x' } })).status).toBe(404);
    expect((await call('DELETE', '/v2/topics/news')).status).toBe(404);
    expect((await call('PATCH', '/v2/topics/news', { body: { data: 'x' } })).status).toBe(422);
  });

  it('deleting a topic removes its subscriptions from the subscriber listing', async () => {
    await call('POST', '/v2/topics/news/subscriptions', { body: { subscriptions: ['ada'] } });
    await call('POST', '/v2/topics/other/subscriptions', { body: { subscriptions: ['ada'] } });
    await call('DELETE', '/v2/topics/news');
    const mine = await call('GET', '/v2/subscribers/ada/subscriptions');
    expect(mine.body.data.map((item: { topic: { key: string } }) => item.topic.key)).toEqual([
      'other',
    ]);
  });
});

describe('GET /v2/topics', () => {
  it('filters key and name case-insensitively and pages with cursors', async () => {
    for (const [key, name] of [
      ['task-1', 'Alpha'],
      ['task-2', 'beta'],
      ['TASK-3', 'Gamma'],
      ['other', 'Beta two'],
    ]) {
      await call('POST', '/v2/topics', { body: { key, name } });
    }
    expect(keys(await call('GET', '/v2/topics?key=task'))).toEqual(['TASK-3', 'task-2', 'task-1']);
    expect(keys(await call('GET', '/v2/topics?name=BETA&orderDirection=ASC'))).toEqual([
      'task-2',
      'other',
    ]);
    const first = await call('GET', '/v2/topics?limit=2&orderDirection=ASC');
    expect(keys(first)).toEqual(['task-1', 'task-2']);
    expect(first.body).toMatchObject({ totalCount: 4, previous: null });
    const second = await call(
      'GET',
      `/v2/topics?limit=2&orderDirection=ASC&after=${first.body.next}`,
    );
    expect(keys(second)).toEqual(['TASK-3', 'other']);
    expect(second.body.next).toBeNull();
    expect((await call('GET', '/v2/topics?limit=101')).status).toBe(422);
    expect((await call('GET', '/v2/topics?after=a&before=b')).status).toBe(400);
  });
});

describe('topic subscriptions', () => {
  it('create makes the topic, subscribes once, and reports unknown subscribers', async () => {
    const reply = await call('POST', '/v2/topics/news/subscriptions', {
      body: {
        subscriptions: ['ada', { identifier: 'bob-news', subscriberId: 'bob' }, 'ghost', 'ada'],
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.meta).toEqual({ totalCount: 4, successful: 2, failed: 1 });
    expect(reply.body.errors).toEqual([
      {
        subscriberId: 'ghost',
        code: 'SUBSCRIBER_NOT_FOUND',
        message: "Subscriber with ID 'ghost' could not be found.",
      },
    ]);
    expect(reply.body.data.map((item: { identifier: string }) => item.identifier)).toEqual([
      'tk_news:si_ada',
      'bob-news',
    ]);
    expect((await call('GET', '/v2/topics/news')).status).toBe(200);
    const again = await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriberIds: ['ada'] },
    });
    expect(again.body.data[0]._id).toBe(reply.body.data[0]._id);
  });

  it('answers 400 with the report when nobody could be subscribed, and makes no topic', async () => {
    const reply = await call('POST', '/v2/topics/fresh/subscriptions', {
      body: { subscriptions: ['ghost'] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      data: [],
      meta: { totalCount: 1, successful: 0, failed: 1 },
    });
    expect((await call('GET', '/v2/topics/fresh')).status).toBe(404);
    const none = await call('POST', '/v2/topics/fresh/subscriptions', { body: {} });
    expect(none.status).toBe(400);
    const tooMany = await call('POST', '/v2/topics/fresh/subscriptions', {
      body: { subscriptions: Array.from({ length: 101 }, (_, index) => `s-${index}`) },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.general.messages).toEqual([
      'Cannot subscribe more than 100 subscriptions at once',
    ]);
  });

  it('agree with the subscriber listing and drive the trigger fan-out', async () => {
    await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada', 'bob'] },
    });
    const listed = await call('GET', '/v2/topics/news/subscriptions?orderDirection=ASC');
    expect(
      listed.body.data.map(
        (item: { subscriber: { subscriberId: string } }) => item.subscriber.subscriberId,
      ),
    ).toEqual(['ada', 'bob']);
    const mine = await call('GET', '/v2/subscribers/ada/subscriptions');
    expect(mine.body.data[0]._id).toBe(listed.body.data[0]._id);
    const onlyBob = await call('GET', '/v2/topics/news/subscriptions?subscriberId=bob');
    expect(onlyBob.body.data).toHaveLength(1);
    await call('POST', '/v1/events/trigger', {
      body: { name: 'digest', to: { type: 'Topic', topicKey: 'news' } },
    });
    expect(
      engine.outbox
        .list()
        .map((message) => message.subscriberId)
        .sort(),
    ).toEqual(['ada', 'bob']);

    const removed = await call('DELETE', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada', 'cy'] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.meta).toEqual({ totalCount: 2, successful: 1, failed: 1 });
    expect(removed.body.errors[0]).toMatchObject({
      subscriberId: 'cy',
      code: 'SUBSCRIPTION_NOT_FOUND',
    });
    expect((await call('GET', '/v2/subscribers/ada/subscriptions')).body.data).toEqual([]);
    engine.outbox.clear();
    await call('POST', '/v1/events/trigger', {
      body: { name: 'digest', to: { type: 'Topic', topicKey: 'news' } },
    });
    expect(engine.outbox.list().map((message) => message.subscriberId)).toEqual(['bob']);
  });

  it('delete by identifier, and 400 when nothing matched; 404 for an unknown topic', async () => {
    await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: [{ identifier: 'bob-news', subscriberId: 'bob' }] },
    });
    const byIdentifier = await call('DELETE', '/v2/topics/news/subscriptions', {
      body: { subscriptions: [{ identifier: 'bob-news' }] },
    });
    expect(byIdentifier.body.meta.successful).toBe(1);
    const nothing = await call('DELETE', '/v2/topics/news/subscriptions', {
      body: { subscriberIds: ['bob'] },
    });
    expect(nothing.status).toBe(400);
    expect(
      (await call('DELETE', '/v2/topics/nope/subscriptions', { body: { subscriberIds: ['bob'] } }))
        .status,
    ).toBe(404);
    expect((await call('GET', '/v2/topics/nope/subscriptions')).status).toBe(404);
  });
});

describe('topic subscription preferences', () => {
  const trigger = async (name: string, payload: Record<string, unknown> = {}) => {
    engine.outbox.clear();
    await call('POST', '/v1/events/trigger', {
      body: { name, to: { type: 'Topic', topicKey: 'news' }, payload },
    });
    return engine.outbox
      .list()
      .map((message) => message.subscriberId)
      .sort();
  };

  it('stores one preference per matched workflow and answers them on the new subscription', async () => {
    const reply = await call('POST', '/v2/topics/news/subscriptions', {
      body: {
        subscriptions: ['ada'],
        preferences: [
          'digest',
          { workflowId: 'nope', enabled: false },
          { filter: { tags: ['billing'] }, enabled: false },
        ],
      },
    });
    expect(reply.status).toBe(201);
    const subscription = reply.body.data[0];
    const invoice = (await call('GET', '/v2/workflows/invoice')).body.data;
    expect(
      subscription.preferences.map(
        (item: { workflow: { identifier: string }; enabled: boolean }) => [
          item.workflow.identifier,
          item.enabled,
        ],
      ),
    ).toEqual([
      ['digest', true],
      ['invoice', false],
      ['receipt', false],
    ]);
    expect(subscription.preferences[1]).toEqual({
      subscriptionId: subscription._id,
      workflow: {
        id: invoice._id,
        identifier: 'invoice',
        name: 'Invoice',
        critical: false,
        tags: ['billing'],
        severity: 'none',
      },
      enabled: false,
    });
    const plain = await call('POST', '/v2/topics/plain/subscriptions', {
      body: { subscriptions: ['ada'] },
    });
    expect(plain.body.data[0]).not.toHaveProperty('preferences');
  });

  it('an existing subscription keeps its preferences and answers those the body matched', async () => {
    await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada'], preferences: [{ workflowId: 'invoice', enabled: false }] },
    });
    const again = await call('POST', '/v2/topics/news/subscriptions', {
      body: {
        subscriptions: ['ada', 'bob'],
        preferences: [{ workflowId: 'invoice', enabled: true }],
      },
    });
    expect(again.status).toBe(201);
    const [ada, bob] = again.body.data;
    expect(ada.preferences).toMatchObject([
      { workflow: { identifier: 'invoice' }, enabled: false },
    ]);
    expect(bob.preferences).toMatchObject([{ workflow: { identifier: 'invoice' }, enabled: true }]);
    const other = await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada'], preferences: ['digest'] },
    });
    expect(other.body.data[0]).not.toHaveProperty('preferences');
    expect(await trigger('invoice')).toEqual(['bob']);
  });

  it('drops a subscription at fan-out when disabled, for that workflow only', async () => {
    await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada'], preferences: [{ workflowId: 'invoice', enabled: false }] },
    });
    await call('POST', '/v2/topics/news/subscriptions', { body: { subscriptions: ['bob'] } });
    expect(await trigger('invoice')).toEqual(['bob']);
    expect(await trigger('receipt')).toEqual(['ada', 'bob']);
  });

  it('judges a JSON Logic condition over { payload }: only exactly true lets it through', async () => {
    await call('POST', '/v2/topics/news/subscriptions', {
      body: {
        subscriptions: ['ada'],
        preferences: [
          {
            workflowId: 'digest',
            enabled: false,
            condition: { '===': [{ var: 'payload.tier' }, 'premium'] },
          },
          { workflowId: 'receipt', condition: { var: 'payload.tier' } },
          { workflowId: 'invoice', condition: { unknownOperation: [] } },
        ],
      },
    });
    expect(await trigger('digest', { tier: 'premium' })).toEqual(['ada']);
    expect(await trigger('digest', { tier: 'free' })).toEqual([]);
    expect(await trigger('receipt', { tier: 'premium' })).toEqual([]);
    expect(await trigger('invoice', { tier: 'premium' })).toEqual([]);
  });

  it("applies each of a subscriber's conditional subscriptions at fan-out, reaching it once", async () => {
    for (const [identifier, status] of [
      ['ada-active', 'active'],
      ['ada-pending', 'pending'],
    ]) {
      const made = await call('POST', '/v2/topics/news/subscriptions', {
        body: {
          subscriptions: [{ identifier, subscriberId: 'ada' }],
          preferences: [
            { workflowId: 'digest', condition: { '==': [{ var: 'payload.status' }, status] } },
          ],
        },
      });
      expect(made.status).toBe(201);
    }
    expect(await trigger('digest', { status: 'active' })).toEqual(['ada']);
    expect(await trigger('digest', { status: 'pending' })).toEqual(['ada']);
    expect(await trigger('digest', { status: 'closed' })).toEqual([]);
  });

  it('a subscriber named in to is reached whatever its subscription says', async () => {
    await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada'], preferences: [{ workflowId: 'digest', enabled: false }] },
    });
    await call('POST', '/v1/events/trigger', {
      body: { name: 'digest', to: ['ada', { type: 'Topic', topicKey: 'news' }] },
    });
    expect(engine.outbox.list().map((message) => message.subscriberId)).toEqual(['ada']);
  });

  it('deleting the subscription deletes its preferences', async () => {
    await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada'], preferences: [{ workflowId: 'digest', enabled: false }] },
    });
    await call('DELETE', '/v2/topics/news/subscriptions', { body: { subscriptions: ['ada'] } });
    const fresh = await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada'] },
    });
    expect(fresh.body.data[0]).not.toHaveProperty('preferences');
    expect(await trigger('digest')).toEqual(['ada']);
  });

  it('refuses malformed preferences with 422 and changes nothing', async () => {
    for (const preferences of [[42], [{ workflowId: 7 }], [{ filter: 'billing' }], 'digest']) {
      const reply = await call('POST', '/v2/topics/news/subscriptions', {
        body: { subscriptions: ['ada'], preferences },
      });
      expect(reply.status).toBe(422);
    }
    expect((await call('GET', '/v2/topics/news')).status).toBe(404);
  });
});
