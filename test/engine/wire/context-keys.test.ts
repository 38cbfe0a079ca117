// A request's context, engine-direct (mock-server/engine/wire/context-keys.ts,
// docs/behaviour/subscribers.md#contexts): its keys, and the service's refusals on every
// operation that takes one.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { contextKeysOf, contextMessages } from '../../../mock-server/engine/wire/context-keys';
import { contextOf, refusalOf, validationError } from '../helpers';

const SIX = { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' };
const TOO_MANY = 'Too many contexts: 6 provided, maximum allowed is 5';

describe('contextKeysOf', () => {
  it('keys each entry type:id, in the order given', () => {
    expect(contextKeysOf({ tenant: 'acme', region: { id: 'eu', data: { x: 1 } } })).toStrictEqual([
      'tenant:acme',
      'region:eu',
    ]);
  });

  it('has no keys for an absent or malformed context', () => {
    expect(contextKeysOf(undefined)).toStrictEqual([]);
    expect(contextKeysOf(['tenant'])).toStrictEqual([]);
    expect(contextKeysOf('tenant:acme')).toStrictEqual([]);
  });
});

describe('contextMessages', () => {
  it("words a malformed context, too many and too much data as the service's", () => {
    expect(contextMessages({})).toStrictEqual({});
    expect(contextMessages({ context: { tenant: 'acme' } })).toStrictEqual({});
    expect(contextMessages({ context: SIX })).toStrictEqual({ context: TOO_MANY });
    expect(contextMessages({ context: { tenant: 5 } })['context']).toMatch(
      /^Invalid context payload structure/,
    );
    expect(
      contextMessages({ context: { big: { id: 'x', data: { blob: 'x'.repeat(70 * 1024) } } } }),
    ).toStrictEqual({ context: "Context 'big' data is too large: 70KB exceeds 64KB limit" });
  });
});

describe('operations that take a context refuse one the service refuses, changing nothing', () => {
  const setup = () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [{ workflowId: 'welcome', steps: [{ type: 'in_app', name: 'Inbox' }] }],
      },
    });
    return { engine, context: contextOf(engine) };
  };

  it('preferences update and bulk update', () => {
    const { engine, context } = setup();
    const params = { subscriberId: 'ada' };
    expect(
      refusalOf(() =>
        engine.operations['subscribers.preferences.update'](context, {
          params,
          body: { channels: { in_app: false }, context: SIX },
        }),
      ),
    ).toStrictEqual(validationError([TOO_MANY]));
    expect(
      refusalOf(() =>
        engine.operations['subscribers.preferences.bulkUpdate'](context, {
          params,
          body: { preferences: [{ workflowId: 'welcome', channels: {} }], context: SIX },
        }),
      ),
    ).toStrictEqual(validationError([TOO_MANY]));
    expect(context.data.preferences.size).toBe(0);
  });

  it('topic subscriptions create', () => {
    const { engine, context } = setup();
    expect(
      refusalOf(() =>
        engine.operations['topics.subscriptions.create'](context, {
          params: { topicKey: 'news' },
          body: { subscriptions: ['ada'], context: SIX },
        }),
      ),
    ).toStrictEqual(validationError([TOO_MANY]));
    expect(context.data.topics.size).toBe(0);
  });
});
