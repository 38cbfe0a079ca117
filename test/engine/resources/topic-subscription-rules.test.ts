// A topic's subscriptions, engine-direct (mock-server/engine/resources/topic-subscriptions.ts,
// docs/behaviour/topics.md#subscriptions): the listing's filters and cursors, what a create and a
// delete answer and store, and the 400 when nothing succeeded.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  createTopicSubscriptions,
  deleteTopicSubscriptions,
  listTopicSubscriptions,
  type TopicSubscriptionSearch,
} from '../../../mock-server/engine/resources/topic-subscriptions';
import { contextOf, httpRefusal, refusalOf, serviceErrorOf, validationError } from '../helpers';

const inbox = [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } }];

const httpError = (status: number, message: string) =>
  httpRefusal(status, status === 404 ? 'Not Found' : 'Bad Request', message);

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [
        {
          subscriberId: 'ada',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          avatar: 'https://example.com/ada.png',
        },
        { subscriberId: 'bob' },
        { subscriberId: 'cy' },
        { subscriberId: 'dee' },
        { subscriberId: 'eve' },
      ],
      workflows: [
        { workflowId: 'invoice', name: 'Invoice', tags: ['billing'], steps: inbox },
        { workflowId: 'promo', name: 'Promo', tags: ['marketing'], steps: inbox },
      ],
    },
  });
  const context = contextOf(engine);
  const { operations } = engine;
  const data = context.data;
  const subscriber = (id: string) => {
    const found = data.subscribers.get(id);
    if (!found) throw new Error(id);
    return found;
  };
  const topic = (key: string) => {
    const found = data.topics.get(key);
    if (!found) throw new Error(key);
    return found;
  };
  const workflow = (id: string) => {
    const found = data.workflows.find((item) => item.workflowId === id);
    if (!found) throw new Error(id);
    return found;
  };
  const create = (key: string, body: unknown) =>
    operations['topics.subscriptions.create'](context, { params: { topicKey: key }, body: body });
  const remove = (key: string, body: unknown) =>
    operations['topics.subscriptions.delete'](context, { params: { topicKey: key }, body: body });
  const list = (key: string, search: Partial<TopicSubscriptionSearch> = {}) =>
    listTopicSubscriptions(context, key, {
      limit: 10,
      includeCursor: false,
      orderDirection: 'DESC',
      ...search,
    });
  const listed = (key: string, search: Partial<TopicSubscriptionSearch> = {}) =>
    list(key, search).data.map((item) => item.subscriber.subscriberId);
  const subscriptionsOf = (key: string) =>
    data.subscriptions.filter((item) => item.topicKey === key).map((item) => item._id);
  return {
    engine,
    context,
    data,
    operations,
    subscriber,
    topic,
    workflow,
    create,
    remove,
    list,
    listed,
    subscriptionsOf,
  };
}

/** The summary of a subscriber a listing and a change answer carry. */
function summaryOf(record: {
  _id: string;
  subscriberId: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  avatar?: string | null;
}) {
  const summary: Record<string, unknown> = { _id: record._id, subscriberId: record.subscriberId };
  for (const field of ['firstName', 'lastName', 'email', 'avatar'] as const) {
    if (record[field] !== undefined) summary[field] = record[field];
  }
  return summary;
}

