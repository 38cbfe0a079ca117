// Topic subscriptions as a subscriber sees them, engine-direct (mock-server/engine/resources/subscriptions.ts,
// docs/behaviour/subscribers.md#subscriptions and docs/behaviour/topics.md#subscriptions): the
// default identifier, the listing's filters and cursors, and what subscribe/unsubscribe store.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  listSubscriptions,
  type SubscriptionSearch,
  subscribe,
  subscriptionIdentifier,
  unsubscribe,
} from '../../../mock-server/engine/resources/subscriptions';
import { contextOf, httpRefusal, refusalOf } from '../helpers';

const START = '2026-01-01T00:00:00.000Z';

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
        { subscriberId: 'bob', firstName: null, email: null },
        { subscriberId: 'cy' },
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
  const list = (subscriberId: string, search: Partial<SubscriptionSearch> = {}) =>
    listSubscriptions(context, subscriberId, {
      limit: 10,
      includeCursor: false,
      orderDirection: 'DESC',
      ...search,
    });
  const topicKeys = (subscriberId: string, search: Partial<SubscriptionSearch> = {}) =>
    list(subscriberId, search).data.map((item) => item.topic.key);
  const mine = (subscriberId: string) =>
    data.subscriptionsBySubscriber.get(subscriber(subscriberId)._id);
  return { engine, context, data, operations, subscriber, topic, list, topicKeys, mine };
}

describe('subscriptionIdentifier', () => {
  it('is tk_<key>:si_<subscriberId> without context keys', () => {
    expect(subscriptionIdentifier('news', 'user-1', [])).toBe('tk_news:si_user-1');
  });

  it('adds the context keys sorted and comma-joined', () => {
    expect(subscriptionIdentifier('news', 'user-1', ['tenant:b', 'region:eu'])).toBe(
      'tk_news:si_user-1:ctx_region:eu,tenant:b',
    );
    expect(subscriptionIdentifier('news', 'user-1', ['one'])).toBe('tk_news:si_user-1:ctx_one');
  });

  it('leaves the given context keys in their order', () => {
    const keys = ['b', 'a'];
    subscriptionIdentifier('news', 'user-1', keys);
    expect(keys).toStrictEqual(['b', 'a']);
  });
});

