import { createMockEngine, type MockEngine, ServiceError } from '@svc/api/mock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The trigram index behind filtered subscriber search must answer exactly what a scan answers,
// after any mix of seeds, updates, trigger upserts and restores. A small alphabet makes trigrams
// collide, so candidates that fail verification are common.
const text = fc.string({ unit: fc.constantFrom('a', 'b', '@', '.', '1'), maxLength: 7 });
const word = fc.string({ unit: fc.constantFrom('a', 'b', '1'), minLength: 1, maxLength: 3 });
const email = fc.tuple(word, word).map(([local, domain]) => `${local}@${domain}.ab`);
const fields = fc.record(
  {
    email: fc.option(email, { nil: null }),
    phone: fc.option(text, { nil: null }),
    firstName: fc.option(text, { nil: null }),
    lastName: fc.option(text, { nil: null }),
  },
  { requiredKeys: [] },
);
const subscriberId = fc.constantFrom('s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7');
const randomFilter = fc.record(
  {
    email: fc.string({ unit: fc.constantFrom('a', 'b', '@', '.', '1'), maxLength: 4 }),
    phone: fc.string({ unit: fc.constantFrom('a', 'b', '1'), maxLength: 4 }),
    name: fc.string({ unit: fc.constantFrom('a', 'b', ' ', '1'), maxLength: 4 }),
  },
  { requiredKeys: [] },
);
// A few common filters, so one filter is often searched again after writes (remembered matches).
const filter = fc.oneof(
  fc.constantFrom(
    { email: '.ab' },
    { email: 'a@' },
    { name: 'a' },
    { phone: 'ab' },
    { email: '@b' },
  ),
  randomFilter,
);
const action = fc.oneof(
  fc.record({ kind: fc.constant('seed' as const), subscriberId, fields }),
  fc.record({ kind: fc.constant('update' as const), subscriberId, fields }),
  fc.record({ kind: fc.constant('trigger' as const), subscriberId, fields }),
  fc.record({ kind: fc.constant('search' as const), filter }),
  fc.record({ kind: fc.constant('snapshot' as const) }),
  fc.record({ kind: fc.constant('restore' as const) }),
);

type Fields = { email?: string; phone?: string; name?: string };

function scanSearch(engine: MockEngine, filters: Fields, direction: 'ASC' | 'DESC'): string[] {
  const context = engine.scope('Development');
  const everyone = engine.operations['subscribers.search'](context, {
    query: {
      limit: 100,
      includeCursor: false,
      orderBy: '_id',
      orderDirection: direction,
    },
  }).data;
  return everyone
    .filter(
      (subscriber) =>
        (filters.email === undefined || (subscriber.email ?? '').includes(filters.email)) &&
        (filters.phone === undefined || (subscriber.phone ?? '').includes(filters.phone)) &&
        (filters.name === undefined ||
          `${subscriber.firstName ?? ''} ${subscriber.lastName ?? ''}`
            .trim()
            .includes(filters.name)),
    )
    .map((subscriber) => subscriber._id);
}

function ignoreRefusal(write: () => unknown): void {
  try {
    write();
  } catch (error) {
    if (!(error instanceof ServiceError) || ![400, 422].includes(error.status)) throw error;
  }
}

