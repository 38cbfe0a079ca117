// Issue 13 item 3: JSON Logic `skip` rules have a size, depth, step and memory budget; a rule past
// it fails its step (the run goes on to cancel the rest), a rule within it works as before.

import { describe, expect, it } from 'vitest';
import { SKIP_RULE_BUDGET } from '../../mock-server/engine/policy/conditions';
import { engineWith, nested } from './helpers';

function withSkip(skip: unknown) {
  return engineWith([
    { type: 'in_app', name: 'Inbox', controlValues: { body: 'hi', skip } },
    { type: 'email', name: 'Mail', controlValues: { subject: 's', body: 'b' } },
  ]);
}

/** A 1.7 KB-class bomb: reduce over 40 items, each turn doubling the accumulator with merge. */
const DOUBLING = {
  reduce: [
    Array.from({ length: 40 }, (_, index) => index),
    { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] },
    [1],
  ],
};

/** Nested reduces: 100 x 100 x 100 steps of plain arithmetic, no memory growth. */
const SLOW = {
  reduce: [
    { merge: Array.from({ length: 100 }, (_, index) => index) },
    {
      reduce: [
        { merge: Array.from({ length: 100 }, (_, index) => index) },
        {
          reduce: [
            { merge: Array.from({ length: 100 }, (_, index) => index) },
            { '+': [{ var: 'accumulator' }, 1] },
            0,
          ],
        },
        0,
      ],
    },
    0,
  ],
};

describe('hostile: skip rule budgets', () => {
  it.each([
    ['a doubling merge', DOUBLING, 'array items and characters'],
    ['a million nested reduce steps', SLOW, 'evaluation steps'],
    [
      'a rule nested past the depth budget',
      nested(SKIP_RULE_BUDGET.depth + 1, true),
      'levels deep',
    ],
    [
      'a rule past the size budget',
      { or: Array.from({ length: 2_000 }, (_, index) => ({ '==': [index, 'ten characters'] })) },
      'characters of JSON',
    ],
  ])('%s fails the step with a detail', (_name, rule, reason) => {
    const { trigger, lastJobs } = withSkip(rule);
    expect(trigger().status).toBe('processed');
    const [inbox, mail] = lastJobs();
    expect(inbox?.status).toBe('failed');
    expect(inbox?.details).toContain('Bridge execution failed');
    expect(inbox?.raw).toContain(reason);
    expect(mail?.status).not.toBe('pending');
  });

  it('a rule within budget still decides (it holds when the step runs)', () => {
    const { engine, trigger, lastJobs } = withSkip({ '==': [{ var: 'payload.tier' }, 'free'] });
    trigger({ tier: 'pro' });
    expect(lastJobs()[0]?.status).toBe('skipped');
    trigger({ tier: 'free' });
    expect(lastJobs()[0]?.status).toBe('completed');
    expect(engine.outbox.count({ channel: 'in_app' })).toBe(1);
  });
});
