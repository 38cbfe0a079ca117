// Topics themselves, engine-direct (mock-server/engine/resources/topic-management.ts,
// docs/behaviour/topics.md#create, #list and #retrieve-update-delete): the upsert's checks and
// answers, retrieve/update/delete, and the listing's filters, order and cursors.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  ensureTopic,
  type TopicSearch,
} from '../../../mock-server/engine/resources/topic-management';
import { contextOf, httpRefusal, refusalOf, upserted, validationError } from '../helpers';

const START = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:01:00.000Z';

const invalidKey = (key: string) =>
  `Invalid topic key: "${key}". Topic keys must contain only alphanumeric characters (a-z, A-Z, 0-9), hyphens (-), underscores (_), colons (:), or be a valid email address.`;

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }, { subscriberId: 'cy' }],
    },
  });
  const context = contextOf(engine);
  const { operations } = engine;
  const upsert = (body: unknown, failIfExists = false) =>
    upserted(operations['topics.create'](context, { body, query: { failIfExists } }));
  const list = (search: Partial<TopicSearch> = {}) =>
    operations['topics.list'](context, {
      query: {
        limit: 10,
        includeCursor: false,
        orderBy: '_id',
        orderDirection: 'DESC',
        ...search,
      },
    });
  const keys = (search: Partial<TopicSearch> = {}) => list(search).data.map((topic) => topic.key);
  return { engine, context, data: context.data, operations, upsert, list, keys };
}

describe('topic upsert', () => {
  it('creates a topic with 201 semantics and answers it with its name', () => {
    const { upsert, data } = setup();
    const result = upsert({ key: 'task:12345', name: 'Task' });
    expect(result).toStrictEqual({
      topic: {
        _id: data.topics.get('task:12345')?._id,
        key: 'task:12345',
        name: 'Task',
        createdAt: START,
        updatedAt: START,
      },
      created: true,
    });
  });

  it('answers a topic created without a name without a name field', () => {
    const { upsert, data } = setup();
    const result = upsert({ key: 'plain' });
    expect(result.topic).toStrictEqual({
      _id: data.topics.get('plain')?._id,
      key: 'plain',
      createdAt: START,
      updatedAt: START,
    });
    expect(data.topics.get('plain')).toStrictEqual({
      _id: result.topic._id,
      key: 'plain',
      createdAt: START,
      updatedAt: START,
    });
  });

  it('sets a new name on an existing topic, keeping its _id, and moves updatedAt', () => {
    const { upsert, engine } = setup();
    const first = upsert({ key: 'news', name: 'News' });
    engine.clock.set(LATER);
    expect(upsert({ key: 'news', name: 'Daily news' })).toStrictEqual({
      topic: {
        _id: first.topic._id,
        key: 'news',
        name: 'Daily news',
        createdAt: START,
        updatedAt: LATER,
      },
      created: false,
    });
  });

  it('keeps the name and updatedAt of an existing topic when no name or the same name is given', () => {
    const { upsert, engine } = setup();
    const first = upsert({ key: 'news', name: 'News' });
    engine.clock.set(LATER);
    expect(upsert({ key: 'news' })).toStrictEqual({ topic: first.topic, created: false });
    expect(upsert({ key: 'news', name: 'News' })).toStrictEqual({
      topic: first.topic,
      created: false,
    });
  });

  it('names an unnamed existing topic', () => {
    const { upsert, engine } = setup();
    const first = upsert({ key: 'news' });
    engine.clock.set(LATER);
    expect(upsert({ key: 'news' }).topic).toStrictEqual(first.topic);
    expect(upsert({ key: 'news', name: 'News' }).topic).toStrictEqual({
      ...first.topic,
      name: 'News',
      updatedAt: LATER,
    });
  });

  it('answers 409 for an existing key with failIfExists, and creates a new one', () => {
    const { upsert } = setup();
    upsert({ key: 'news' });
    expect(refusalOf(() => upsert({ key: 'news', name: 'Other' }, true))).toStrictEqual(
      httpRefusal(409, 'Conflict', 'Topic with key "news" already exists'),
    );
    expect(upsert({ key: 'fresh' }, true).created).toBe(true);
  });

  it('answers 422 for an empty key', () => {
    const { upsert } = setup();
    expect(refusalOf(() => upsert({ key: '' }))).toStrictEqual(
      validationError(['key should not be empty']),
    );
  });

  it('takes a key and a name of exactly 100 characters, and refuses 101 with 422', () => {
    const { upsert } = setup();
    const key = 'k'.repeat(100);
    expect(upsert({ key, name: 'n'.repeat(100) }).topic.key).toBe(key);
    expect(refusalOf(() => upsert({ key: 'k'.repeat(101) }))).toStrictEqual(
      validationError(['key must be shorter than or equal to 100 characters']),
    );
    expect(refusalOf(() => upsert({ key: 'short', name: 'n'.repeat(101) }))).toStrictEqual(
      validationError(['name must be shorter than or equal to 100 characters']),
    );
    expect(refusalOf(() => upsert({ key: 'k'.repeat(101), name: 'n'.repeat(101) }))).toStrictEqual(
      validationError([
        'key must be shorter than or equal to 100 characters',
        'name must be shorter than or equal to 100 characters',
      ]),
    );
  });

  it('refuses a new key with other characters with 400, and takes dots and emails', () => {
    const { upsert, data } = setup();
    expect(refusalOf(() => upsert({ key: 'has space' }))).toStrictEqual(
      httpRefusal(400, 'Bad Request', invalidKey('has space')),
    );
    expect(data.topics.has('has space')).toBe(false);
    expect(upsert({ key: 'a.b_c-d:e' }).created).toBe(true);
    expect(upsert({ key: 'ada@example.com' }).created).toBe(true);
  });
});

