// The run of mock-server/engine/run/execution.ts through the engine, from a step's conditions on:
// what the conditions, the schedule and the preferences decide together, what each step outcome
// does to the steps after it, how an unexpected error fails one step alone, and how a delay or
// digest resumes when the clock reaches it (docs/behaviour/runs.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  executionDetail,
  type JobRecord,
  type NotificationRecord,
} from '../../../mock-server/engine/store/state';
import { officeHours } from './schedule-run';

/**
 * Details whose writing throws `error`, each named `<step name>/<detail>`: they stand for an
 * unexpected failure inside a step.
 */
const inject = vi.hoisted(() => ({ details: [] as string[], error: undefined as unknown }));

vi.mock('../../../mock-server/engine/run/channels/delivery', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../../mock-server/engine/run/channels/delivery')>();
  return {
    ...original,
    addDetail(...args: Parameters<typeof original.addDetail>) {
      const [target, text] = args;
      if (inject.details.includes(`${target.job.step.name}/${text.detail}`)) throw inject.error;
      return original.addDetail(...args);
    },
  };
});

afterEach(() => {
  inject.details = [];
  inject.error = undefined;
});

type Seed = NonNullable<Parameters<typeof createMockEngine>[0]>['seed'];
type Step = NonNullable<NonNullable<NonNullable<Seed>['workflows']>[number]['steps']>[number];

const inbox = (body = 'Hi'): Extract<Step, { type: 'in_app' }> => ({
  type: 'in_app',
  name: 'Inbox',
  controlValues: { body },
});
const email: Step = { type: 'email', name: 'Email', controlValues: { subject: 'S', body: 'B' } };
const sms: Step = { type: 'sms', name: 'Sms', controlValues: { body: 'text' } };
const hourDelay: Step = {
  type: 'delay',
  name: 'Wait',
  controlValues: { type: 'regular', amount: 1, unit: 'hours' },
};
const digestStep = (
  controlValues: Record<string, unknown> = { amount: 1, unit: 'hours' },
): Step => ({
  type: 'digest',
  name: 'Digest',
  controlValues,
});

// 2026-01-01 is a Thursday.
const thursdayHours = officeHours('thursday');

const QUEUED = { detail: 'Step queued', status: 'Pending', raw: null };
const SENDING = { detail: 'Start sending message', status: 'Pending', raw: null };
const CANCELED_BY_FAILURE = {
  detail: 'Step was canceled because a previous step failed',
  status: 'Warning',
  raw: null,
};
const NOTIFICATION_ERROR = 'There was one or more errors when trying to execute the notification';

function setup(seed: Seed = {}, clockStart = '2026-01-01T00:00:00.000Z') {
  const engine = createMockEngine({
    clockStart,
    seed: {
      subscribers: [
        { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' },
        { subscriberId: 'grace', firstName: 'Grace', email: 'grace@example.com' },
      ],
      integrations: [{ providerId: 'sendgrid', channel: 'email', active: true, primary: true }],
      ...seed,
    },
  });
  // Looked up on each use: a restore swaps the environment's data.
  const context = () => engine.scope('Development');
  const trigger = (name: string, body: Record<string, unknown> = {}): NotificationRecord => {
    const { transactionId } = engine.operations['events.trigger'](context(), {
      body: {
        name,
        to: 'ada',
        ...body,
      },
    });
    const found = context().data.notifications.find((item) => item.transactionId === transactionId);
    if (found === undefined) throw new Error(`no notification for ${transactionId}`);
    return found;
  };
  const statuses = (notification: NotificationRecord) => notification.jobs.map((job) => job.status);
  const digests = () => [...context().data.digests.values()];
  return { engine, context, trigger, statuses, digests };
}

const details = (job: JobRecord | undefined) =>
  (job?.executionDetails ?? []).map(executionDetail).map(({ detail, status, raw }) => ({
    detail,
    status,
    raw: raw === null ? null : JSON.parse(raw),
  }));
const texts = (job: JobRecord | undefined) =>
  (job?.executionDetails ?? []).map(({ detail }) => detail);

describe('the run: step conditions', () => {
  it('runs a step whose filters pass; skips one whose filters fail, with the conditions it compared', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'filtered',
          steps: [
            {
              ...inbox(),
              filters: [
                {
                  isNegated: false,
                  type: 'GROUP',
                  value: 'AND',
                  children: [{ field: 'plan', value: 'pro', operator: 'EQUAL', on: 'payload' }],
                },
              ],
            },
            inbox('after'),
          ],
        },
      ],
    });
    const run = trigger('filtered', { payload: { plan: 'free' } });
    expect(statuses(run)).toStrictEqual(['skipped', 'completed']);
    expect(details(run.jobs[0])).toStrictEqual([
      QUEUED,
      {
        detail: 'Step was skipped based on steps conditions',
        status: 'Success',
        raw: {
          filter: {
            conditions: [
              {
                on: 'payload',
                field: 'plan',
                operator: 'EQUAL',
                expected: 'pro',
                actual: 'free',
                passed: false,
              },
            ],
            passed: false,
          },
        },
      },
    ]);
    const passing = trigger('filtered', { payload: { plan: 'pro' } });
    expect(statuses(passing)).toStrictEqual(['completed', 'completed']);
    expect(texts(passing.jobs[0])).toStrictEqual([
      'Step queued',
      'Start sending message',
      'Message created',
      'Message sent',
    ]);
  });
});