describe('topic subscriptions listing: filters', () => {
  it('answers 404 naming the key when the topic is unknown', () => {
    const { list } = setup();
    expect(refusalOf(() => list('ghost'))).toStrictEqual(
      httpError(404, 'Topic with key ghost not found'),
    );
  });

  it("lists only the topic's own subscriptions, newest first by default, in the listing shape", () => {
    const { create, list, topic, subscriber } = setup();
    create('news', { subscriptions: ['ada', 'bob'], name: 'News' });
    create('sports', { subscriptions: ['cy'] });
    const page = list('news');
    const news = topic('news');
    const [bob, ada] = page.data;
    expect(page.data.length).toBe(2);
    expect(ada).toStrictEqual({
      _id: ada?._id,
      identifier: 'tk_news:si_ada',
      topic: {
        _id: news._id,
        key: 'news',
        name: 'News',
        createdAt: news.createdAt,
        updatedAt: news.updatedAt,
      },
      subscriber: {
        _id: subscriber('ada')._id,
        subscriberId: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        avatar: 'https://example.com/ada.png',
      },
      createdAt: news.createdAt,
      contextKeys: [],
    });
    expect(bob?.subscriber).toStrictEqual(summaryOf(subscriber('bob')));
    expect(page.next).toBe(null);
    expect(page.previous).toBe(null);
    expect(page.totalCount).toBe(2);
    expect(page.totalCountCapped).toBe(false);
  });

  it("keeps one subscriber's subscriptions with subscriberId", () => {
    const { create, listed } = setup();
    create('news', { subscriptions: ['ada', 'bob', 'cy'] });
    expect(listed('news', { subscriberId: 'bob' })).toStrictEqual(['bob']);
    expect(listed('news', { subscriberId: 'ada' })).toStrictEqual(['ada']);
  });

  it('answers an empty page for an unknown subscriberId, or one without a subscription', () => {
    const { create, list, listed } = setup();
    create('news', { subscriptions: ['ada', 'bob'] });
    expect(list('news', { subscriberId: 'ghost' })).toStrictEqual({
      data: [],
      next: null,
      previous: null,
      totalCount: 0,
      totalCountCapped: false,
    });
    expect(listed('news', { subscriberId: 'eve' })).toStrictEqual([]);
  });

  it('matches contextKeys as an exact set, in any order', () => {
    const { engine, create, listed } = setup();
    create('news', { subscriptions: ['eve'] });
    engine.seed({
      topics: [
        { key: 'news', subscribers: ['ada'], contextKeys: ['tenant:a', 'region:eu'] },
        { key: 'news', subscribers: ['bob'], contextKeys: ['tenant:a'] },
        { key: 'news', subscribers: ['cy'], contextKeys: ['tenant:a', 'region:us'] },
      ],
    });
    expect(listed('news')).toStrictEqual(['cy', 'bob', 'ada', 'eve']);
    expect(listed('news', { contextKeys: ['region:eu', 'tenant:a'] })).toStrictEqual(['ada']);
    expect(listed('news', { contextKeys: ['tenant:a', 'region:eu'] })).toStrictEqual(['ada']);
    expect(listed('news', { contextKeys: ['tenant:a'] })).toStrictEqual(['bob']);
    expect(listed('news', { contextKeys: [] })).toStrictEqual(['eve']);
    expect(listed('news', { contextKeys: ['region:eu', 'tenant:b'] })).toStrictEqual([]);
    expect(listed('news', { contextKeys: ['tenant:a', 'tenant:a'] })).toStrictEqual([]);
  });

  it('combines subscriberId and contextKeys', () => {
    const { engine, listed } = setup();
    engine.seed({
      topics: [
        { key: 'news', subscribers: ['ada', 'bob'], contextKeys: ['tenant:a'] },
        { key: 'news', subscribers: ['ada'], contextKeys: ['tenant:b'] },
      ],
    });
    expect(listed('news', { subscriberId: 'ada', contextKeys: ['tenant:b'] })).toStrictEqual([
      'ada',
    ]);
    expect(listed('news', { subscriberId: 'bob', contextKeys: ['tenant:b'] })).toStrictEqual([]);
    expect(listed('news', { subscriberId: 'ada' })).toStrictEqual(['ada', 'ada']);
  });
});

