// End-to-end through the client in mock mode: step conditions (every operator, groups, negation)
// and the skip control decide whether a step runs.
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', data: { plan: 'pro', seats: 5 } }],
  },
});
const svc = () => mock.client('Development', { maxRetries: 0 });

type Part = { on: 'subscriber' | 'payload'; field: string; operator: string; value: string };

async function runWith(filters: unknown[], payload: Record<string, unknown>, skip?: unknown) {
  mock.engine.seed({
    workflows: [
      {
        workflowId: 'conditional',
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: { body: 'sent', ...(skip === undefined ? {} : { skip }) },
            filters: filters as never,
          },
        ],
      },
    ],
  });
  const { transactionId } = await svc().events.trigger({ name: 'conditional', to: 'ada', payload });
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

  it('skips a step whose skip control holds', async () => {
    const skip = { '==': [{ var: 'payload.tier' }, 'free'] };
    expect((await runWith([], { tier: 'free' }, skip))?.status).toBe('skipped');
    expect((await runWith([], { tier: 'paid' }, skip))?.status).toBe('completed');
  });
});