describe('the run: the skip rule and what the conditions see', () => {
  it('reads a filter value that cannot be rendered as empty text, with a detail saying so', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'broken-filter',
          steps: [
            {
              ...inbox(),
              filters: [
                {
                  isNegated: false,
                  type: 'GROUP',
                  value: 'AND',
                  children: [
                    {
                      field: 'plan',
                      value: '{{ payload.x | nope }}',
                      operator: 'EQUAL',
                      on: 'payload',
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const run = trigger('broken-filter', { payload: { plan: 'free' } });
    expect(statuses(run)).toStrictEqual(['skipped']);
    expect(details(run.jobs[0])).toStrictEqual([
      QUEUED,
      {
        detail: 'Processing step filter failed',
        status: 'Failed',
        raw: { error: 'undefined filter: nope, line:1, col:1' },
      },
      {
        detail: 'Step was skipped based on steps conditions',
        status: 'Success',
        raw: {
          filter: {
            conditions: [
              {
                on: 'payload',
                field: 'plan',
                operator: 'EQUAL',
                expected: '',
                actual: 'free',
                passed: false,
              },
            ],
            passed: false,
          },
        },
      },
    ]);
  });

  it('skips a step whose skip rule is false, with raw { skip: true }, and runs the next', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'ruled',
          steps: [
            {
              ...inbox(),
              controlValues: { body: 'Hi', skip: { '==': [{ var: 'payload.go' }, true] } },
            },
            inbox('after'),
          ],
        },
      ],
    });
    const skipped = trigger('ruled', { payload: { go: false } });
    expect(statuses(skipped)).toStrictEqual(['skipped', 'completed']);
    expect(details(skipped.jobs[0])).toStrictEqual([
      QUEUED,
      {
        detail: 'Step was skipped based on steps conditions',
        status: 'Success',
        raw: { skip: true },
      },
    ]);
    expect(statuses(trigger('ruled', { payload: { go: true } }))).toStrictEqual([
      'completed',
      'completed',
    ]);
  });

  it('fails a step whose skip rule cannot be evaluated, and the run goes on without it', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'bad-rule',
          steps: [
            { ...inbox(), controlValues: { body: 'Hi', skip: { nope: [1] } } },
            inbox('after'),
          ],
        },
      ],
    });
    const run = trigger('bad-rule');
    expect(statuses(run)).toStrictEqual(['failed', 'completed']);
    expect(details(run.jobs[0])).toStrictEqual([
      QUEUED,
      {
        detail: 'Bridge execution failed',
        status: 'Failed',
        raw: { message: 'Failed to evaluate rule: Unrecognized operation nope' },
      },
    ]);
    expect(run.jobs[0]?.error).toBe('Bridge execution failed');
  });

  it('fails a step whose skip rule is past its budgets', () => {
    let deep: Record<string, unknown> = { '==': [1, 1] };
    for (let level = 0; level < 20; level++) deep = { and: [deep] };
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'deep-rule',
          steps: [{ ...inbox(), controlValues: { body: 'Hi', skip: deep } }, inbox('after')],
        },
      ],
    });
    const run = trigger('deep-rule');
    expect(statuses(run)).toStrictEqual(['failed', 'completed']);
    expect(texts(run.jobs[0])).toStrictEqual(['Step queued', 'Bridge execution failed']);
  });

  it('lets the skip rule read the tenant, the actor and the digested events', () => {
    const rule = {
      and: [
        { '==': [{ var: 'tenant.name' }, 'Acme'] },
        { '==': [{ var: 'actor.firstName' }, 'Grace'] },
      ],
    };
    const { engine, trigger, statuses } = setup({
      tenants: [{ identifier: 'acme', name: 'Acme' }],
      workflows: [
        { workflowId: 'who', steps: [{ ...inbox(), controlValues: { body: 'Hi', skip: rule } }] },
        {
          workflowId: 'digested',
          steps: [
            digestStep(),
            {
              ...inbox(),
              controlValues: { body: 'Hi', skip: { '==': [{ var: 'step.events.0.n' }, 1] } },
            },
          ],
        },
      ],
    });
    expect(statuses(trigger('who', { tenant: 'acme', actor: 'grace' }))).toStrictEqual([
      'completed',
    ]);
    expect(statuses(trigger('who', { tenant: 'acme' }))).toStrictEqual(['skipped']);
    expect(statuses(trigger('who', { actor: 'grace' }))).toStrictEqual(['skipped']);
    const first = trigger('digested', { payload: { n: 1 } });
    engine.clock.advance('1h');
    expect(statuses(first)).toStrictEqual(['completed', 'completed']);
    const second = trigger('digested', { payload: { n: 2 } });
    engine.clock.advance('1h');
    expect(statuses(second)).toStrictEqual(['completed', 'skipped']);
  });
});