describe('ensureTopic', () => {
  it('creates a topic once and answers the existing one unchanged afterwards', () => {
    const { context } = setup();
    const made = ensureTopic(context, 'news');
    expect(made.created).toBe(true);
    expect(made.topic).toStrictEqual({
      _id: made.topic._id,
      key: 'news',
      createdAt: START,
      updatedAt: START,
    });
    const again = ensureTopic(context, 'news', 'Renamed');
    expect(again.created).toBe(false);
    expect(again.topic).toBe(made.topic);
    expect(again.topic.name).toBe(undefined);
    const named = ensureTopic(context, 'named', 'Named');
    expect(named.topic.name).toBe('Named');
  });

  it('refuses an invalid key with 400 and stores nothing', () => {
    const { context } = setup();
    expect(refusalOf(() => ensureTopic(context, 'a/b'))).toStrictEqual(
      httpRefusal(400, 'Bad Request', invalidKey('a/b')),
    );
    expect(context.data.topics.has('a/b')).toBe(false);
  });
});

describe('topic retrieve, update and delete', () => {
  it('retrieves a topic, and answers 404 naming the key for an unknown one', () => {
    const { upsert, operations, context } = setup();
    const { topic } = upsert({ key: 'news', name: 'News' });
    expect(operations['topics.retrieve'](context, { params: { topicKey: 'news' } })).toStrictEqual(
      topic,
    );
    expect(
      refusalOf(() => operations['topics.retrieve'](context, { params: { topicKey: 'ghost' } })),
    ).toStrictEqual(httpRefusal(404, 'Not Found', 'Topic with key ghost not found'));
  });

  it('sets the name and updatedAt with an update', () => {
    const { upsert, operations, context, engine } = setup();
    const { topic } = upsert({ key: 'news' });
    engine.clock.set(LATER);
    const updated = operations['topics.update'](context, {
      params: { topicKey: 'news' },
      body: { name: 'News' },
    });
    expect(updated).toStrictEqual({ ...topic, name: 'News', updatedAt: LATER });
    expect(operations['topics.retrieve'](context, { params: { topicKey: 'news' } })).toStrictEqual(
      updated,
    );
  });

  it('keeps the name of an update without one, refuses a long one, and answers 404 for an unknown topic', () => {
    const { upsert, operations, context } = setup();
    upsert({ key: 'news', name: 'News' });
    expect(
      operations['topics.update'](context, { params: { topicKey: 'news' }, body: {} }).name,
    ).toBe('News');
    expect(
      refusalOf(() =>
        operations['topics.update'](context, {
          params: { topicKey: 'news' },
          body: { name: 'n'.repeat(101) },
        }),
      ),
    ).toStrictEqual(validationError(['name must be shorter than or equal to 100 characters']));
    expect(
      refusalOf(() =>
        operations['topics.update'](context, {
          params: { topicKey: 'ghost' },
          body: { name: 'x' },
        }),
      ),
    ).toStrictEqual(httpRefusal(404, 'Not Found', 'Topic with key ghost not found'));
  });

  it('deletes the topic and every subscription to it, and keeps the others', () => {
    const { upsert, operations, context, data } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada', 'bob'] },
    });
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'sports' },
      body: { subscriptions: ['bob', 'cy'] },
    });
    upsert({ key: 'empty' });
    const objectId = (id: string) => data.subscribers.get(id)?._id ?? id;
    const cyList = data.subscriptionsBySubscriber.get(objectId('cy'));
    expect(operations['topics.delete'](context, { params: { topicKey: 'news' } })).toStrictEqual({
      acknowledged: true,
    });
    expect(data.topics.has('news')).toBe(false);
    expect(data.subscriptions.map((item) => [item.topicKey, item.identifier])).toStrictEqual([
      ['sports', 'tk_sports:si_bob'],
      ['sports', 'tk_sports:si_cy'],
    ]);
    expect(data.subscriptionsBySubscriber.has(objectId('ada'))).toBe(false);
    expect(
      data.subscriptionsBySubscriber.get(objectId('bob'))?.map((item) => item.identifier),
    ).toStrictEqual(['tk_sports:si_bob']);
    expect(data.subscriptionsBySubscriber.get(objectId('cy'))).toBe(cyList);
    expect(
      data.subscriptionsBySubscriber.get(objectId('cy'))?.map((item) => item.identifier),
    ).toStrictEqual(['tk_sports:si_cy']);
    expect(
      refusalOf(() => operations['topics.retrieve'](context, { params: { topicKey: 'news' } }))
        .status,
    ).toBe(404);
    expect(operations['topics.delete'](context, { params: { topicKey: 'empty' } })).toStrictEqual({
      acknowledged: true,
    });
  });

  it('answers 404 for deleting an unknown topic', () => {
    const { operations, context } = setup();
    expect(
      refusalOf(() => operations['topics.delete'](context, { params: { topicKey: 'ghost' } })),
    ).toStrictEqual(httpRefusal(404, 'Not Found', 'Topic with key ghost not found'));
  });

  it('starts a re-created topic without the subscriptions of the deleted one', () => {
    const { operations, context } = setup();
    operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada'] },
    });
    operations['topics.delete'](context, { params: { topicKey: 'news' } });
    operations['topics.create'](context, { body: { key: 'news' }, query: { failIfExists: false } });
    const search = { limit: 10, includeCursor: false, orderDirection: 'DESC' as const };
    expect(
      operations['topics.subscriptions.list'](context, {
        params: { topicKey: 'news' },
        query: search,
      }).data,
    ).toStrictEqual([]);
    expect(
      operations['subscribers.subscriptions.list'](context, {
        params: { subscriberId: 'ada' },
        query: search,
      }).data,
    ).toStrictEqual([]);
  });
});

