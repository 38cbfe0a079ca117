// Topic subscriptions made in a context, engine-direct (mock-server/engine/resources/topic-subscriptions.ts,
// docs/behaviour/topics.md#subscriptions): the context's keys are stored and answered, a
// subscriber holds one subscription per context, and listings filter by the exact set.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { contextOf } from '../helpers';

function setup() {
  const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
  const context = contextOf(engine);
  const create = (body: Record<string, unknown>) =>
    engine.operations['topics.subscriptions.create'](context, {
      params: { topicKey: 'news' },
      body: { subscriptions: ['ada'], ...body },
    });
  const list = (query: string) =>
    engine.operations['topics.subscriptions.list'](context, {
      params: { topicKey: 'news' },
      query: new URLSearchParams(query),
    });
  return { engine, context, create, list };
}

describe('topic subscriptions in a context', () => {
  it('stores and answers the context keys, with the context in the identifier', () => {
    const { create } = setup();
    const [made] = create({ context: { tenant: 'acme', region: { id: 'eu' } } }).data;
    expect(made?.contextKeys).toStrictEqual(['tenant:acme', 'region:eu']);
    expect(made?.identifier).toBe('tk_news:si_ada:ctx_region:eu,tenant:acme');
  });

  it('holds one subscription per subscriber and context, and answers the existing one again', () => {
    const { create, context } = setup();
    const none = create({}).data[0];
    const acme = create({ context: { tenant: 'acme' } }).data[0];
    const again = create({ context: { tenant: 'acme' } }).data[0];
    expect(none?.contextKeys).toStrictEqual([]);
    expect(acme?._id).not.toBe(none?._id);
    expect(again?._id).toBe(acme?._id);
    expect(context.data.subscriptions).toHaveLength(2);
  });

  it('lists by the exact set of keys, in any order; contextKeys= lists those without one', () => {
    const { create, list } = setup();
    create({});
    create({ context: { tenant: 'acme', region: 'eu' } });
    const keys = (query: string) => list(query).data.map((item) => item.contextKeys);
    expect(keys('contextKeys=region:eu&contextKeys=tenant:acme')).toStrictEqual([
      ['tenant:acme', 'region:eu'],
    ]);
    expect(keys('contextKeys=tenant:acme')).toStrictEqual([]);
    expect(keys('contextKeys=')).toStrictEqual([[]]);
  });
});
