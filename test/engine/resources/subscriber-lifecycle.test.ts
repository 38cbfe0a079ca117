// The engine directly: subscriber create/delete keep the derived search indexes right, topics list
// in the asked order, and every write is undone by restore (docs/behaviour/subscribers.md,
// topics.md; decision 0100 for the indexes).
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import { upserted } from '../helpers';

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [
        { subscriberId: 'ada', email: 'ada@acme.com', firstName: 'Ada' },
        { subscriberId: 'adam', email: 'adam@acme.com', firstName: 'Adam' },
      ],
    },
  });
  const context = engine.scope('Development');
  const search = (email: string) =>
    engine.operations['subscribers.search'](context, {
      query: {
        limit: 10,
        includeCursor: false,
        orderBy: '_id',
        orderDirection: 'ASC',
        email,
      },
    }).data.map((subscriber) => subscriber.subscriberId);
  return { engine, context, search };
}

describe('engine: subscriber lifecycle and the search indexes', () => {
  it('a deleted subscriber leaves filtered and unfiltered searches; a re-created one joins again', () => {
    const { engine, context, search } = setup();
    expect(search('@acme.com')).toEqual(['ada', 'adam']);
    engine.operations['subscribers.delete'](context, { params: { subscriberId: 'ada' } });
    expect(search('@acme.com')).toEqual(['adam']);
    expect(
      engine.operations['subscribers.search'](context, {
        query: {
          limit: 10,
          includeCursor: false,
          orderBy: '_id',
          orderDirection: 'DESC',
        },
      }).totalCount,
    ).toBe(1);
    engine.operations['subscribers.create'](context, {
      body: { subscriberId: 'ada', email: 'ada@acme.com' },
      query: { failIfExists: true },
    });
    expect(search('ada@acme')).toEqual(['ada']);
    expect(search('@acme.com')).toEqual(['adam', 'ada']);
  });

  it('restore brings a deleted subscriber back with its subscriptions', () => {
    const { engine, context } = setup();
    engine.operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada'] },
    });
    const before = engine.snapshot();
    engine.operations['subscribers.delete'](context, { params: { subscriberId: 'ada' } });
    engine.restore(before);
    const restored = engine.scope('Development');
    const page = engine.operations['topics.subscriptions.list'](restored, {
      params: { topicKey: 'news' },
      query: {
        limit: 10,
        includeCursor: false,
        orderDirection: 'ASC',
      },
    });
    expect(page.data.map((item) => item.subscriber.subscriberId)).toEqual(['ada']);
  });
});

describe('engine: topics', () => {
  it('lists by name in both directions, with _id breaking ties', () => {
    const { engine, context } = setup();
    for (const [key, name] of [
      ['b', 'Beta'],
      ['a', 'Alpha'],
      ['c', 'Beta'],
    ] as const) {
      engine.operations['topics.create'](context, {
        body: { key, name },
        query: { failIfExists: false },
      });
    }
    const list = (orderDirection: 'ASC' | 'DESC') =>
      engine.operations['topics.list'](context, {
        query: { limit: 10, includeCursor: false, orderBy: 'name', orderDirection },
      }).data.map((topic) => topic.key);
    expect(list('ASC')).toEqual(['a', 'b', 'c']);
    expect(list('DESC')).toEqual(['c', 'b', 'a']);
  });

  it('an upsert answers created only once', () => {
    const { engine, context } = setup();
    expect(
      upserted(
        engine.operations['topics.create'](context, {
          body: { key: 'k' },
          query: { failIfExists: false },
        }),
      ).created,
    ).toBe(true);
    expect(
      upserted(
        engine.operations['topics.create'](context, {
          body: { key: 'k' },
          query: { failIfExists: false },
        }),
      ).created,
    ).toBe(false);
  });
});