describe('topic subscriptions listing: cursors and order', () => {
  function fiveSubscriptions() {
    const state = setup();
    state.create('news', { subscriptions: ['ada', 'bob', 'cy', 'dee', 'eve'] });
    state.create('other', { subscriptions: ['ada'] });
    const ascending = state.subscriptionsOf('news');
    return { ...state, ascending };
  }

  it('refuses both cursors at once with 400', () => {
    const { list, ascending } = fiveSubscriptions();
    expect(
      refusalOf(() => list('news', { after: ascending[0], before: ascending[1] })),
    ).toStrictEqual(
      httpError(400, 'Cannot specify both "before" and "after" cursors at the same time.'),
    );
  });

  it('sorts ascending by subscription _id only for ASC', () => {
    const { list, ascending } = fiveSubscriptions();
    expect(list('news', { orderDirection: 'ASC' }).data.map((item) => item._id)).toStrictEqual(
      ascending,
    );
    expect(list('news').data.map((item) => item._id)).toStrictEqual([...ascending].reverse());
  });

  it('pages ascending with after and before, with and without the cursor', () => {
    const { list, ascending } = fiveSubscriptions();
    const [a, b, c, d, e] = ascending;
    const ids = (search: Partial<TopicSubscriptionSearch>) => {
      const page = list('news', { orderDirection: 'ASC', limit: 2, ...search });
      return {
        ids: page.data.map((item) => item._id),
        next: page.next,
        previous: page.previous,
      };
    };
    expect(ids({})).toStrictEqual({ ids: [a, b], next: b, previous: null });
    expect(ids({ after: b })).toStrictEqual({ ids: [c, d], next: d, previous: c });
    expect(ids({ after: b, includeCursor: true })).toStrictEqual({
      ids: [b, c],
      next: c,
      previous: b,
    });
    expect(ids({ after: d })).toStrictEqual({ ids: [e], next: null, previous: e });
    expect(ids({ before: d })).toStrictEqual({ ids: [b, c], next: c, previous: b });
    expect(ids({ before: d, includeCursor: true })).toStrictEqual({
      ids: [c, d],
      next: d,
      previous: c,
    });
    expect(ids({ before: b })).toStrictEqual({ ids: [a], next: a, previous: null });
  });

  it('pages descending with after and before, with and without the cursor', () => {
    const { list, ascending } = fiveSubscriptions();
    const [a, b, c, d, e] = ascending;
    const ids = (search: Partial<TopicSubscriptionSearch>) => {
      const page = list('news', { limit: 2, ...search });
      return {
        ids: page.data.map((item) => item._id),
        next: page.next,
        previous: page.previous,
      };
    };
    expect(ids({})).toStrictEqual({ ids: [e, d], next: d, previous: null });
    expect(ids({ after: d })).toStrictEqual({ ids: [c, b], next: b, previous: c });
    expect(ids({ after: d, includeCursor: true })).toStrictEqual({
      ids: [d, c],
      next: c,
      previous: d,
    });
    expect(ids({ before: b })).toStrictEqual({ ids: [d, c], next: c, previous: d });
    expect(ids({ before: b, includeCursor: true })).toStrictEqual({
      ids: [c, b],
      next: b,
      previous: c,
    });
    expect(ids({ after: b })).toStrictEqual({ ids: [a], next: null, previous: a });
  });

  it('takes a cursor in any case', () => {
    const { list, ascending } = fiveSubscriptions();
    const [, b, c, d] = ascending;
    const cursor = String(b).toUpperCase();
    expect(cursor).not.toBe(b);
    expect(
      list('news', { orderDirection: 'ASC', limit: 2, after: cursor }).data.map((item) => item._id),
    ).toStrictEqual([c, d]);
  });

  it('answers an empty page for a cursor that names no subscription', () => {
    const { list } = fiveSubscriptions();
    const empty = { data: [], next: null, previous: null, totalCount: 0, totalCountCapped: false };
    expect(list('news', { after: 'ffffffffffffffffffffffff' })).toStrictEqual(empty);
    expect(list('news', { before: 'ffffffffffffffffffffffff' })).toStrictEqual(empty);
    expect(list('news', { after: 'not-an-id' })).toStrictEqual(empty);
  });
});