describe('the run: schedule and preferences beside the conditions', () => {
  const schedulePreference = { subscriberId: 'ada', schedule: thursdayHours };

  it('cancels a step outside the schedule with its detail and runs the next step', () => {
    const { trigger, statuses } = setup({
      workflows: [{ workflowId: 'mail', steps: [email, inbox('after')] }],
      preferences: [schedulePreference],
    });
    const run = trigger('mail');
    expect(statuses(run)).toStrictEqual(['canceled', 'completed']);
    expect(details(run.jobs[0])).toStrictEqual([
      QUEUED,
      {
        detail: "The step was skipped as it fell outside the subscriber's schedule",
        status: 'Success',
        raw: { schedule: thursdayHours },
      },
    ]);
  });

  it('does not judge the schedule for a step its conditions skip or fail', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'mail',
          steps: [
            { ...email, controlValues: { subject: 'S', body: 'B', skip: { '==': [1, 2] } } },
            { ...email, controlValues: { subject: 'S', body: 'B', skip: { nope: [1] } } },
          ],
        },
      ],
      preferences: [schedulePreference],
    });
    const run = trigger('mail');
    expect(statuses(run)).toStrictEqual(['skipped', 'failed']);
    expect(texts(run.jobs[0])).toStrictEqual([
      'Step queued',
      'Step was skipped based on steps conditions',
    ]);
    expect(texts(run.jobs[1])).toStrictEqual(['Step queued', 'Bridge execution failed']);
  });

  it('skips a step the preferences turn off, with their detail, and runs the next', () => {
    const { trigger, statuses } = setup({
      workflows: [{ workflowId: 'mail', steps: [email, inbox('after')] }],
      preferences: [{ subscriberId: 'ada', channels: { email: false } }],
    });
    const run = trigger('mail');
    expect(statuses(run)).toStrictEqual(['skipped', 'completed']);
    expect(details(run.jobs[0])).toStrictEqual([
      QUEUED,
      {
        detail: 'Step filtered by subscriber global preferences',
        status: 'Success',
        raw: {
          enabled: true,
          channels: { in_app: true, email: false },
          overrides: [
            { channel: 'in_app', source: 'subscriber' },
            { channel: 'email', source: 'subscriber' },
          ],
        },
      },
    ]);
  });

  it('writes both details when the conditions fail and the preferences turn the step off: it fails', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'mail',
          steps: [
            { ...email, controlValues: { subject: 'S', body: 'B', skip: { nope: [1] } } },
            { ...email, controlValues: { subject: 'S', body: 'B', skip: { '==': [1, 2] } } },
          ],
        },
      ],
      preferences: [{ subscriberId: 'ada', channels: { email: false } }],
    });
    const run = trigger('mail');
    expect(statuses(run)).toStrictEqual(['failed', 'skipped']);
    expect(texts(run.jobs[0])).toStrictEqual([
      'Step queued',
      'Bridge execution failed',
      'Step filtered by subscriber global preferences',
    ]);
    expect(run.jobs[0]?.error).toBe('Step filtered by subscriber global preferences');
    expect(texts(run.jobs[1])).toStrictEqual([
      'Step queued',
      'Step was skipped based on steps conditions',
      'Step filtered by subscriber global preferences',
    ]);
  });
});

