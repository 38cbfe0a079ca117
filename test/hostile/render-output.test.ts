// Issue 31 items 1 and 2: what templates write is bounded per field and per message, the renders
// of one request share one budget, and `to` lists at most the service's 100 recipients.

import { describe, expect, it } from 'vitest';
import { TEMPLATE_BUDGET } from '../../mock-server/engine/run/templates';
import { MAX_RECIPIENTS } from '../../mock-server/engine/run/trigger';
import { OPERATION_BUDGET, withOperationBudget } from '../../mock-server/engine/run/work-budget';
import { engineWith } from './helpers';

const big = 'x'.repeat(100_000);

function inboxWith(controlValues: Record<string, unknown>) {
  return engineWith([{ type: 'in_app', name: 'Inbox', controlValues }]);
}

describe('hostile: template output is bounded', () => {
  it.each([
    [
      'a loop writing a payload as JSON 200 times',
      '{% for i in (1..200) %}{{ payload | json }}{% endfor %}',
    ],
    [
      'a loop writing a payload string 200 times',
      '{% for i in (1..200) %}{{ payload.big }}{% endfor %}',
    ],
    [
      'a capture filled by a loop',
      '{% capture x %}{% for i in (1..200) %}{{ payload.big }}{% endfor %}{% endcapture %}{{ x | size }}',
    ],
  ])('%s fails the step and stores nothing', (_name, body) => {
    const { engine, context, trigger, lastJobs } = inboxWith({ body });
    expect(trigger({ big }).status).toBe('processed');
    const [inbox] = lastJobs();
    expect(inbox?.status).toBe('failed');
    expect(inbox?.details).toContain('Message content could not be generated');
    expect(inbox?.raw).toMatch(/(template output|memory alloc) limit exceeded/);
    expect(engine.outbox.count()).toBe(0);
    expect(context.data.messages).toHaveLength(0);
  });

  it('a field just under the cap renders; the controls of one message are capped together', () => {
    const half = 'y'.repeat(TEMPLATE_BUDGET.outputLength - 10);
    const { engine, trigger, lastJobs } = inboxWith({
      subject: '{{ payload.half }}',
      body: '{{ payload.half }}',
      primaryAction: { label: '{{ payload.half }}', redirect: { url: 'https://example.com' } },
    });
    trigger({ half });
    const [inbox] = lastJobs();
    expect(inbox?.status).toBe('failed');
    expect(inbox?.raw).toContain('message output limit exceeded');
    expect(engine.outbox.count()).toBe(0);

    const single = inboxWith({ body: '{{ payload.half }}' });
    single.trigger({ half });
    expect(single.lastJobs()[0]?.status).toBe('completed');
    expect(single.engine.outbox.list()[0]?.content).toHaveLength(half.length);
  });
});

describe('hostile: the renders of one request share one budget', () => {
  const SLOW = '{% for i in (1..20000) %}{% endfor %}done';
  const steps = Array.from({ length: 6 }, (_, n) => ({
    type: 'in_app' as const,
    name: `Inbox ${n}`,
    controlValues: { body: SLOW },
  }));

  it('once spent, every later render of the request fails at once', () => {
    const { engine, context } = engineWith(steps);
    engine.seed({
      subscribers: ['b', 'c', 'd', 'e'].map((subscriberId) => ({ subscriberId })),
    });
    // A budget of 1 ms stands for the default's 3 s: the first render spends it.
    withOperationBudget(
      () =>
        engine.operations['events.trigger'](context, {
          body: { name: 'wf', to: ['ada', 'b', 'c', 'd', 'e'] },
        }),
      1,
    );
    const jobs = context.data.notifications.flatMap((notification) => notification.jobs);
    expect(jobs).toHaveLength(30);
    const failedOnBudget = jobs.filter((job) =>
      job.executionDetails.some((detail) =>
        String(detail.raw ?? '').includes('operation render limit exceeded'),
      ),
    );
    expect(failedOnBudget).toHaveLength(30);
    expect(engine.outbox.count()).toBe(0);
  });

  it('a request of its own gets a fresh budget', () => {
    const { engine, trigger, lastJobs } = engineWith(steps.slice(0, 1));
    expect(OPERATION_BUDGET.renderMs).toBeGreaterThan(TEMPLATE_BUDGET.renderMs);
    trigger();
    expect(lastJobs()[0]?.status).toBe('completed');
    expect(engine.outbox.list()[0]?.content).toBe('done');
  });
});

describe('hostile: recipients per trigger', () => {
  it(`\`to\` lists at most ${MAX_RECIPIENTS} recipients, as the service documents`, () => {
    const { engine, context } = inboxWith({ body: 'hi' });
    const to = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, n) => `user-${n}`);
    expect(() =>
      engine.operations['events.trigger'](context, { body: { name: 'wf', to } }),
    ).toThrow(expect.objectContaining({ status: 422 }));
    expect(context.data.subscribers.size).toBe(1);
    expect(context.data.notifications).toHaveLength(0);
    const answer = engine.operations['events.trigger'](context, {
      body: { name: 'wf', to: to.slice(0, MAX_RECIPIENTS) },
    }) as { status: string };
    expect(answer.status).toBe('processed');
    expect(context.data.notifications).toHaveLength(MAX_RECIPIENTS);
  });
});