describe("a subscriber's subscriptions listing", () => {
  it('answers 404 for an unknown subscriber', () => {
    const { list } = setup();
    expect(refusalOf(() => list('ghost'))).toStrictEqual(
      httpRefusal(404, 'Not Found', 'Subscriber not found'),
    );
  });

  it('refuses both cursors at once with 400, and takes either alone', () => {
    const { list, operations, context, data } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada'] },
    });
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'sports' },
      body: { subscriptions: ['ada'] },
    });
    const [first, second] = data.subscriptions.map((item) => item._id);
    expect(refusalOf(() => list('ada', { after: first, before: second }))).toStrictEqual(
      httpRefusal(
        400,
        'Bad Request',
        'Cannot specify both "before" and "after" cursors at the same time.',
      ),
    );
    expect(list('ada', { after: second }).data.map((item) => item._id)).toStrictEqual([first]);
    expect(list('ada', { before: first }).data.map((item) => item._id)).toStrictEqual([second]);
  });

  it('answers each subscription with its topic and the subscriber summary', () => {
    const { list, operations, context, topic, subscriber } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: {
        subscriptions: ['ada', 'bob', 'cy'],
        name: 'News',
      },
    });
    const news = topic('news');
    const topicDto = {
      _id: news._id,
      key: 'news',
      name: 'News',
      createdAt: START,
      updatedAt: START,
    };
    const [ada] = list('ada').data;
    expect(ada).toStrictEqual({
      _id: ada?._id,
      identifier: 'tk_news:si_ada',
      topic: topicDto,
      subscriber: {
        _id: subscriber('ada')._id,
        subscriberId: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        avatar: 'https://example.com/ada.png',
      },
      createdAt: START,
      contextKeys: [],
    });
    expect(list('bob').data[0]?.subscriber).toStrictEqual({
      _id: subscriber('bob')._id,
      subscriberId: 'bob',
      firstName: null,
      email: null,
    });
    expect(list('cy').data[0]?.subscriber).toStrictEqual({
      _id: subscriber('cy')._id,
      subscriberId: 'cy',
    });
  });

  it('matches key exactly and lists no other subscriber', () => {
    const { topicKeys, operations, context } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada', 'bob'] },
    });
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'newsletter' },
      body: { subscriptions: ['ada'] },
    });
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'sports' },
      body: { subscriptions: ['bob'] },
    });
    expect(topicKeys('ada')).toStrictEqual(['newsletter', 'news']);
    expect(topicKeys('ada', { key: 'news' })).toStrictEqual(['news']);
    expect(topicKeys('ada', { key: 'new' })).toStrictEqual([]);
    expect(topicKeys('ada', { key: 'sports' })).toStrictEqual([]);
    expect(topicKeys('cy')).toStrictEqual([]);
  });

  it('matches contextKeys as an exact set, in any order, and shows them', () => {
    const { engine, list } = setup();
    engine.seed({
      topics: [
        { key: 'plain', subscribers: ['ada'] },
        { key: 'two', subscribers: ['ada'], contextKeys: ['tenant:b', 'region:eu'] },
        { key: 'one', subscribers: ['ada'], contextKeys: ['tenant:b'] },
      ],
    });
    const keysFor = (contextKeys: string[] | undefined) =>
      list('ada', { contextKeys }).data.map((item) => item.topic.key);
    expect(
      list('ada').data.map((item) => [item.topic.key, item.contextKeys, item.identifier]),
    ).toStrictEqual([
      ['one', ['tenant:b'], 'tk_one:si_ada:ctx_tenant:b'],
      ['two', ['tenant:b', 'region:eu'], 'tk_two:si_ada:ctx_region:eu,tenant:b'],
      ['plain', [], 'tk_plain:si_ada'],
    ]);
    expect(keysFor(['region:eu', 'tenant:b'])).toStrictEqual(['two']);
    expect(keysFor(['tenant:b', 'region:eu'])).toStrictEqual(['two']);
    expect(keysFor(['tenant:b'])).toStrictEqual(['one']);
    expect(keysFor(['tenant:b', 'region:us'])).toStrictEqual([]);
    expect(keysFor(['tenant:b', 'tenant:b'])).toStrictEqual([]);
    expect(keysFor(['region:eu'])).toStrictEqual([]);
    expect(keysFor([])).toStrictEqual(['plain']);
  });

  it('pages by subscription _id in both directions, with and without the cursor', () => {
    const { list, operations, context, data } = setup();
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      operations['topics.subscriptions.create'](context, {
        params: { topicKey: key },
        body: { subscriptions: ['ada'] },
      });
    }
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'f' },
      body: { subscriptions: ['bob'] },
    });
    const [a, b, c, d, e] = data.subscriptions.map((item) => item._id);
    const page = (search: Partial<SubscriptionSearch>) => {
      const result = list('ada', { limit: 2, ...search });
      return {
        ids: result.data.map((item) => item._id),
        next: result.next,
        previous: result.previous,
      };
    };
    expect(page({ orderDirection: 'ASC' })).toStrictEqual({ ids: [a, b], next: b, previous: null });
    expect(page({})).toStrictEqual({ ids: [e, d], next: d, previous: null });
    expect(page({ orderDirection: 'ASC', after: b })).toStrictEqual({
      ids: [c, d],
      next: d,
      previous: c,
    });
    expect(page({ orderDirection: 'ASC', after: b, includeCursor: true })).toStrictEqual({
      ids: [b, c],
      next: c,
      previous: b,
    });
    expect(page({ orderDirection: 'ASC', before: d })).toStrictEqual({
      ids: [b, c],
      next: c,
      previous: b,
    });
    expect(page({ orderDirection: 'ASC', before: d, includeCursor: true })).toStrictEqual({
      ids: [c, d],
      next: d,
      previous: c,
    });
    expect(page({ after: d })).toStrictEqual({ ids: [c, b], next: b, previous: c });
    expect(page({ after: d, includeCursor: true })).toStrictEqual({
      ids: [d, c],
      next: c,
      previous: d,
    });
    expect(page({ before: b })).toStrictEqual({ ids: [d, c], next: c, previous: d });
    expect(page({ before: b, includeCursor: true })).toStrictEqual({
      ids: [c, b],
      next: b,
      previous: c,
    });
    expect(page({ after: String(b).toUpperCase(), orderDirection: 'ASC' }).ids).toStrictEqual([
      c,
      d,
    ]);
  });

  it('answers an empty page for a cursor that names no subscription', () => {
    const { list, operations, context } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada'] },
    });
    const empty = { data: [], next: null, previous: null, totalCount: 0, totalCountCapped: false };
    expect(list('ada', { after: 'ffffffffffffffffffffffff' })).toStrictEqual(empty);
    expect(list('ada', { before: 'not-an-id' })).toStrictEqual(empty);
  });

  it('skips a subscription whose topic is gone or was replaced under the same key', () => {
    const { data, subscriber, topicKeys, operations, context } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada'] },
    });
    const gone = {
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      key: 'gone',
      createdAt: START,
      updatedAt: START,
    };
    const stale = {
      _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      key: 'news',
      createdAt: START,
      updatedAt: START,
    };
    subscribe(data, gone, subscriber('ada'), [], 'ffffffffffffffffffffff01', START);
    subscribe(data, stale, subscriber('ada'), [], 'ffffffffffffffffffffff02', START);
    expect(topicKeys('ada')).toStrictEqual(['news']);
    expect(topicKeys('ada', { key: 'gone' })).toStrictEqual([]);
  });
});