describe('the run: what a step outcome does to the steps after it', () => {
  it('completes a custom step with its two details', () => {
    const { trigger, statuses } = setup({
      workflows: [{ workflowId: 'custom', steps: [{ type: 'custom', name: 'Custom' }, inbox()] }],
    });
    const run = trigger('custom');
    expect(statuses(run)).toStrictEqual(['completed', 'completed']);
    expect(details(run.jobs[0])).toStrictEqual([
      QUEUED,
      SENDING,
      { detail: 'Step processed', status: 'Success', raw: null },
    ]);
    expect(run.jobs[0]?.error).toBeUndefined();
  });

  it('keeps the last detail as the error of a failed channel step, and runs the next step', () => {
    const { trigger, statuses, engine } = setup({
      workflows: [{ workflowId: 'text', steps: [sms, inbox('after')] }],
    });
    const run = trigger('text');
    expect(statuses(run)).toStrictEqual(['failed', 'completed']);
    expect(run.jobs[0]?.error).toBe(texts(run.jobs[0]).at(-1));
    expect(texts(run.jobs[1])).toStrictEqual([
      'Step queued',
      'Start sending message',
      'Message created',
      'Message sent',
    ]);
    expect(engine.outbox.count()).toBe(1);
  });

  it('cancels the pending steps after a failed step that stops on failure, with a detail each', () => {
    const { trigger, statuses, engine } = setup({
      workflows: [
        { workflowId: 'text', steps: [{ ...sms, shouldStopOnFail: true }, inbox(), inbox()] },
      ],
    });
    const run = trigger('text');
    expect(statuses(run)).toStrictEqual(['failed', 'canceled', 'canceled']);
    expect(details(run.jobs[1])).toStrictEqual([CANCELED_BY_FAILURE]);
    expect(details(run.jobs[2])).toStrictEqual([CANCELED_BY_FAILURE]);
    expect(engine.outbox.count()).toBe(0);
  });

  it('cancels the steps after a failed delay, digest or throttle even without stop on failure', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'delay',
          steps: [{ ...hourDelay, controlValues: { type: 'timed', cron: 'x' } }, inbox()],
        },
        { workflowId: 'digest', steps: [digestStep({ unit: 'hours' }), inbox()] },
        {
          workflowId: 'throttle',
          steps: [
            {
              type: 'throttle',
              name: 'T',
              controlValues: { type: 'dynamic', dynamicKey: 'payload.until' },
            },
            inbox(),
          ],
        },
      ],
    });
    for (const name of ['delay', 'digest', 'throttle']) {
      const run = trigger(name, { payload: { until: { amount: 0, unit: 'hours' } } });
      expect(statuses(run), name).toStrictEqual(['failed', 'canceled']);
      expect(details(run.jobs[1]), name).toStrictEqual([CANCELED_BY_FAILURE]);
    }
  });
});

describe('the run: steps that end the event early', () => {
  it('marks a throttled event skipped from the throttle on, and its later steps too', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'throttled',
          steps: [
            inbox(),
            {
              type: 'throttle',
              name: 'Throttle',
              controlValues: { amount: 1, unit: 'hours', threshold: 1 },
            },
            inbox('after'),
            inbox('last'),
          ],
        },
      ],
    });
    expect(statuses(trigger('throttled'))).toStrictEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    const run = trigger('throttled');
    expect(statuses(run)).toStrictEqual(['completed', 'skipped', 'skipped', 'skipped']);
    expect(details(run.jobs[2])).toStrictEqual([]);
    expect(texts(run.jobs[1])).toStrictEqual(['Step queued', 'Step throttled']);
  });

  it('marks a merged event merged from the digest on, with no detail on the later steps', () => {
    const { trigger, statuses } = setup({
      workflows: [{ workflowId: 'digest', steps: [inbox(), digestStep(), inbox(), inbox()] }],
    });
    const first = trigger('digest', { payload: { n: 1 } });
    const second = trigger('digest', { payload: { n: 2 } });
    expect(statuses(first)).toStrictEqual(['completed', 'delayed', 'pending', 'pending']);
    expect(statuses(second)).toStrictEqual(['completed', 'merged', 'merged', 'merged']);
    expect(details(second.jobs[2])).toStrictEqual([]);
  });

  it('lets the first backoff event through: its digest job is skipped and the next step runs', () => {
    const { trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'backoff',
          steps: [
            digestStep({
              type: 'backoff',
              amount: 5,
              unit: 'minutes',
              backoffAmount: 1,
              backoffUnit: 'minutes',
            }),
            inbox(),
          ],
        },
      ],
    });
    const run = trigger('backoff');
    expect(statuses(run)).toStrictEqual(['skipped', 'completed']);
    expect(texts(run.jobs[0])).toStrictEqual([
      'Step queued',
      'Digest was skipped, first backoff event',
    ]);
  });
});

