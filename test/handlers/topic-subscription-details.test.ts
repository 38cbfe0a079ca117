// One topic subscription by identifier (GET/PATCH /v2/topics/{topicKey}/subscriptions/{identifier})
// and the v1 membership check, through the msw handlers with raw fetch
// (docs/behaviour/topics.md#one-subscription): the service's 204, 404 texts, 422s that store
// nothing, and another environment's records staying invisible.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }, { subscriberId: 'bob' }],
    topics: [{ key: 'news', name: 'News', subscribers: ['ada'] }],
    workflows: [
      {
        workflowId: 'digest',
        name: 'Digest',
        tags: ['weekly'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
    ],
  },
});

const ADA = 'tk_news:si_ada';
const path = (identifier: string, topic = 'news') =>
  `/v2/topics/${topic}/subscriptions/${encodeURIComponent(identifier)}`;

describe('GET /v2/topics/{topicKey}/subscriptions/{identifier}', () => {
  it('answers the subscription by identifier, without preferences when it has none', async () => {
    const reply = await call('GET', path(ADA));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      identifier: ADA,
      contextKeys: [],
    });
  });

  it('answers 204 with no body for an unknown identifier or topic', async () => {
    for (const target of [path('tk_news:si_bob'), path(ADA, 'ghost')]) {
      const reply = await call('GET', target);
      expect(reply.status).toBe(204);
      expect(reply.body).toBeUndefined();
    }
  });

  it("does not see another environment's subscription", async () => {
    const production = engine.environment('Production').apiKey;
    expect((await call('GET', path(ADA), { key: production })).status).toBe(204);
  });
});

describe('PATCH /v2/topics/{topicKey}/subscriptions/{identifier}', () => {
  it('renames and replaces preferences; GET then shows them, keyed by identifier', async () => {
    const reply = await call('PATCH', path(ADA), {
      body: { name: 'Ada news', preferences: [{ workflowId: 'digest', enabled: false }] },
    });
    expect(reply.status).toBe(200);
    const workflow = engine.scope('Development').data.workflows[0];
    expect(reply.body.data).toMatchObject({
      identifier: ADA,
      name: 'Ada news',
      topic: { key: 'news', name: 'News' },
      subscriber: { subscriberId: 'ada', firstName: 'Ada' },
      preferences: [
        {
          enabled: false,
          workflow: { id: workflow?._id, identifier: 'digest', name: 'Digest', tags: ['weekly'] },
        },
      ],
    });
    expect(reply.body.data.preferences[0].subscriptionId).toBe(reply.body.data._id);
    const read = await call('GET', path(ADA));
    expect(read.body.data.name).toBe('Ada news');
    expect(read.body.data.preferences).toMatchObject([
      { subscriptionId: ADA, enabled: false, workflow: { identifier: 'digest' } },
    ]);
  });

  it('a trigger to the topic honours the new preference', async () => {
    await call('PATCH', path(ADA), {
      body: { preferences: [{ workflowId: 'digest', enabled: false }] },
    });
    await call('POST', '/v1/events/trigger', {
      body: { name: 'digest', to: [{ type: 'Topic', topicKey: 'news' }], payload: {} },
    });
    await engine.settle();
    expect(engine.scope('Development').data.messages).toHaveLength(0);
    await call('PATCH', path(ADA), { body: { preferences: [] } });
    expect((await call('GET', path(ADA))).body.data.preferences).toBeUndefined();
  });

  it('answers the service 404 texts for an unknown topic or identifier', async () => {
    const noTopic = await call('PATCH', path(ADA, 'ghost'), { body: { name: 'x' } });
    expect(noTopic.status).toBe(404);
    expect(noTopic.body.message).toBe('Topic with key ghost not found');
    const noSubscription = await call('PATCH', path('nope'), { body: { name: 'x' } });
    expect(noSubscription.status).toBe(404);
    expect(noSubscription.body.message).toBe(
      'Subscription with identifier nope not found for topic news',
    );
  });

  it('refuses an invalid body with 422 and changes nothing', async () => {
    for (const body of [
      { name: 42 },
      { preferences: 'digest' },
      { preferences: [{ enabled: true }] },
    ]) {
      const reply = await call('PATCH', path(ADA), { body });
      expect(reply.status).toBe(422);
    }
    const tooMany = await call('PATCH', path(ADA), {
      body: { preferences: Array.from({ length: 101 }, () => 'digest') },
    });
    expect(tooMany.status).toBe(422);
    expect((await call('GET', path(ADA))).body.data).toEqual({
      id: expect.any(String),
      identifier: ADA,
      contextKeys: [],
    });
  });
});

describe('GET /v1/topics/{topicKey}/subscribers/{externalSubscriberId}', () => {
  it('answers the subscription with its ids', async () => {
    const reply = await call('GET', '/v1/topics/news/subscribers/ada');
    expect(reply.status).toBe(200);
    const { environment, data } = engine.scope('Development');
    // The service's mapper answers these six fields, not the subscription's id, identifier,
    // context keys or dates.
    expect(reply.body.data).toStrictEqual({
      _organizationId: environment._organizationId,
      _environmentId: environment._id,
      _subscriberId: data.subscribers.get('ada')?._id,
      _topicId: data.topics.get('news')?._id,
      topicKey: 'news',
      externalSubscriberId: 'ada',
    });
  });

  it('answers 404 with the service text for a non-member, an unknown subscriber or topic', async () => {
    const { environment } = engine.scope('Development');
    for (const [topic, subscriber] of [
      ['news', 'bob'],
      ['news', 'ghost'],
      ['ghost', 'ada'],
    ]) {
      const reply = await call('GET', `/v1/topics/${topic}/subscribers/${subscriber}`);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(
        `Subscriber ${subscriber} not found for topic ${topic} in the environment ${environment._id}`,
      );
    }
  });
});
