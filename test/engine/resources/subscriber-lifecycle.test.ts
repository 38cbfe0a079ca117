// The engine directly: subscriber create/delete keep the derived search indexes right, topics list
// in the asked order, and every write is undone by restore (docs/behaviour/subscribers.md,
// topics.md; decision 0100 for the indexes).
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [
        { subscriberId: 'ada', email: 'ada@acme.com', firstName: 'Ada' },
        { subscriberId: 'adam', email: 'adam@acme.com', firstName: 'Adam' },
      ],
    },
  });
  const context = engine.authenticate(`ApiKey ${engine.environment('Development').apiKey}`);
  const search = (email: string) =>
    engine.operations
      .searchSubscribers(context, {
        limit: 10,
        includeCursor: false,
        orderBy: '_id',
        orderDirection: 'ASC',
        email,
      })
      .data.map((subscriber) => subscriber.subscriberId);
  return { engine, context, search };
}

describe('engine: subscriber lifecycle and the search indexes', () => {
  it('a deleted subscriber leaves filtered and unfiltered searches; a re-created one joins again', () => {
    const { engine, context, search } = setup();
    expect(search('@acme.com')).toEqual(['ada', 'adam']);
    engine.operations.deleteSubscriber(context, 'ada');
    expect(search('@acme.com')).toEqual(['adam']);
    expect(
      engine.operations.searchSubscribers(context, {
        limit: 10,
        includeCursor: false,
        orderBy: '_id',
        orderDirection: 'DESC',
      }).totalCount,
    ).toBe(1);
    engine.operations.createSubscriber(
      context,
      { subscriberId: 'ada', email: 'ada@acme.com' },
      { failIfExists: true },
    );
    expect(search('ada@acme')).toEqual(['ada']);
    expect(search('@acme.com')).toEqual(['adam', 'ada']);
  });

  it('restore brings a deleted subscriber back with its subscriptions', () => {
    const { engine, context } = setup();
    engine.operations.createTopicSubscriptions(context, 'news', { subscriptions: ['ada'] });
    const before = engine.snapshot();
    engine.operations.deleteSubscriber(context, 'ada');
    engine.restore(before);
    const restored = engine.authenticate(`ApiKey ${engine.environment('Development').apiKey}`);
    const page = engine.operations.listTopicSubscriptions(restored, 'news', {
      limit: 10,
      includeCursor: false,
      orderDirection: 'ASC',
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
      engine.operations.upsertTopic(context, { key, name }, { failIfExists: false });
    }
    const list = (orderDirection: 'ASC' | 'DESC') =>
      engine.operations
        .listTopics(context, { limit: 10, includeCursor: false, orderBy: 'name', orderDirection })
        .data.map((topic) => topic.key);
    expect(list('ASC')).toEqual(['a', 'b', 'c']);
    expect(list('DESC')).toEqual(['c', 'b', 'a']);
  });

  it('an upsert answers created only once', () => {
    const { engine, context } = setup();
    expect(
      engine.operations.upsertTopic(context, { key: 'k' }, { failIfExists: false }).created,
    ).toBe(true);
    expect(
      engine.operations.upsertTopic(context, { key: 'k' }, { failIfExists: false }).created,
    ).toBe(false);
  });
});