describe('subscriber search index (issue 8): property', () => {
  it('a filtered search answers exactly the scan, in order, after any writes', () => {
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 25 }),
        fc.constantFrom('ASC' as const, 'DESC' as const),
        (actions, direction) => {
          const engine = createMockEngine({
            seed: {
              workflows: [
                { workflowId: 'wf', steps: [{ type: 'in_app', name: 'Inbox', controlValues: {} }] },
              ],
            },
          });
          const context = () => engine.scope('Development');
          let saved = engine.snapshot();
          const known = new Set<string>();
          for (const step of actions) {
            if (step.kind === 'seed') {
              engine.seed({ subscribers: [{ subscriberId: step.subscriberId, ...step.fields }] });
              known.add(step.subscriberId);
            } else if (step.kind === 'update' && known.has(step.subscriberId)) {
              // Invalid emails are refused before anything is written.
              ignoreRefusal(() =>
                engine.operations['subscribers.update'](context(), {
                  params: { subscriberId: step.subscriberId },
                  body: step.fields,
                }),
              );
            } else if (step.kind === 'trigger') {
              const { email, phone, firstName, lastName } = step.fields;
              const to = Object.fromEntries(
                Object.entries({ email, phone, firstName, lastName }).filter(
                  ([, value]) => typeof value === 'string' && value !== '',
                ),
              );
              ignoreRefusal(() =>
                engine.operations['events.trigger'](context(), {
                  body: {
                    name: 'wf',
                    to: { subscriberId: step.subscriberId, ...to },
                  },
                }),
              );
              known.add(step.subscriberId);
            } else if (step.kind === 'snapshot') {
              saved = engine.snapshot();
            } else if (step.kind === 'restore') {
              engine.restore(saved);
              known.clear();
              for (const id of ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7']) {
                try {
                  engine.operations['subscribers.retrieve'](context(), {
                    params: { subscriberId: id },
                  });
                  known.add(id);
                } catch {}
              }
            } else if (step.kind === 'search') {
              const page = engine.operations['subscribers.search'](context(), {
                query: {
                  ...step.filter,
                  limit: 100,
                  includeCursor: false,
                  orderBy: '_id',
                  orderDirection: direction,
                },
              });
              const expected = scanSearch(engine, step.filter, direction);
              expect(page.data.map((subscriber) => subscriber._id)).toEqual(expected);
              expect(page.totalCount).toBe(expected.length);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('finds a subscriber by a substring that only appears after an update', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'u1', email: 'old@one.io' }] },
    });
    const context = engine.scope('Development');
    const search = {
      limit: 10,
      includeCursor: false,
      orderBy: '_id',
      orderDirection: 'ASC' as const,
    };
    expect(
      engine.operations['subscribers.search'](context, { query: { ...search, email: 'old@' } })
        .totalCount,
    ).toBe(1);
    engine.operations['subscribers.update'](context, {
      params: { subscriberId: 'u1' },
      body: { email: 'new@two.io' },
    });
    expect(
      engine.operations['subscribers.search'](context, { query: { ...search, email: 'old@' } })
        .totalCount,
    ).toBe(0);
    const found = engine.operations['subscribers.search'](context, {
      query: { ...search, email: 'new@' },
    });
    expect(found.data.map((subscriber) => subscriber.subscriberId)).toEqual(['u1']);
  });

  it('finds a subscriber whose name a trigger changed, and no longer by the old one', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'u1', firstName: 'Ada', lastName: 'Lovelace' }],
        workflows: [{ workflowId: 'wf', steps: [{ type: 'in_app', name: 'Inbox' }] }],
      },
    });
    const context = engine.scope('Development');
    const search = {
      limit: 10,
      includeCursor: false,
      orderBy: '_id',
      orderDirection: 'ASC' as const,
    };
    const byName = (name: string) =>
      engine.operations['subscribers.search'](context, { query: { ...search, name } }).totalCount;
    expect(byName('Lovelace')).toBe(1);
    engine.operations['events.trigger'](context, {
      body: {
        name: 'wf',
        to: { subscriberId: 'u1', lastName: 'Hopper' },
      },
    });
    expect(byName('Lovelace')).toBe(0);
    expect(byName('Ada Hopper')).toBe(1);
  });

  it('reorders remembered matches sorted by updatedAt after a credentials write', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [
          { subscriberId: 'u1', email: 'one@same.io' },
          { subscriberId: 'u2', email: 'two@same.io' },
        ],
        integrations: [{ providerId: 'slack', channel: 'chat', active: true }],
      },
    });
    const context = engine.scope('Development');
    const newestFirst = () =>
      engine.operations['subscribers.search'](context, {
        query: {
          limit: 10,
          includeCursor: false,
          orderBy: 'updatedAt',
          orderDirection: 'DESC',
          email: '@same.io',
        },
      }).data.map((subscriber) => subscriber.subscriberId);
    expect(newestFirst()).toEqual(['u2', 'u1']);
    engine.clock.advance('1m');
    engine.operations['subscribers.credentials.upsert'](context, {
      params: { subscriberId: 'u1' },
      body: {
        providerId: 'slack',
        credentials: { webhookUrl: 'https://hooks.example.com/u1' },
      },
    });
    expect(newestFirst()).toEqual(['u1', 'u2']);
  });

  it('adds a newly matching subscriber to a filter searched before', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'u1', email: 'one@same.io' }],
        workflows: [{ workflowId: 'wf', steps: [{ type: 'in_app', name: 'Inbox' }] }],
      },
    });
    const context = engine.scope('Development');
    const found = () =>
      engine.operations['subscribers.search'](context, {
        query: {
          limit: 10,
          includeCursor: false,
          orderBy: '_id',
          orderDirection: 'ASC',
          email: '@same.io',
        },
      }).data.map((subscriber) => subscriber.subscriberId);
    expect(found()).toEqual(['u1']);
    engine.seed({ subscribers: [{ subscriberId: 'u2', email: 'two@same.io' }] });
    engine.operations['events.trigger'](context, {
      body: {
        name: 'wf',
        to: { subscriberId: 'u3', email: 'three@same.io' },
      },
    });
    expect(found()).toEqual(['u1', 'u2', 'u3']);
  });
});