describe('the run: an unexpected error inside a step', () => {
  const crashing = {
    workflowId: 'crash',
    steps: [inbox('first'), { ...inbox(), name: 'Crash' }, inbox('last')],
  };

  it('fails that step alone with the error in its detail, and cancels the later steps silently', () => {
    const { engine, trigger, statuses } = setup({ workflows: [crashing] });
    inject.details = ['Crash/Start sending message'];
    inject.error = new Error('boom');
    const run = trigger('crash');
    expect(statuses(run)).toStrictEqual(['completed', 'failed', 'canceled']);
    expect(details(run.jobs[1])).toStrictEqual([
      QUEUED,
      { detail: NOTIFICATION_ERROR, status: 'Failed', raw: { error: 'boom' } },
    ]);
    expect(run.jobs[1]?.error).toBe(NOTIFICATION_ERROR);
    expect(details(run.jobs[2])).toStrictEqual([]);
    expect(engine.outbox.count()).toBe(1);
  });

  it('cancels every later step when the first step crashes', () => {
    const { trigger, statuses } = setup({
      workflows: [
        { workflowId: 'crash-first', steps: [{ ...inbox(), name: 'Crash' }, inbox(), inbox()] },
      ],
    });
    inject.details = ['Crash/Start sending message'];
    inject.error = new Error('boom');
    expect(statuses(trigger('crash-first'))).toStrictEqual(['failed', 'canceled', 'canceled']);
  });

  it('records a thrown value that is no Error as text', () => {
    const { trigger } = setup({ workflows: [crashing] });
    inject.details = ['Crash/Start sending message'];
    inject.error = 'not an error';
    const run = trigger('crash');
    expect(details(run.jobs[1]).at(-1)).toStrictEqual({
      detail: NOTIFICATION_ERROR,
      status: 'Failed',
      raw: { error: 'not an error' },
    });
  });

  it('still fails the step and answers the trigger when even its error detail cannot be written', () => {
    const { engine, context, statuses } = setup({ workflows: [crashing] });
    inject.details = ['Crash/Start sending message', `Crash/${NOTIFICATION_ERROR}`];
    inject.error = new Error('boom');
    const answer = engine.operations['events.trigger'](context(), {
      body: {
        name: 'crash',
        to: 'ada',
        transactionId: 'tx-crash',
      },
    });
    expect(answer.status).toBe('processed');
    const [run] = context().data.notifications;
    expect(run === undefined ? [] : statuses(run)).toStrictEqual([
      'completed',
      'failed',
      'canceled',
    ]);
    expect(texts(run?.jobs[1])).toStrictEqual(['Step queued']);
    expect(run?.jobs[1]?.error).toBe(NOTIFICATION_ERROR);
  });

  it("drops the digest window the failed step opened, and keeps another subscriber's", () => {
    const { engine, trigger, context, statuses, digests } = setup({
      workflows: [{ workflowId: 'digest', steps: [digestStep(), inbox()] }],
    });
    const grace = trigger('digest', { to: 'grace' });
    const kept = digests();
    inject.details = ['Digest/Start digesting'];
    inject.error = new Error('boom');
    const ada = trigger('digest');
    expect(statuses(ada)).toStrictEqual(['failed', 'canceled']);
    expect(digests()).toStrictEqual(kept);
    expect(kept).toStrictEqual([
      {
        notificationId: grace._id,
        jobIndex: 0,
        closesAt: Date.parse('2026-01-01T01:00:00.000Z'),
        notificationIds: [grace._id],
      },
    ]);
    // A later event of ada opens a window of its own instead of merging into the failed one.
    inject.details = [];
    expect(statuses(trigger('digest'))).toStrictEqual(['delayed', 'pending']);
    expect(context().data.digests.size).toBe(2);
    engine.clock.advance('1h');
    expect(engine.outbox.count()).toBe(2);
  });

  it('fails a delay that crashes as it resumes, and cancels the steps after it', () => {
    const { engine, trigger, statuses } = setup({
      workflows: [{ workflowId: 'wait', steps: [hourDelay, inbox()] }],
    });
    const run = trigger('wait');
    inject.details = ['Wait/Delay is finished'];
    inject.error = new Error('late boom');
    engine.clock.advance('1h');
    expect(statuses(run)).toStrictEqual(['failed', 'canceled']);
    expect(details(run.jobs[0]).at(-1)).toStrictEqual({
      detail: NOTIFICATION_ERROR,
      status: 'Failed',
      raw: { error: 'late boom' },
    });
    expect(engine.outbox.count()).toBe(0);
  });
});

