// End-to-end through the client in mock mode: step conditions (every operator, groups, negation)
// and the skip control decide whether a step runs.
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', data: { plan: 'pro', seats: 5 } }],
    tenants: [{ identifier: 'acme', name: 'Acme', data: { tier: 'gold' } }],
  },
});
const svc = () => mock.client('Development', { maxRetries: 0 });

type Part = {
  on: 'subscriber' | 'payload' | 'tenant';
  field: string;
  operator: string;
  value: string;
};

async function runWith(
  filters: unknown[],
  payload: Record<string, unknown>,
  skip?: unknown,
  extra: { tenant?: string; actor?: { subscriberId: string; firstName: string } } = {},
) {
  mock.engine.seed({
    workflows: [
      {
        workflowId: 'conditional',
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: {
              body: 'sent',
              ...(skip === undefined ? {} : { skip: skip as Record<string, unknown> }),
            },
            filters: filters as never,
          },
        ],
      },
    ],
  });
  const { transactionId } = await svc().events.trigger({
    name: 'conditional',
    to: 'ada',
    payload,
    ...extra,
  });
  const [activity] = (await svc().notifications.list({ transactionId: transactionId ?? '' })).data;
  return activity?.jobs?.[0];
}

const group = (children: Part[], value: 'AND' | 'OR' = 'AND', isNegated = false) => ({
  isNegated,
  type: 'GROUP',
  value,
  children,
});

const payload = { amount: 12, tags: ['a', 'b'], name: 'hello world', when: '2026-01-05T00:00:00Z' };

describe('step conditions', () => {
  it.each<[string, Part, boolean]>([
    ['EQUAL', { on: 'payload', field: 'amount', operator: 'EQUAL', value: '12' }, true],
    ['NOT_EQUAL', { on: 'payload', field: 'amount', operator: 'NOT_EQUAL', value: '12' }, false],
    ['LARGER', { on: 'payload', field: 'amount', operator: 'LARGER', value: '10' }, true],
    ['SMALLER', { on: 'payload', field: 'amount', operator: 'SMALLER', value: '10' }, false],
    [
      'LARGER_EQUAL',
      { on: 'payload', field: 'amount', operator: 'LARGER_EQUAL', value: '12' },
      true,
    ],
    [
      'SMALLER_EQUAL',
      { on: 'payload', field: 'amount', operator: 'SMALLER_EQUAL', value: '11' },
      false,
    ],
    ['IN', { on: 'payload', field: 'tags', operator: 'IN', value: 'a' }, true],
    ['NOT_IN', { on: 'payload', field: 'tags', operator: 'NOT_IN', value: 'a' }, false],
    ['ANY_IN', { on: 'payload', field: 'tags', operator: 'ANY_IN', value: 'x,b' }, true],
    ['ALL_IN', { on: 'payload', field: 'tags', operator: 'ALL_IN', value: 'a,x' }, false],
    ['BETWEEN', { on: 'payload', field: 'amount', operator: 'BETWEEN', value: '10,20' }, true],
    [
      'NOT_BETWEEN',
      { on: 'payload', field: 'amount', operator: 'NOT_BETWEEN', value: '10,20' },
      false,
    ],
    ['LIKE', { on: 'payload', field: 'name', operator: 'LIKE', value: 'world' }, true],
    ['NOT_LIKE', { on: 'payload', field: 'name', operator: 'NOT_LIKE', value: 'world' }, false],
    [
      'subscriber EQUAL',
      { on: 'subscriber', field: 'data.plan', operator: 'EQUAL', value: 'pro' },
      true,
    ],
    [
      'subscriber LARGER',
      { on: 'subscriber', field: 'data.seats', operator: 'LARGER', value: '9' },
      false,
    ],
  ])('%s decides whether the step runs', async (_name, part, runs) => {
    const job = await runWith([group([part])], payload);
    expect(job?.status).toBe(runs ? 'completed' : 'skipped');
    if (!runs) {
      expect(job?.executionDetails.at(-1)?.detail).toBe(
        'Step was skipped based on steps conditions',
      );
    }
    expect(mock.engine.outbox.count()).toBe(runs ? 1 : 0);
  });

  it('joins children with AND / OR and inverts with isNegated', async () => {
    const pass: Part = { on: 'payload', field: 'amount', operator: 'EQUAL', value: '12' };
    const fail: Part = { on: 'payload', field: 'amount', operator: 'EQUAL', value: '13' };
    expect((await runWith([group([pass, fail], 'AND')], payload))?.status).toBe('skipped');
    expect((await runWith([group([pass, fail], 'OR')], payload))?.status).toBe('completed');
    expect((await runWith([group([pass], 'AND', true)], payload))?.status).toBe('skipped');
  });

  it('runs a step whose skip control holds and skips it when the rule is false', async () => {
    // The service evaluates `skip` as the condition to run the step (the dashboard's step
    // conditions), despite the name.
    const skip = { '==': [{ var: 'payload.tier' }, 'paid'] };
    expect((await runWith([], { tier: 'paid' }, skip))?.status).toBe('completed');
    const skipped = await runWith([], { tier: 'free' }, skip);
    expect(skipped?.status).toBe('skipped');
    expect(skipped?.executionDetails.at(-1)?.detail).toBe(
      'Step was skipped based on steps conditions',
    );
    expect((await runWith([], { tier: 'free' }, {}))?.status).toBe('completed');
  });

  it('fails a step whose skip rule cannot be evaluated, saying why in raw', async () => {
    const job = await runWith([], {}, { nope: [1, 2] });
    expect(job?.status).toBe('failed');
    const detail = job?.executionDetails.at(-1);
    expect(detail?.detail).toBe('Bridge execution failed');
    expect(detail?.status).toBe('Failed');
    expect(detail?.raw).toContain('Failed to evaluate rule');
    expect(mock.engine.outbox.count()).toBe(0);
  });

  it('renders filter values with the run variables before comparing', async () => {
    const byPayload: Part = {
      on: 'payload',
      field: 'amount',
      operator: 'EQUAL',
      value: '{{payload.limit}}',
    };
    expect((await runWith([group([byPayload])], { amount: 12, limit: 12 }))?.status).toBe(
      'completed',
    );
    expect((await runWith([group([byPayload])], { amount: 12, limit: 13 }))?.status).toBe(
      'skipped',
    );
    const byActor: Part = {
      on: 'payload',
      field: 'title',
      operator: 'EQUAL',
      value: 'Test {{actor.firstName}}',
    };
    const job = await runWith([group([byActor])], { title: 'Test Grace' }, undefined, {
      actor: { subscriberId: 'grace', firstName: 'Grace' },
    });
    expect(job?.status).toBe('completed');
  });

  it('reads tenant fields from the trigger tenant and checks IS_DEFINED', async () => {
    const gold: Part = { on: 'tenant', field: 'data.tier', operator: 'EQUAL', value: 'gold' };
    expect((await runWith([group([gold])], {}, undefined, { tenant: 'acme' }))?.status).toBe(
      'completed',
    );
    expect((await runWith([group([gold])], {}))?.status).toBe('skipped');
    const defined: Part = { on: 'payload', field: 'exclude', operator: 'IS_DEFINED', value: '' };
    expect((await runWith([group([defined])], { exclude: false }))?.status).toBe('completed');
    expect((await runWith([group([defined])], {}))?.status).toBe('skipped');
  });
});