describe('topic subscriptions create', () => {
  it('creates the missing topic with the name and answers each subscription in the change shape', () => {
    const { create, topic, subscriber, engine } = setup();
    const now = engine.clock.iso();
    const result = create('news', { subscriptions: ['ada', 'bob'], name: 'News' });
    const news = topic('news');
    expect(news.name).toBe('News');
    const [first, second] = result.data;
    expect(result).toStrictEqual({
      data: [
        {
          _id: first?._id,
          identifier: 'tk_news:si_ada',
          topic: { _id: news._id, key: 'news', name: 'News' },
          subscriber: {
            ...summaryOf(subscriber('ada')),
            createdAt: subscriber('ada').createdAt,
            updatedAt: subscriber('ada').updatedAt,
          },
          contextKeys: [],
          createdAt: now,
          updatedAt: now,
        },
        {
          _id: second?._id,
          identifier: 'tk_news:si_bob',
          topic: { _id: news._id, key: 'news', name: 'News' },
          subscriber: {
            _id: subscriber('bob')._id,
            subscriberId: 'bob',
            createdAt: subscriber('bob').createdAt,
            updatedAt: subscriber('bob').updatedAt,
          },
          contextKeys: [],
          createdAt: now,
          updatedAt: now,
        },
      ],
      meta: { totalCount: 2, successful: 2, failed: 0 },
    });
  });

  it('answers a topic without a name without a name field, and the older subscriberIds', () => {
    const { create, topic } = setup();
    const result = create('news', { subscriberIds: ['ada'] });
    expect(result.data[0]?.topic).toStrictEqual({ _id: topic('news')._id, key: 'news' });
    expect(result.meta).toStrictEqual({ totalCount: 1, successful: 1, failed: 0 });
  });

  it('answers 400 when neither subscriptions nor subscriberIds is given', () => {
    const { create, data } = setup();
    expect(refusalOf(() => create('news', {}))).toStrictEqual(
      httpError(400, 'Either subscriberIds or subscriptions must be provided'),
    );
    expect(data.topics.has('news')).toBe(false);
  });

  it('answers 422 for more than 100 subscriptions or subscriber ids', () => {
    const { create } = setup();
    const many = Array.from({ length: 101 }, (_, index) => `user-${index}`);
    expect(refusalOf(() => create('news', { subscriptions: many }))).toStrictEqual(
      validationError(['Cannot subscribe more than 100 subscriptions at once']),
    );
    expect(refusalOf(() => create('news', { subscriberIds: many }))).toStrictEqual(
      validationError(['Cannot subscribe more than 100 subscribers at once']),
    );
  });

  it('reports unknown subscribers in errors next to the successful ones', () => {
    const { create } = setup();
    const result = create('news', { subscriptions: ['ghost', 'ada'] });
    expect(result.meta).toStrictEqual({ totalCount: 2, successful: 1, failed: 1 });
    expect(result.errors).toStrictEqual([
      {
        subscriberId: 'ghost',
        code: 'SUBSCRIBER_NOT_FOUND',
        message: "Subscriber with ID 'ghost' could not be found.",
      },
    ]);
    expect(result.data.map((item) => item.identifier)).toStrictEqual(['tk_news:si_ada']);
  });

  it('answers 400 with the result as its ctx when no subscriber was found, and keeps no topic', () => {
    const { create, data } = setup();
    const refusal = refusalOf(() => create('news', { subscriptions: ['ghost', 'phantom'] }));
    expect(refusal).toStrictEqual({
      status: 400,
      message: 'Http Exception',
      ctx: {
        data: [],
        meta: { totalCount: 2, successful: 0, failed: 2 },
        errors: [
          {
            subscriberId: 'ghost',
            code: 'SUBSCRIBER_NOT_FOUND',
            message: "Subscriber with ID 'ghost' could not be found.",
          },
          {
            subscriberId: 'phantom',
            code: 'SUBSCRIBER_NOT_FOUND',
            message: "Subscriber with ID 'phantom' could not be found.",
          },
        ],
      },
      extra: {},
    });
    expect(data.topics.has('news')).toBe(false);
  });

  it('drops the topic it made itself when nothing succeeded, even outside an operation', () => {
    const { data, context } = setup();
    const error = serviceErrorOf(() =>
      createTopicSubscriptions(context, 'fresh', { subscriptions: ['ghost'] }),
    );
    expect(error.status).toBe(400);
    expect(data.topics.has('fresh')).toBe(false);
  });

  it('keeps a topic that existed before a create where nothing succeeded', () => {
    const { data, operations, context } = setup();
    operations['topics.create'](context, { body: { key: 'kept' }, query: { failIfExists: false } });
    const error = serviceErrorOf(() =>
      createTopicSubscriptions(context, 'kept', { subscriptions: ['ghost'] }),
    );
    expect(error.status).toBe(400);
    expect(data.topics.has('kept')).toBe(true);
  });

  it('refuses an invalid key of a new topic with 400', () => {
    const { create } = setup();
    expect(refusalOf(() => create('has space', { subscriptions: ['ada'] }))).toStrictEqual(
      httpError(
        400,
        'Invalid topic key: "has space". Topic keys must contain only alphanumeric characters (a-z, A-Z, 0-9), hyphens (-), underscores (_), colons (:), or be a valid email address.',
      ),
    );
  });

  it('answers a subscriber named twice once, and counts both in totalCount', () => {
    const { create, subscriptionsOf } = setup();
    const result = create('news', {
      subscriptions: ['ada', 'ada', { identifier: 'x', subscriberId: 'ada' }],
    });
    expect(result.data.map((item) => item.identifier)).toStrictEqual(['tk_news:si_ada']);
    expect(result.meta).toStrictEqual({ totalCount: 3, successful: 1, failed: 0 });
    expect('errors' in result).toBe(false);
    expect(subscriptionsOf('news').length).toBe(1);
  });

  it('gives a new subscription the identifier of an object entry', () => {
    const { create, listed, list } = setup();
    const result = create('news', {
      subscriptions: [{ identifier: 'custom-ada', subscriberId: 'ada' }, 'bob'],
    });
    expect(result.data.map((item) => item.identifier)).toStrictEqual([
      'custom-ada',
      'tk_news:si_bob',
    ]);
    expect(
      list('news', { orderDirection: 'ASC' }).data.map((item) => item.identifier),
    ).toStrictEqual(['custom-ada', 'tk_news:si_bob']);
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'bob']);
  });

  it('answers an existing subscription as it is: same _id, identifier and dates', () => {
    const { create, engine, subscriptionsOf } = setup();
    const first = create('news', {
      subscriptions: [{ identifier: 'original', subscriberId: 'ada' }],
    });
    engine.clock.advance(60_000);
    const again = create('news', {
      subscriptions: [{ identifier: 'original', subscriberId: 'ada' }],
    });
    expect(again.data).toStrictEqual(first.data);
    expect(subscriptionsOf('news').length).toBe(1);
  });

  it('gives a subscriber another subscription to the topic under another identifier', () => {
    const { create, data } = setup();
    create('news', { subscriptions: [{ identifier: 'ada-a', subscriberId: 'ada' }] });
    const second = create('news', {
      subscriptions: [{ identifier: 'ada-b', subscriberId: 'ada' }],
    });
    expect(second.meta).toStrictEqual({ totalCount: 1, successful: 1, failed: 0 });
    create('news', { subscriptions: ['ada'] });
    expect(data.subscriptions.map((item) => item.identifier)).toStrictEqual([
      'ada-a',
      'ada-b',
      'tk_news:si_ada',
    ]);
  });

  it('holds at most 10 subscriptions per subscriber and topic; the 11th is refused', () => {
    const { create, subscriptionsOf } = setup();
    for (let i = 0; i < 10; i++) {
      const made = create('news', {
        subscriptions: [{ identifier: `ada-${i}`, subscriberId: 'ada' }],
      });
      expect(made.meta.successful).toBe(1);
    }
    const limit = {
      subscriberId: 'ada',
      code: 'SUBSCRIPTION_LIMIT_EXCEEDED',
      message:
        'Subscriber ada has reached the maximum allowed of 10 subscriptions for topic "news"',
    };
    expect(
      refusalOf(() =>
        create('news', { subscriptions: [{ identifier: 'ada-10', subscriberId: 'ada' }] }),
      ),
    ).toStrictEqual({
      status: 400,
      message: 'Http Exception',
      ctx: { data: [], meta: { totalCount: 1, successful: 0, failed: 1 }, errors: [limit] },
      extra: {},
    });
    expect(subscriptionsOf('news').length).toBe(10);
    // An existing one is still answered, and others are still subscribed in the same call.
    const mixed = create('news', {
      subscriptions: [{ identifier: 'ada-3', subscriberId: 'ada' }, 'bob'],
    });
    expect(mixed.meta).toStrictEqual({ totalCount: 2, successful: 2, failed: 0 });
    const partly = create('news', {
      subscriptions: [{ identifier: 'ada-11', subscriberId: 'ada' }, 'cy'],
    });
    expect(partly.meta).toStrictEqual({ totalCount: 2, successful: 1, failed: 1 });
    expect(partly.errors).toStrictEqual([limit]);
  });

  it('stores preferences on a new subscription and answers them', () => {
    const { create, workflow, data } = setup();
    const result = create('news', {
      subscriptions: ['ada'],
      preferences: [{ workflowId: 'invoice', enabled: false }],
    });
    const invoice = workflow('invoice');
    const subscriptionId = result.data[0]?._id;
    expect(result.data[0]?.preferences).toStrictEqual([
      {
        subscriptionId,
        workflow: {
          id: invoice._id,
          identifier: 'invoice',
          name: 'Invoice',
          critical: invoice.critical,
          tags: ['billing'],
          severity: invoice.severity,
        },
        enabled: false,
      },
    ]);
    expect(
      data.subscriptions.find((item) => item._id === subscriptionId)?.preferences,
    ).toStrictEqual([{ _templateId: invoice._id, enabled: false }]);
  });

  it('keeps the preferences of an existing subscription and answers those of the matched workflows', () => {
    const { create, workflow, data } = setup();
    create('news', {
      subscriptions: ['ada'],
      preferences: [{ workflowId: 'invoice', enabled: false }],
    });
    const again = create('news', {
      subscriptions: ['ada'],
      preferences: [{ workflowId: 'promo', enabled: true }],
    });
    expect('preferences' in (again.data[0] ?? {})).toBe(false);
    const stored = data.subscriptions.find((item) => item._id === again.data[0]?._id);
    expect(stored?.preferences).toStrictEqual([
      { _templateId: workflow('invoice')._id, enabled: false },
    ]);
    const invoiceAgain = create('news', { subscriptions: ['ada'], preferences: ['invoice'] });
    expect(invoiceAgain.data[0]?.preferences?.map((item) => item.enabled)).toStrictEqual([false]);
  });

  it('stores no preferences when the body names no known workflow', () => {
    const { create, data } = setup();
    const result = create('news', { subscriptions: ['ada'], preferences: ['ghost-workflow'] });
    expect('preferences' in (result.data[0] ?? {})).toBe(false);
    const stored = data.subscriptions.find((item) => item._id === result.data[0]?._id);
    expect(stored !== undefined && 'preferences' in stored).toBe(false);
    const plain = create('other', { subscriptions: ['ada'] });
    expect('preferences' in (plain.data[0] ?? {})).toBe(false);
  });
});