describe('the run: resuming after a delay or a digest window', () => {
  it('finishes a delay and runs the rest when the clock reaches it', () => {
    const { engine, trigger, statuses } = setup({
      workflows: [{ workflowId: 'wait', steps: [hourDelay, inbox(), inbox()] }],
    });
    const run = trigger('wait');
    engine.clock.advance('59m');
    expect(statuses(run)).toStrictEqual(['delayed', 'pending', 'pending']);
    engine.clock.advance('1m');
    expect(statuses(run)).toStrictEqual(['completed', 'completed', 'completed']);
    expect(details(run.jobs[0])).toStrictEqual([
      QUEUED,
      { detail: 'Step delayed', status: 'Pending', raw: { delay: 3_600_000 } },
      { detail: 'Delay is finished', status: 'Success', raw: null },
    ]);
  });

  it('cancels the rest when the subscriber was deleted during the delay', () => {
    const { engine, context, trigger, statuses } = setup({
      workflows: [{ workflowId: 'wait', steps: [hourDelay, inbox(), inbox()] }],
    });
    const run = trigger('wait');
    engine.operations['subscribers.delete'](context(), { params: { subscriberId: 'ada' } });
    engine.clock.advance('1h');
    expect(statuses(run)).toStrictEqual(['completed', 'canceled', 'canceled']);
    expect(texts(run.jobs[0]).at(-1)).toBe('Delay is finished');
    expect(details(run.jobs[1])).toStrictEqual([]);
    expect(engine.outbox.count()).toBe(0);
  });

  it('cancels the rest when the workflow was deleted during the delay', () => {
    const { engine, context, trigger, statuses } = setup({
      workflows: [{ workflowId: 'wait', steps: [hourDelay, inbox(), inbox()] }],
    });
    const run = trigger('wait');
    engine.operations['workflows.delete'](context(), { params: { workflowId: 'wait' } });
    engine.clock.advance('1h');
    expect(statuses(run)).toStrictEqual(['completed', 'canceled', 'canceled']);
    expect(engine.outbox.count()).toBe(0);
  });

  it('closes a digest: counts its events and hands them, with its settings, to the later steps', () => {
    const { engine, trigger, statuses, digests } = setup({
      workflows: [
        {
          workflowId: 'digest',
          steps: [digestStep(), inbox('{{ step.events.size }} events'), inbox()],
        },
      ],
    });
    const first = trigger('digest', { payload: { n: 1 } });
    trigger('digest', { payload: { n: 2 } });
    engine.clock.advance('1h');
    expect(statuses(first)).toStrictEqual(['completed', 'completed', 'completed']);
    expect(details(first.jobs[0]).at(-1)).toStrictEqual({
      detail: 'Step digested',
      status: 'Success',
      raw: { events: 2 },
    });
    const handed = { type: 'regular', amount: 1, unit: 'hours', events: [{ n: 1 }, { n: 2 }] };
    expect(first.jobs[1]?.digest).toStrictEqual(handed);
    expect(first.jobs[2]?.digest).toStrictEqual(handed);
    // The digest job itself also records the key placeholders; the later steps do not.
    expect(first.jobs[0]?.digest).toStrictEqual({
      ...handed,
      digestKey: 'No-Key-Provided',
      digestValue: 'No-Value-Provided',
    });
    expect(engine.outbox.list()[0]?.content).toBe('2 events');
    expect(digests()).toStrictEqual([]);
  });

  it("closing one subscriber's digest leaves another subscriber's window open", () => {
    const { engine, trigger, statuses, digests } = setup({
      workflows: [{ workflowId: 'digest', steps: [digestStep(), inbox()] }],
    });
    const ada = trigger('digest');
    engine.clock.advance('30m');
    const grace = trigger('digest', { to: 'grace' });
    engine.clock.advance('30m');
    expect(statuses(ada)).toStrictEqual(['completed', 'completed']);
    expect(statuses(grace)).toStrictEqual(['delayed', 'pending']);
    expect(digests()).toStrictEqual([
      {
        notificationId: grace._id,
        jobIndex: 0,
        closesAt: Date.parse('2026-01-01T01:30:00.000Z'),
        notificationIds: [grace._id],
      },
    ]);
  });
});