describe('topic listing', () => {
  function fiveTopics() {
    const state = setup();
    state.upsert({ key: 'task:alpha', name: 'Beta' });
    state.upsert({ key: 'Task:Bravo', name: 'alpha' });
    state.upsert({ key: 'news' });
    state.upsert({ key: 'task:charlie', name: 'Alpha' });
    state.upsert({ key: 'sports', name: 'Sports' });
    const ascending = [...state.data.topics.values()].map((topic) => topic._id);
    return { ...state, ascending };
  }

  it('refuses both cursors at once with 400', () => {
    const { list, ascending } = fiveTopics();
    expect(refusalOf(() => list({ after: ascending[0], before: ascending[1] }))).toStrictEqual(
      httpRefusal(
        400,
        'Bad Request',
        'Cannot specify both "before" and "after" cursors at the same time.',
      ),
    );
  });

  it('lists every topic newest first by default, in the wire shape', () => {
    const { list, keys, data } = fiveTopics();
    expect(keys()).toStrictEqual(['sports', 'task:charlie', 'news', 'Task:Bravo', 'task:alpha']);
    const page = list({ limit: 2 });
    expect(page.data).toStrictEqual([
      {
        _id: data.topics.get('sports')?._id,
        key: 'sports',
        name: 'Sports',
        createdAt: START,
        updatedAt: START,
      },
      {
        _id: data.topics.get('task:charlie')?._id,
        key: 'task:charlie',
        name: 'Alpha',
        createdAt: START,
        updatedAt: START,
      },
    ]);
    expect(page.totalCount).toBe(5);
    expect(page.next).toBe(data.topics.get('task:charlie')?._id);
    expect(page.previous).toBe(null);
  });

  it('matches key and name as case-insensitive substrings, both at once', () => {
    const { keys } = fiveTopics();
    expect(keys({ key: 'TASK', orderDirection: 'ASC' })).toStrictEqual([
      'task:alpha',
      'Task:Bravo',
      'task:charlie',
    ]);
    expect(keys({ key: 'bravo' })).toStrictEqual(['Task:Bravo']);
    expect(keys({ name: 'ALPHA', orderDirection: 'ASC' })).toStrictEqual([
      'Task:Bravo',
      'task:charlie',
    ]);
    expect(keys({ key: 'alpha', name: 'alpha' })).toStrictEqual([]);
    expect(keys({ key: 'task', name: 'beta' })).toStrictEqual(['task:alpha']);
    expect(keys({ key: 'nothing' })).toStrictEqual([]);
  });

  it('never matches a name filter against a topic without a name', () => {
    const { keys } = fiveTopics();
    expect(keys({ name: 'e', orderDirection: 'ASC' })).toStrictEqual(['task:alpha']);
    expect(keys({ name: 's', orderDirection: 'ASC' })).toStrictEqual(['sports']);
  });

  it('orders by another field, ties broken by _id, in both directions', () => {
    const { keys, upsert } = fiveTopics();
    upsert({ key: 'twin', name: 'Alpha' });
    expect(keys({ orderBy: 'name', orderDirection: 'ASC' })).toStrictEqual([
      'news',
      'task:charlie',
      'twin',
      'task:alpha',
      'sports',
      'Task:Bravo',
    ]);
    expect(keys({ orderBy: 'name' })).toStrictEqual([
      'Task:Bravo',
      'sports',
      'task:alpha',
      'twin',
      'task:charlie',
      'news',
    ]);
  });

  it('pages ascending and descending with after and before, with and without the cursor', () => {
    const { list, ascending } = fiveTopics();
    const [a, b, c, d, e] = ascending;
    const page = (search: Partial<TopicSearch>) => {
      const result = list({ limit: 2, ...search });
      return {
        ids: result.data.map((topic) => topic._id),
        next: result.next,
        previous: result.previous,
      };
    };
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
    expect(page({ after: b })).toStrictEqual({ ids: [a], next: null, previous: a });
    expect(page({ before: d, orderDirection: 'DESC' }).ids).toStrictEqual([e]);
  });

  it('pages by another field from a cursor', () => {
    const { list, data } = fiveTopics();
    const id = (key: string) => data.topics.get(key)?._id;
    const page = list({
      orderBy: 'name',
      orderDirection: 'ASC',
      limit: 2,
      after: id('task:charlie'),
    });
    expect(page.data.map((topic) => topic.key)).toStrictEqual(['task:alpha', 'sports']);
    const back = list({ orderBy: 'name', limit: 2, after: id('sports') });
    expect(back.data.map((topic) => topic.key)).toStrictEqual(['task:alpha', 'task:charlie']);
  });

  it('takes a cursor in any case', () => {
    const { list, ascending } = fiveTopics();
    const [, b, c, d] = ascending;
    const cursor = String(b).toUpperCase();
    expect(cursor).not.toBe(b);
    expect(
      list({ orderDirection: 'ASC', limit: 2, after: cursor }).data.map((topic) => topic._id),
    ).toStrictEqual([c, d]);
  });

  it('answers an empty page for a cursor that names no topic', () => {
    const { list } = fiveTopics();
    const empty = { data: [], next: null, previous: null, totalCount: 0, totalCountCapped: false };
    expect(list({ after: 'ffffffffffffffffffffffff' })).toStrictEqual(empty);
    expect(list({ before: 'ffffffffffffffffffffffff' })).toStrictEqual(empty);
    expect(list({ after: 'not-an-id' })).toStrictEqual(empty);
  });
});