describe('topic subscriptions delete', () => {
  function subscribed() {
    const state = setup();
    state.create('news', {
      subscriptions: ['ada', 'bob', { identifier: 'cy-custom', subscriberId: 'cy' }],
      name: 'News',
    });
    state.create('sports', { subscriptions: ['ada', 'bob'] });
    return state;
  }

  it('answers 404 naming the key when the topic is unknown', () => {
    const { remove } = subscribed();
    expect(refusalOf(() => remove('ghost', { subscriptions: ['ada'] }))).toStrictEqual(
      httpError(404, 'Topic with key ghost not found'),
    );
  });

  it("removes a subscriber's subscription to this topic only, and answers it in the change shape", () => {
    const { remove, listed, topic, subscriber, operations, context, data } = subscribed();
    const before = data.subscriptions.find(
      (item) => item.topicKey === 'news' && item.identifier === 'tk_news:si_ada',
    );
    const result = remove('news', { subscriptions: ['ada'] });
    const news = topic('news');
    expect(result).toStrictEqual({
      data: [
        {
          _id: before?._id,
          identifier: 'tk_news:si_ada',
          topic: { _id: news._id, key: 'news', name: 'News' },
          subscriber: {
            ...summaryOf(subscriber('ada')),
            createdAt: subscriber('ada').createdAt,
            updatedAt: subscriber('ada').updatedAt,
          },
          contextKeys: [],
          createdAt: before?.createdAt,
          updatedAt: before?.updatedAt,
        },
      ],
      meta: { totalCount: 1, successful: 1, failed: 0 },
    });
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['bob', 'cy']);
    expect(listed('sports', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'bob']);
    const mine = operations['subscribers.subscriptions.list'](context, {
      params: { subscriberId: 'ada' },
      query: {
        limit: 10,
        includeCursor: false,
        orderDirection: 'ASC',
      },
    });
    expect(mine.data.map((item) => item.topic.key)).toStrictEqual(['sports']);
  });

  it('takes the older subscriberIds', () => {
    const { remove, listed } = subscribed();
    const result = remove('news', { subscriberIds: ['bob'] });
    expect(result.data.map((item) => item.identifier)).toStrictEqual(['tk_news:si_bob']);
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'cy']);
  });

  it('removes one subscription by identifier', () => {
    const { remove, listed } = subscribed();
    const result = remove('news', { subscriptions: [{ identifier: 'cy-custom' }] });
    expect(
      result.data.map((item) => [item.identifier, item.subscriber.subscriberId]),
    ).toStrictEqual([['cy-custom', 'cy']]);
    expect(result.meta).toStrictEqual({ totalCount: 1, successful: 1, failed: 0 });
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'bob']);
  });

  it('removes by subscriberId given as an object, and needs both to match when both are given', () => {
    const { remove, listed } = subscribed();
    const result = remove('news', {
      subscriptions: [
        { subscriberId: 'ada' },
        { subscriberId: 'bob', identifier: 'cy-custom' },
        { subscriberId: 'cy', identifier: 'cy-custom' },
      ],
    });
    expect(result.data.map((item) => item.identifier)).toStrictEqual([
      'tk_news:si_ada',
      'cy-custom',
    ]);
    expect(result.meta).toStrictEqual({ totalCount: 3, successful: 2, failed: 1 });
    expect(result.errors).toStrictEqual([
      {
        subscriberId: 'bob',
        code: 'SUBSCRIPTION_NOT_FOUND',
        message: "Subscription for subscriber 'bob' not found.",
      },
    ]);
    expect(listed('news')).toStrictEqual(['bob']);
  });

  it('removes every subscription of the subscriber to the topic', () => {
    const { engine, remove, listed } = subscribed();
    engine.seed({ topics: [{ key: 'news', subscribers: ['ada'], contextKeys: ['tenant:a'] }] });
    expect(listed('news', { subscriberId: 'ada' })).toStrictEqual(['ada', 'ada']);
    const result = remove('news', { subscriptions: ['ada'] });
    expect(result.data.map((item) => item.contextKeys)).toStrictEqual([[], ['tenant:a']]);
    expect(result.meta).toStrictEqual({ totalCount: 1, successful: 2, failed: 0 });
    expect(listed('news', { subscriberId: 'ada' })).toStrictEqual([]);
  });

  it('reports unknown subscribers, missing subscriptions and a subscriber named twice', () => {
    const { remove, listed } = subscribed();
    const result = remove('news', {
      subscriptions: ['ghost', 'dee', { identifier: 'nope' }, 'ada', 'ada'],
    });
    expect(result.data.map((item) => item.identifier)).toStrictEqual(['tk_news:si_ada']);
    expect(result.meta).toStrictEqual({ totalCount: 5, successful: 1, failed: 4 });
    expect(result.errors).toStrictEqual([
      {
        subscriberId: 'ghost',
        code: 'SUBSCRIBER_NOT_FOUND',
        message: "Subscriber with ID 'ghost' could not be found.",
      },
      {
        subscriberId: 'dee',
        code: 'SUBSCRIPTION_NOT_FOUND',
        message: "Subscription for subscriber 'dee' not found.",
      },
      {
        subscriberId: 'nope',
        code: 'SUBSCRIPTION_NOT_FOUND',
        message: "Subscription with identifier 'nope' not found.",
      },
      {
        subscriberId: 'ada',
        code: 'SUBSCRIPTION_NOT_FOUND',
        message: "Subscription for subscriber 'ada' not found.",
      },
    ]);
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['bob', 'cy']);
  });

  it('answers 400 with the result as its ctx and removes nothing when nothing was removed', () => {
    const { remove, listed } = subscribed();
    expect(
      refusalOf(() => remove('news', { subscriptions: ['dee', { identifier: 'nope' }] })),
    ).toStrictEqual({
      status: 400,
      message: 'Http Exception',
      ctx: {
        data: [],
        meta: { totalCount: 2, successful: 0, failed: 2 },
        errors: [
          {
            subscriberId: 'dee',
            code: 'SUBSCRIPTION_NOT_FOUND',
            message: "Subscription for subscriber 'dee' not found.",
          },
          {
            subscriberId: 'nope',
            code: 'SUBSCRIPTION_NOT_FOUND',
            message: "Subscription with identifier 'nope' not found.",
          },
        ],
      },
      extra: {},
    });
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'bob', 'cy']);
  });

  it('answers 400 with INVALID_REQUEST per entry and removes nothing when no entry names a subscription', () => {
    const { remove, listed } = subscribed();
    expect(
      refusalOf(() =>
        remove('news', { subscriptions: [{}, { subscriberId: '', identifier: '' }] }),
      ),
    ).toStrictEqual({
      status: 400,
      message: 'Http Exception',
      ctx: {
        data: [],
        meta: { totalCount: 2, successful: 0, failed: 2 },
        errors: [
          {
            subscriberId: 'unknown',
            identifier: 'unknown',
            code: 'INVALID_REQUEST',
            message: 'Subscription identifier is required.',
          },
          {
            subscriberId: 'unknown',
            identifier: 'unknown',
            code: 'INVALID_REQUEST',
            message: 'Subscription identifier is required.',
          },
        ],
      },
      extra: {},
    });
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'bob', 'cy']);
  });

  it('skips an entry that names no subscription beside ones that do, counting it in totalCount only', () => {
    const { remove, listed } = subscribed();
    const result = remove('news', { subscriptions: [{}, 'bob', ''] });
    expect(result.data.map((item) => item.identifier)).toStrictEqual(['tk_news:si_bob']);
    expect(result.meta).toStrictEqual({ totalCount: 3, successful: 1, failed: 0 });
    expect('errors' in result).toBe(false);
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'cy']);
  });

  it('answers an empty result when the body names nothing', () => {
    const { remove, listed } = subscribed();
    expect(remove('news', {})).toStrictEqual({
      data: [],
      meta: { totalCount: 0, successful: 0, failed: 0 },
    });
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'bob', 'cy']);
  });

  it('answers 422 for more than 100 subscriptions or subscriber ids', () => {
    const { remove } = subscribed();
    const many = Array.from({ length: 101 }, (_, index) => `user-${index}`);
    expect(refusalOf(() => remove('news', { subscriptions: many }))).toStrictEqual(
      validationError(['Cannot unsubscribe more than 100 subscriptions at once']),
    );
    expect(refusalOf(() => remove('news', { subscriberIds: many }))).toStrictEqual(
      validationError(['Cannot unsubscribe more than 100 subscribers at once']),
    );
  });

  it('removes nothing when called outside an operation and nothing succeeded', () => {
    const { context, listed } = subscribed();
    const error = serviceErrorOf(() =>
      deleteTopicSubscriptions(context, 'news', { subscriptions: ['dee'] }),
    );
    expect(error.status).toBe(400);
    expect(listed('news', { orderDirection: 'ASC' })).toStrictEqual(['ada', 'bob', 'cy']);
  });
});