describe('the run: resuming into the schedule', () => {
  const held = (type: 'delay' | 'digest'): Step =>
    type === 'delay'
      ? {
          ...hourDelay,
          controlValues: { type: 'regular', amount: 1, unit: 'hours', extendToSchedule: true },
        }
      : digestStep({ amount: 1, unit: 'hours', extendToSchedule: true });

  it("moves only the extended digest's window; another subscriber's keeps its end", () => {
    const { engine, trigger, statuses, digests } = setup({
      workflows: [{ workflowId: 'digest', steps: [held('digest'), inbox()] }],
      preferences: [{ subscriberId: 'ada', schedule: thursdayHours }],
    });
    const ada = trigger('digest');
    engine.clock.advance('30m');
    const grace = trigger('digest', { to: 'grace' });
    engine.clock.advance('30m');
    expect(statuses(ada)).toStrictEqual(['delayed', 'pending']);
    expect(ada.jobs[0]?.scheduleExtensionsCount).toBe(1);
    expect(details(ada.jobs[0]).slice(2)).toStrictEqual([
      {
        detail: 'Step was extended to the next available time in the subscriber schedule',
        status: 'Pending',
        raw: {
          delayMs: 8 * 3_600_000,
          nextAvailableTime: '2026-01-01T09:00:00.000Z',
          schedule: thursdayHours,
          scheduleExtensionsCount: 1,
          maxScheduleExtensions: 3,
        },
      },
    ]);
    expect(digests()).toStrictEqual([
      {
        notificationId: ada._id,
        jobIndex: 0,
        closesAt: Date.parse('2026-01-01T09:00:00.000Z'),
        notificationIds: [ada._id],
      },
      {
        notificationId: grace._id,
        jobIndex: 0,
        closesAt: Date.parse('2026-01-01T01:30:00.000Z'),
        notificationIds: [grace._id],
      },
    ]);
    expect(
      engine.clock.pending().map((task) => [new Date(task.at).toISOString(), task.label]),
    ).toStrictEqual([
      ['2026-01-01T01:30:00.000Z', `close-digest ${grace._id}`],
      ['2026-01-01T09:00:00.000Z', `close-digest ${ada._id}`],
    ]);
    engine.clock.advance('8h');
    expect(statuses(ada)).toStrictEqual(['completed', 'completed']);
    expect(statuses(grace)).toStrictEqual(['completed', 'completed']);
  });

  it('finishes a delay without extending it when the subscriber is gone', () => {
    const { engine, context, trigger, statuses } = setup({
      workflows: [{ workflowId: 'wait', steps: [held('delay'), inbox()] }],
      preferences: [{ subscriberId: 'ada', schedule: thursdayHours }],
    });
    const run = trigger('wait');
    engine.operations['subscribers.delete'](context(), { params: { subscriberId: 'ada' } });
    engine.clock.advance('1h');
    expect(statuses(run)).toStrictEqual(['completed', 'canceled']);
    expect(texts(run.jobs[0])).toStrictEqual(['Step queued', 'Step delayed', 'Delay is finished']);
  });

  it('finishes a delay whose next schedule window lies past the end of the clock', () => {
    const { engine, trigger, statuses } = setup(
      {
        workflows: [{ workflowId: 'wait', steps: [held('delay'), inbox()] }],
        preferences: [{ subscriberId: 'ada', schedule: thursdayHours }],
      },
      '9999-12-31T20:00:00.000Z',
    );
    const run = trigger('wait');
    engine.clock.advance('1h');
    expect(statuses(run)).toStrictEqual(['completed', 'completed']);
    expect(texts(run.jobs[0])).toStrictEqual(['Step queued', 'Step delayed', 'Delay is finished']);
    expect(run.jobs[0]?.scheduleExtensionsCount).toBeUndefined();
  });

  it('finishes with the cap detail once the job was extended three times', () => {
    const { engine, context, trigger, statuses } = setup({
      workflows: [{ workflowId: 'wait', steps: [held('delay'), inbox()] }],
      preferences: [{ subscriberId: 'ada', schedule: thursdayHours }],
    });
    const run = trigger('wait');
    engine.clock.advance('1h'); // extended to Thursday 09:00
    // Each time the window comes, the subscriber has moved it on by a day.
    for (const day of ['friday', 'saturday', 'sunday']) {
      engine.seed({
        preferences: [
          {
            subscriberId: 'ada',
            schedule: {
              isEnabled: true,
              weeklySchedule: {
                [day]: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
              },
            },
          },
        ],
      });
      engine.clock.advance('1d');
    }
    // A seed swaps in copies of the records: the notification is looked up again.
    const seeded = context().data.notificationsById.get(run._id);
    expect(seeded === undefined ? [] : statuses(seeded)).toStrictEqual(['completed', 'completed']);
    expect(seeded?.jobs[0]?.scheduleExtensionsCount).toBe(3);
    expect(details(seeded?.jobs[0]).slice(-2)).toStrictEqual([
      {
        detail: 'Step was executed due to maximum number of subscriber schedule extensions reached',
        status: 'Success',
        raw: null,
      },
      { detail: 'Delay is finished', status: 'Success', raw: null },
    ]);
  });
});