describe('subscribe and unsubscribe', () => {
  it('stores a new subscription in the environment list and the subscriber list, in _id order', () => {
    const { data, engine, subscriber, mine } = setup();
    engine.seed({ topics: [{ key: 'news' }] });
    const news = data.topics.get('news');
    if (!news) throw new Error('news');
    const contextKeys = ['tenant:b', 'region:eu'];
    const later = subscribe(
      data,
      news,
      subscriber('ada'),
      contextKeys,
      'ffffffffffffffffffffff09',
      START,
    );
    const earlier = subscribe(data, news, subscriber('ada'), [], 'ffffffffffffffffffffff01', START);
    contextKeys.push('changed');
    expect(later).toStrictEqual({
      _id: 'ffffffffffffffffffffff09',
      identifier: 'tk_news:si_ada:ctx_region:eu,tenant:b',
      _topicId: news._id,
      topicKey: 'news',
      _subscriberId: subscriber('ada')._id,
      contextKeys: ['tenant:b', 'region:eu'],
      createdAt: START,
      updatedAt: START,
    });
    expect(mine('ada')).toStrictEqual([earlier, later]);
    expect(data.subscriptions).toStrictEqual([earlier, later]);
  });

  it('answers the existing subscription for the same topic and the same context set', () => {
    const { data, engine, subscriber, mine } = setup();
    engine.seed({ topics: [{ key: 'news' }, { key: 'sports' }] });
    const news = data.topics.get('news');
    const sports = data.topics.get('sports');
    if (!news || !sports) throw new Error('topics');
    const first = subscribe(
      data,
      news,
      subscriber('ada'),
      ['a', 'b'],
      'ffffffffffffffffffffff01',
      START,
    );
    expect(
      subscribe(data, news, subscriber('ada'), ['b', 'a'], 'ffffffffffffffffffffff02', START),
    ).toBe(first);
    const other = subscribe(
      data,
      news,
      subscriber('ada'),
      ['a'],
      'ffffffffffffffffffffff03',
      START,
    );
    const bigger = subscribe(
      data,
      news,
      subscriber('ada'),
      ['a', 'b', 'c'],
      'ffffffffffffffffffffff04',
      START,
    );
    const elsewhere = subscribe(
      data,
      sports,
      subscriber('ada'),
      ['a', 'b'],
      'ffffffffffffffffffffff05',
      START,
    );
    expect(mine('ada')?.map((item) => item._id)).toStrictEqual([
      first._id,
      other._id,
      bigger._id,
      elsewhere._id,
    ]);
    expect(new Set([first, other, bigger, elsewhere]).size).toBe(4);
  });

  it("removes subscriptions from both lists, and drops a subscriber's emptied list", () => {
    const { data, operations, context, mine, subscriber } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada', 'bob'] },
    });
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'sports' },
      body: { subscriptions: ['ada', 'cy'] },
    });
    const byKey = (key: string, id: string) => {
      const found = data.subscriptions.find(
        (item) => item.topicKey === key && item._subscriberId === subscriber(id)._id,
      );
      if (!found) throw new Error(`${key}/${id}`);
      return found;
    };
    const cyList = mine('cy');
    unsubscribe(data, [byKey('news', 'ada'), byKey('news', 'bob')]);
    expect(data.subscriptions.map((item) => item.identifier)).toStrictEqual([
      'tk_sports:si_ada',
      'tk_sports:si_cy',
    ]);
    expect(mine('ada')?.map((item) => item.identifier)).toStrictEqual(['tk_sports:si_ada']);
    expect(data.subscriptionsBySubscriber.has(subscriber('bob')._id)).toBe(false);
    expect(mine('cy')).toBe(cyList);
    unsubscribe(data, []);
    expect(data.subscriptions.length).toBe(2);
  });

  it('keeps a new subscriber list to the subscriptions it was given', () => {
    const { data, operations, context, mine } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada'] },
    });
    expect(mine('ada')).toStrictEqual(data.subscriptions);
    expect(mine('ada')?.length).toBe(1);
  });
});
