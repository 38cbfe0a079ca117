import { createMockEngine } from '@svc/api/mock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  listWorkflows,
  type WorkflowListItemDto,
} from '../../../mock-server/engine/resources/workflows';

// The workflow list reads sort orders cached per field and the subscriptions page reads
// per-subscriber lists: both must answer what filtering and sorting every record answers, also
// after seeds, syncs and triggers change the records.
const stamp = fc.constantFrom(
  '2026-01-01T00:00:00.000Z',
  '2026-01-02T00:00:00.000Z',
  '2026-01-03T00:00:00.000Z',
);
const workflow = fc.record({
  workflowId: fc.constantFrom('w0', 'w1', 'w2', 'w3', 'w4', 'w5'),
  name: fc.constantFrom('Alpha', 'beta', 'Gamma', 'alpha two'),
  tags: fc.subarray(['a', 'b', 'c']),
  createdAt: stamp,
  updatedAt: stamp,
  lastTriggeredAt: fc.option(stamp, { nil: null }),
  status: fc.constantFrom('ACTIVE' as const, 'INACTIVE' as const),
  withIssue: fc.boolean(),
});
const action = fc.oneof(
  fc.record({
    kind: fc.constant('seed' as const),
    workflows: fc.array(workflow, { maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('trigger' as const),
    workflowId: fc.constantFrom('w0', 'w1', 'w2'),
  }),
  fc.record({ kind: fc.constant('sync' as const), workflowId: fc.constantFrom('w0', 'w1', 'w2') }),
);
const search = fc.record(
  {
    limit: fc.integer({ min: 1, max: 4 }),
    offset: fc.integer({ min: 0, max: 5 }),
    orderBy: fc.constantFrom(
      'createdAt' as const,
      'updatedAt' as const,
      'name' as const,
      'lastTriggeredAt' as const,
    ),
    orderDirection: fc.constantFrom('ASC' as const, 'DESC' as const),
    query: fc.constantFrom('', 'alpha', 'W1', 'zzz'),
    tags: fc.subarray(['a', 'b']),
    status: fc.subarray(['ACTIVE', 'INACTIVE', 'ERROR']),
  },
  { requiredKeys: ['limit', 'offset', 'orderBy', 'orderDirection'] },
);

type Search = typeof search extends fc.Arbitrary<infer T> ? T : never;

/** The list as filtering and sorting every item answers it (the pre-index algorithm). */
function referencePage(items: WorkflowListItemDto[], options: Search) {
  const query = options.query?.toLowerCase();
  const found = items.filter(
    (item) =>
      (query === undefined ||
        query === '' ||
        item.name.toLowerCase().includes(query) ||
        item.workflowId.toLowerCase().includes(query)) &&
      (options.tags === undefined || item.tags.some((tag) => options.tags?.includes(tag))) &&
      (options.status === undefined || options.status.includes(item.status)),
  );
  const sign = options.orderDirection === 'ASC' ? 1 : -1;
  found.sort((a, b) => {
    const left = a[options.orderBy] ?? '';
    const right = b[options.orderBy] ?? '';
    const order = left < right ? -1 : left > right ? 1 : 0;
    return sign * (order || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  });
  return {
    ids: found.slice(options.offset, options.offset + options.limit).map((item) => item._id),
    totalCount: found.length,
  };
}

describe('workflow list order cache (issue 8): property', () => {
  it('a page equals filtering and sorting every workflow, after seeds, syncs and triggers', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 8 }), search, (actions, options) => {
        const engine = createMockEngine();
        const context = engine.scope('Development');
        const production = engine.environment('Production');
        for (const step of actions) {
          if (step.kind === 'seed') {
            engine.seed({
              workflows: step.workflows.map(({ withIssue, ...fields }) => ({
                ...fields,
                // An email step without an email integration reports issues: status ERROR.
                steps: [{ type: withIssue ? 'email' : 'in_app', name: 'Step', controlValues: {} }],
              })),
            });
          } else {
            // Unknown workflows are refused; that is fine, the list must still be right.
            engine.clock.advance('1d');
            try {
              if (step.kind === 'trigger') {
                engine.operations['events.trigger'](context, {
                  body: {
                    name: step.workflowId,
                    to: { subscriberId: 'user-1' },
                  },
                });
              } else {
                engine.operations['workflows.sync'](context, {
                  params: { workflowId: step.workflowId },
                  body: {
                    targetEnvironmentId: production._id,
                  },
                });
              }
            } catch {}
          }
          const all = listWorkflows(context, {
            limit: 1000,
            offset: 0,
            orderBy: 'createdAt',
            orderDirection: 'ASC',
          }).workflows;
          const page = listWorkflows(context, options);
          const expected = referencePage(all, options);
          expect(page.workflows.map((item) => item._id)).toEqual(expected.ids);
          expect(page.totalCount).toBe(expected.totalCount);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('workflow list order cache (issue 8)', () => {
  it('a trigger moves the workflow to the top of the lastTriggeredAt DESC order', () => {
    const steps = [{ type: 'in_app' as const, name: 'Inbox' }];
    const engine = createMockEngine({
      seed: { workflows: ['w0', 'w1', 'w2'].map((workflowId) => ({ workflowId, steps })) },
    });
    const context = engine.scope('Development');
    const newestTriggered = () =>
      listWorkflows(context, {
        limit: 1,
        offset: 0,
        orderBy: 'lastTriggeredAt',
        orderDirection: 'DESC',
      }).workflows.map((item) => item.workflowId);
    expect(newestTriggered()).toEqual(['w2']);
    engine.operations['events.trigger'](context, {
      body: { name: 'w0', to: { subscriberId: 'user-1' } },
    });
    expect(newestTriggered()).toEqual(['w0']);
    engine.clock.advance('1m');
    engine.operations['events.trigger'](context, {
      body: { name: 'w1', to: { subscriberId: 'user-1' } },
    });
    expect(newestTriggered()).toEqual(['w1']);
  });
});

describe('subscriptions page per-subscriber lists (issue 8)', () => {
  it('lists only the subscriber’s own subscriptions, in _id order, each topic once', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'a' }, { subscriberId: 'b' }],
        topics: [
          { key: 't1', subscribers: ['a', 'b', 'a'] },
          { key: 't2', subscribers: ['b'] },
          { key: 't3', subscribers: ['a'] },
        ],
      },
    });
    engine.seed({ topics: [{ key: 't2', subscribers: ['a'] }] });
    const context = engine.scope('Development');
    const page = (after?: string) =>
      engine.operations['subscribers.subscriptions.list'](context, {
        params: { subscriberId: 'a' },
        query: {
          limit: 2,
          includeCursor: false,
          orderDirection: 'ASC',
          ...(after === undefined ? {} : { after }),
        },
      });
    const first = page();
    expect(first.totalCount).toBe(3);
    expect(first.data.map((item) => item.topic.key)).toEqual(['t1', 't3']);
    expect(first.next).not.toBeNull();
    const second = page(first.next ?? '');
    expect(second.data.map((item) => item.topic.key)).toEqual(['t2']);
    const ids = [...first.data, ...second.data].map((item) => item._id);
    expect(ids).toEqual([...ids].sort());
    const other = engine.operations['subscribers.subscriptions.list'](context, {
      params: { subscriberId: 'b' },
      query: {
        limit: 10,
        includeCursor: false,
        orderDirection: 'DESC',
      },
    });
    expect(other.data.map((item) => item.topic.key)).toEqual(['t2', 't1']);
  });
});