describe('the run: job statuses as the event feed tells them', () => {
  const statusesOf = (engine: ReturnType<typeof setup>['engine']) => {
    const seen: string[] = [];
    engine.events.subscribe((event) => {
      if (event.type === 'job-status') seen.push(`${event.stepId}:${event.status}`);
    });
    return seen;
  };

  it('queues, runs and completes a step, in that order', () => {
    const { engine, trigger } = setup({
      workflows: [{ workflowId: 'custom', steps: [{ type: 'custom', name: 'Custom' }] }],
    });
    const seen = statusesOf(engine);
    trigger('custom');
    expect(seen).toStrictEqual(['custom:queued', 'custom:running', 'custom:completed']);
  });

  it('tells each later step canceled once when the failure handling itself breaks', () => {
    const { engine, trigger, statuses } = setup({
      workflows: [
        {
          workflowId: 'text',
          steps: [{ ...sms, shouldStopOnFail: true }, { ...inbox(), name: 'Second' }, inbox()],
        },
      ],
    });
    inject.details = ['Second/Step was canceled because a previous step failed'];
    inject.error = new Error('boom');
    const seen = statusesOf(engine);
    const run = trigger('text');
    expect(statuses(run)).toStrictEqual(['failed', 'canceled', 'canceled']);
    expect(seen).toStrictEqual([
      'sms:queued',
      'sms:running',
      'sms:failed',
      'second:canceled',
      'sms:failed',
      'inbox:canceled',
    ]);
    expect(run.jobs[0]?.error).toBe(NOTIFICATION_ERROR);
  });
});

describe('the run: scheduled tasks that find nothing to resume', () => {
  /** A snapshot taken while the delay waits, with its notification changed by `edit`. */
  function restoredWith(
    edit: (
      notification: NotificationRecord,
      task: { jobIndex: number; notificationId: string },
    ) => void,
  ) {
    const { engine, context, trigger, statuses } = setup({
      workflows: [{ workflowId: 'wait', steps: [hourDelay, inbox()] }],
    });
    const run = trigger('wait');
    const snapshot = engine.snapshot();
    const [data] = [...snapshot.state.data.values()];
    const stored = data?.notificationsById.get(run._id);
    const [task] = snapshot.state.scheduled;
    if (stored === undefined || task === undefined) throw new Error('nothing waits');
    edit(stored, task);
    engine.restore(snapshot);
    const restored = context().data.notificationsById.get(run._id);
    if (restored === undefined) throw new Error('no restored notification');
    return { engine, restored, statuses };
  }

  it('does nothing for a job that no longer waits', () => {
    const { engine, restored, statuses } = restoredWith((notification) => {
      const [job] = notification.jobs;
      if (job !== undefined) job.status = 'canceled';
    });
    engine.clock.advance('1h');
    expect(statuses(restored)).toStrictEqual(['canceled', 'pending']);
    expect(texts(restored.jobs[0])).toStrictEqual(['Step queued', 'Step delayed']);
    expect(engine.outbox.count()).toBe(0);
  });

  it('does nothing for a job the notification does not have', () => {
    const { engine, restored, statuses } = restoredWith((_notification, task) => {
      task.jobIndex = 5;
    });
    expect(() => engine.clock.advance('1h')).not.toThrow();
    expect(statuses(restored)).toStrictEqual(['delayed', 'pending']);
    expect(engine.outbox.count()).toBe(0);
  });

  it('does nothing for a notification that is not there', () => {
    const { engine, restored, statuses } = restoredWith((_notification, task) => {
      task.notificationId = 'gone';
    });
    expect(() => engine.clock.advance('1h')).not.toThrow();
    expect(statuses(restored)).toStrictEqual(['delayed', 'pending']);
    expect(engine.outbox.count()).toBe(0);
  });
});

describe('the run: a resumed run inside an operation that fails', () => {
  it('is undone with the operation, back to the waiting job', () => {
    const { engine, context, trigger, statuses } = setup({
      workflows: [
        { workflowId: 'wait', steps: [hourDelay, inbox()] },
        { workflowId: 'instant', steps: [inbox()] },
      ],
    });
    const run = trigger('wait');
    const waiting = engine.snapshot();
    engine.clock.advance('2h');
    // Back to the waiting job while the clock stays past its end: the next trigger runs it.
    engine.restore(waiting);
    const restored = context().data.notificationsById.get(run._id);
    const before = structuredClone(restored);
    let armed = false;
    engine.events.subscribe((event) => {
      if (armed && event.type === 'job-status' && event.notificationId === run._id) {
        throw new Error('listener broke');
      }
    });
    armed = true;
    expect(() =>
      engine.operations['events.trigger'](context(), { body: { name: 'instant', to: 'grace' } }),
    ).toThrow('listener broke');
    armed = false;
    expect(restored).toStrictEqual(before);
    expect(restored === undefined ? [] : statuses(restored)).toStrictEqual(['delayed', 'pending']);
  });
});