describe('topic custom data', () => {
  const update = (setupResult: ReturnType<typeof setup>, body: unknown) =>
    setupResult.operations['topics.update'](setupResult.context, {
      params: { topicKey: 'news' },
      body,
    });

  it('stores data given on create and answers it on create, retrieve and list', () => {
    const world = setup();
    const data = { category: 'product', priority: 1, beta: true, regions: ['eu', 'us'] };
    const { topic } = world.upsert({ key: 'news', data });
    expect(topic.data).toStrictEqual(data);
    expect(
      world.operations['topics.retrieve'](world.context, { params: { topicKey: 'news' } }).data,
    ).toStrictEqual(data);
    expect(world.list().data[0]?.data).toStrictEqual(data);
    expect(world.upsert({ key: 'plain' }).topic).not.toHaveProperty('data');
  });

  it('replaces data on an upsert of an existing key and on update; null clears it', () => {
    const world = setup();
    world.upsert({ key: 'news', name: 'News', data: { tier: 'free' } });
    expect(world.upsert({ key: 'news', data: { tier: 'pro' } }).topic).toMatchObject({
      name: 'News',
      data: { tier: 'pro' },
    });
    expect(update(world, { data: { tier: 'team' } }).data).toStrictEqual({ tier: 'team' });
    expect(update(world, { name: 'Renamed' }).data).toStrictEqual({ tier: 'team' });
    expect(update(world, { data: null })).not.toHaveProperty('data');
  });

  it('refuses data that is not flat scalars with 422 and changes nothing', () => {
    const world = setup();
    world.upsert({ key: 'news', data: { tier: 'free' } });
    expect(refusalOf(() => update(world, { data: { nested: { a: 1 } } }))).toStrictEqual(
      validationError([
        'Custom data field "nested" must be a string, number, boolean, or string[]',
      ]),
    );
    expect(refusalOf(() => update(world, { data: { ids: [1, 2] } }))).toStrictEqual(
      validationError(['Custom data field "ids" must be a string, number, boolean, or string[]']),
    );
    expect(refusalOf(() => update(world, { data: 'text' }))).toStrictEqual(
      validationError(['data must be an object', 'Custom data must be an object']),
    );
    expect(refusalOf(() => world.upsert({ key: 'other', data: [1] }))).toStrictEqual(
      validationError(['data must be an object', 'Custom data must be an object']),
    );
    expect(world.data.topics.get('news')?.data).toStrictEqual({ tier: 'free' });
    expect(world.data.topics.has('other')).toBe(false);
  });

  it('takes data of 64 KB and refuses more with 422', () => {
    const world = setup();
    const fits = { blob: 'x'.repeat(64 * 1024 - 11) };
    expect(JSON.stringify(fits).length).toBe(64 * 1024);
    expect(world.upsert({ key: 'news', data: fits }).topic.data).toStrictEqual(fits);
    expect(refusalOf(() => update(world, { data: { blob: 'x'.repeat(70 * 1024) } }))).toStrictEqual(
      validationError(['data is too large: 70KB exceeds 64KB limit']),
    );
  });
});
