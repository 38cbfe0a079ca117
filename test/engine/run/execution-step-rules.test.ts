// The step rules of a workflow run (mock-server/engine/run/execution.ts), through the engine: what
// templates and conditions see (subscriber, actor, tenant, digested events), job statuses and the
// event feed, the steps after a merge, a throttle or a failed time step, channel steps, and how
// delays, digests and throttles read their settings and record their outcome
// (docs/behaviour/runs.md).
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import type { EngineEvent } from '../../../mock-server/engine/event-feed';
import { THROTTLE_EXCEEDED_REASON } from '../../../mock-server/engine/run/detail-texts';
import {
  executionDetail,
  type JobRecord,
  type NotificationRecord,
} from '../../../mock-server/engine/store/state';
import { contextOf } from '../helpers';

type Seed = NonNullable<NonNullable<Parameters<typeof createMockEngine>[0]>['seed']>;
type WorkflowSeed = NonNullable<Seed['workflows']>[number];
type StepSeed = NonNullable<WorkflowSeed['steps']>[number];

const START = '2026-01-01T00:00:00.000Z';

const inbox = (body: string, more: Partial<StepSeed> = {}): StepSeed =>
  ({
    type: 'in_app',
    name: 'Inbox',
    controlValues: { body },
    ...more,
  }) as StepSeed;

function setup(workflows: WorkflowSeed[], seed: Seed = {}, clockStart = START) {
  const engine = createMockEngine({
    clockStart,
    seed: {
      subscribers: [
        { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com', phone: '+15550001' },
        { subscriberId: 'bob', firstName: 'Bob', email: 'bob@example.com' },
      ],
      tenants: [{ identifier: 'acme', name: 'Acme' }],
      workflows,
      ...seed,
    },
  });
  const data = () => contextOf(engine).data;
  /** Triggers `name` for ada (unless `to` says otherwise) and answers its notification's id. */
  const trigger = (name: string, body: Record<string, unknown> = {}): string => {
    const { transactionId } = engine.operations['events.trigger'](contextOf(engine), {
      body: {
        name,
        to: 'ada',
        ...body,
      },
    });
    const notification = data().notifications.find((item) => item.transactionId === transactionId);
    if (notification === undefined) throw new Error(`no notification for ${transactionId}`);
    return notification._id;
  };
  const notification = (id: string): NotificationRecord => {
    const found = data().notificationsById.get(id);
    if (found === undefined) throw new Error(`no notification ${id}`);
    return found;
  };
  const jobs = (id: string): JobRecord[] => notification(id).jobs;
  const statuses = (id: string) => jobs(id).map((job) => job.status);
  const job = (id: string, index: number): JobRecord => {
    const found = jobs(id)[index];
    if (found === undefined) throw new Error(`no job ${index} in ${id}`);
    return found;
  };
  /** The job's execution details as `[detail, raw]` pairs. */
  const details = (id: string, index: number) =>
    job(id, index)
      .executionDetails.map(executionDetail)
      .map(({ detail, raw }) => [detail, raw]);
  const contents = () => data().messages.map((message) => [message.channel, message.content]);
  return { engine, data, trigger, notification, jobs, statuses, job, details, contents };
}

describe('the run: what templates see', () => {
  it('renders the actor and the tenant of the trigger, and nothing for them when absent', () => {
    const run = setup([
      {
        workflowId: 'hello',
        steps: [inbox('[{{actor.firstName}}|{{tenant.name}}|{{subscriber.firstName}}]')],
      },
    ]);
    run.trigger('hello', { actor: 'bob', tenant: 'acme' });
    run.trigger('hello');
    expect(run.contents()).toStrictEqual([
      ['in_app', '[Bob|Acme|Ada]'],
      ['in_app', '[||Ada]'],
    ]);
  });

  it('without an actor, conditions see no actor at all', () => {
    const run = setup([
      {
        workflowId: 'hello',
        // Runs only when the event has an actor.
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: { body: 'Hi {{actor.firstName}}', skip: { var: 'actor' } },
          },
        ],
      },
    ]);
    const alone = run.trigger('hello');
    const withActor = run.trigger('hello', { actor: 'bob' });
    expect(run.statuses(alone)).toStrictEqual(['skipped']);
    expect(run.statuses(withActor)).toStrictEqual(['completed']);
    expect(run.contents()).toStrictEqual([['in_app', 'Hi Bob']]);
  });
});

describe('the run: job statuses and the event feed', () => {
  it('tells a listener each status change with the job, its step and type, and the transaction', () => {
    const run = setup([{ workflowId: 'hello', steps: [inbox('Hi')] }]);
    const seen: EngineEvent[] = [];
    run.engine.events.subscribe((event) => {
      if (event.type === 'job-status') seen.push(event);
    });
    const id = run.trigger('hello', { transactionId: 'tx-1' });
    const common = {
      type: 'job-status',
      environmentId: run.engine.environment('Development')._id,
      notificationId: id,
      transactionId: 'tx-1',
      jobId: run.job(id, 0)._id,
      stepId: 'inbox',
      jobType: 'in_app',
      at: START,
    };
    expect(seen).toStrictEqual([
      { ...common, status: 'queued', seq: 2 },
      { ...common, status: 'running', seq: 3 },
      { ...common, status: 'completed', seq: 5 },
    ]);
  });

  it('numbers no status change while nobody listens', () => {
    const run = setup([{ workflowId: 'hello', steps: [inbox('Hi')] }]);
    run.trigger('hello');
    // Only the trigger's own two events (received, answered) were numbered.
    expect(run.engine.events.lastSeq()).toBe(2);
  });

  it('dates a job with the time of its last status change', () => {
    const run = setup([
      {
        workflowId: 'wait',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'regular', amount: 5, unit: 'minutes' },
          },
          inbox('Hi'),
        ],
      },
    ]);
    const id = run.trigger('wait');
    run.engine.clock.advance('5m');
    expect(run.jobs(id).map((job) => [job.status, job.createdAt, job.updatedAt])).toStrictEqual([
      ['completed', START, '2026-01-01T00:05:00.000Z'],
      ['completed', START, '2026-01-01T00:05:00.000Z'],
    ]);
  });
});

const digestStep = (
  controlValues: Record<string, unknown>,
  more: Partial<StepSeed> = {},
): StepSeed => ({
  type: 'digest',
  name: 'Digest',
  controlValues,
  ...more,
});
const FIVE_MINUTES = { amount: 5, unit: 'minutes' };

describe('the run: what conditions and templates see of a digest', () => {
  it('the steps after a digest see its events; a digest step after it does not', () => {
    const run = setup([
      {
        workflowId: 'twice',
        steps: [
          digestStep(FIVE_MINUTES),
          // Runs only when it sees digested events: it sees none, so it is skipped.
          digestStep({ ...FIVE_MINUTES, skip: { var: 'step.total_count' } }, { name: 'Again' }),
          inbox('{{step.total_count}} events'),
        ],
      },
    ]);
    const id = run.trigger('twice', { payload: { n: 1 } });
    run.trigger('twice', { payload: { n: 2 } });
    run.engine.clock.advance('5m');
    expect(run.statuses(id)).toStrictEqual(['completed', 'skipped', 'completed']);
    expect(run.contents()).toStrictEqual([['in_app', '2 events']]);
  });

  it('an event that passes a backoff digest alone carries no digested events to later steps', () => {
    const run = setup([
      {
        workflowId: 'backoff',
        steps: [
          digestStep({
            type: 'backoff',
            ...FIVE_MINUTES,
            backoffAmount: 1,
            backoffUnit: 'minutes',
          }),
          inbox('[{{step.total_count}}]'),
        ],
      },
    ]);
    const id = run.trigger('backoff', { payload: { n: 1 } });
    expect(run.statuses(id)).toStrictEqual(['skipped', 'completed']);
    expect(run.job(id, 0).digest).toStrictEqual({
      type: 'backoff',
      amount: 5,
      unit: 'minutes',
      backoffAmount: 1,
      backoffUnit: 'minutes',
      digestKey: 'No-Key-Provided',
      digestValue: 'No-Value-Provided',
    });
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      ['Digest was skipped, first backoff event', null],
    ]);
    expect(run.job(id, 1).digest).toBe(undefined);
    expect(run.contents()).toStrictEqual([['in_app', '[]']]);
  });
});

describe('the run: digests', () => {
  const digestFlow = (
    workflowId: string,
    controlValues: Record<string, unknown>,
  ): WorkflowSeed => ({
    workflowId,
    steps: [
      digestStep(controlValues),
      inbox('{{step.total_count}}:{% for e in step.events %}{{e.n}}{% endfor %}'),
    ],
  });

  it('opens a window with the events so far and the settings, and closes it at its end', () => {
    const run = setup([digestFlow('news', FIVE_MINUTES)]);
    const id = run.trigger('news', { payload: { n: 1 } });
    expect(run.statuses(id)).toStrictEqual(['delayed', 'pending']);
    expect(run.job(id, 0).digest).toStrictEqual({
      amount: 5,
      unit: 'minutes',
      type: 'regular',
      digestKey: 'No-Key-Provided',
      digestValue: 'No-Value-Provided',
      events: [{ n: 1 }],
    });
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      ['Start digesting', '{"closesAt":"2026-01-01T00:05:00.000Z"}'],
    ]);
    run.engine.clock.advance(299_999);
    expect(run.statuses(id)).toStrictEqual(['delayed', 'pending']);
    run.engine.clock.advance(1);
    expect(run.statuses(id)).toStrictEqual(['completed', 'completed']);
    expect(run.contents()).toStrictEqual([['in_app', '1:1']]);
  });

  it('merges a later event into the open window: its jobs are merged and point at the first', () => {
    const run = setup([digestFlow('news', FIVE_MINUTES)]);
    const first = run.trigger('news', { payload: { n: 1 } });
    run.engine.clock.advance('1m');
    const second = run.trigger('news', { payload: { n: 2 } });
    expect(run.statuses(second)).toStrictEqual(['merged', 'merged']);
    expect(run.notification(second)._digestedNotificationId).toBe(first);
    expect(run.job(second, 0).digest).toStrictEqual({
      amount: 5,
      unit: 'minutes',
      type: 'regular',
      digestKey: 'No-Key-Provided',
      digestValue: 'No-Value-Provided',
      events: [],
    });
    expect(run.details(second, 0)).toStrictEqual([
      ['Step queued', null],
      ['Digest was merged with other digest', JSON.stringify({ digestedNotificationId: first })],
    ]);
    // The steps after a merged digest get no detail of their own.
    expect(run.details(second, 1)).toStrictEqual([]);
    expect(run.job(first, 0).digest?.events).toStrictEqual([{ n: 1 }, { n: 2 }]);
    run.engine.clock.advance('4m');
    expect(run.contents()).toStrictEqual([['in_app', '2:12']]);
  });

  it('a canceled first event hands the window to the event merged into it', () => {
    const run = setup([digestFlow('news', FIVE_MINUTES)]);
    run.trigger('news', { payload: { n: 1 }, transactionId: 'tx-1' });
    const second = run.trigger('news', { payload: { n: 2 } });
    run.engine.operations['events.cancel'](contextOf(run.engine), {
      params: { transactionId: 'tx-1' },
    });
    expect(run.statuses(second)).toStrictEqual(['delayed', 'pending']);
    run.engine.clock.advance('5m');
    expect(run.contents()).toStrictEqual([['in_app', '1:2']]);
  });

  it('an event that reaches the digest the moment its window closes opens the next window', () => {
    const run = setup([
      {
        workflowId: 'later',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'dynamic', dynamicKey: 'payload.wait' },
          },
          digestStep(FIVE_MINUTES),
          inbox('{{step.total_count}}:{% for e in step.events %}{{e.n}}{% endfor %}'),
        ],
      },
    ]);
    // Its delay ends at 00:10, as the window the other event opens at 00:05 closes.
    const late = run.trigger('later', { payload: { n: 1, wait: { amount: 10, unit: 'minutes' } } });
    const early = run.trigger('later', { payload: { n: 2, wait: { amount: 5, unit: 'minutes' } } });
    run.engine.clock.advance('10m');
    expect(run.statuses(early)).toStrictEqual(['completed', 'completed', 'completed']);
    expect(run.statuses(late)).toStrictEqual(['completed', 'delayed', 'pending']);
    expect(run.details(late, 1).at(-1)).toStrictEqual([
      'Start digesting',
      '{"closesAt":"2026-01-01T00:15:00.000Z"}',
    ]);
    run.engine.clock.advance('5m');
    expect(run.contents()).toStrictEqual([
      ['in_app', '1:2'],
      ['in_app', '1:1'],
    ]);
  });

  it('a canceled merged event leaves the window with its own events only', () => {
    const run = setup([digestFlow('news', FIVE_MINUTES)]);
    const first = run.trigger('news', { payload: { n: 1 } });
    run.trigger('news', { payload: { n: 2 }, transactionId: 'tx-2' });
    run.trigger('news', { payload: { n: 3 } });
    run.engine.operations['events.cancel'](contextOf(run.engine), {
      params: { transactionId: 'tx-2' },
    });
    expect(run.job(first, 0).digest?.events).toStrictEqual([{ n: 1 }, { n: 3 }]);
    run.engine.clock.advance('5m');
    expect(run.contents()).toStrictEqual([['in_app', '2:13']]);
  });

  it('keeps one window per subscriber, workflow, step and digest key value', () => {
    const run = setup([
      digestFlow('news', { ...FIVE_MINUTES, digestKey: 'postId' }),
      digestFlow('other', { ...FIVE_MINUTES, digestKey: 'postId' }),
    ]);
    const first = run.trigger('news', { payload: { n: 1, postId: 'a' } });
    const otherKey = run.trigger('news', { payload: { n: 2, postId: 'b' } });
    const otherWorkflow = run.trigger('other', { payload: { n: 3, postId: 'a' } });
    const otherSubscriber = run.trigger('news', { to: 'bob', payload: { n: 4, postId: 'a' } });
    const same = run.trigger('news', { payload: { n: 5, postId: 'a' } });
    expect(
      [first, otherKey, otherWorkflow, otherSubscriber, same].map((id) => run.statuses(id)[0]),
    ).toStrictEqual(['delayed', 'delayed', 'delayed', 'delayed', 'merged']);
    expect(run.job(first, 0).digest).toStrictEqual({
      amount: 5,
      unit: 'minutes',
      digestKey: 'postId',
      digestValue: 'a',
      type: 'regular',
      events: [
        { n: 1, postId: 'a' },
        { n: 5, postId: 'a' },
      ],
    });
  });

  it('reads a subscriber digest key from the subscriber', () => {
    const run = setup([digestFlow('news', { ...FIVE_MINUTES, digestKey: 'subscriber.firstName' })]);
    const id = run.trigger('news', { payload: { n: 1 } });
    expect(run.job(id, 0).digest).toStrictEqual({
      amount: 5,
      unit: 'minutes',
      digestKey: 'subscriber.firstName',
      digestValue: 'Ada',
      type: 'regular',
      events: [{ n: 1 }],
    });
  });

  it('keeps the digest key on the digest jobs only, as the service e2e counts them', () => {
    // The service's "should digest based on digestKey within time interval": sms, digest by `id`
    // (2 seconds), sms; two events with the same id and one without.
    const sms = (name: string): StepSeed => ({
      type: 'sms',
      name,
      controlValues: { body: 'Hello world {{payload.customVar}}' },
    });
    const run = setup(
      [
        {
          workflowId: 'keyed',
          steps: [
            sms('First'),
            digestStep({ amount: 2, unit: 'seconds', digestKey: 'id' }),
            sms('Second'),
          ],
        },
      ],
      {
        integrations: [
          { providerId: 'twilio', channel: 'sms', active: true, primary: true, identifier: 'tw' },
        ],
      },
    );
    const ids = [
      run.trigger('keyed', { payload: { customVar: 'Testing of User Name', id: 'post-1' } }),
      run.trigger('keyed', { payload: { customVar: 'digest' } }),
      run.trigger('keyed', { payload: { customVar: 'haj', id: 'post-1' } }),
    ];
    expect(ids.map((id) => run.statuses(id)[1])).toStrictEqual(['delayed', 'delayed', 'merged']);
    run.engine.clock.advance('2s');
    const jobs = ids.flatMap((id) => run.jobs(id));
    expect(
      jobs.filter((job) => job.digest?.digestKey === 'id').map((job) => job.type),
    ).toStrictEqual(['digest', 'digest', 'digest']);
    const smsWithEvents = jobs.filter(
      (job) => job.type === 'sms' && (job.digest?.events?.length ?? 0) > 0,
    );
    expect(smsWithEvents.map((job) => job.digest?.events?.length)).toStrictEqual([2, 1]);
    // The steps after the digest keep its other settings (the documented shape needs `type`).
    expect(run.job(ids[0] ?? '', 2).digest).toStrictEqual({
      amount: 2,
      unit: 'seconds',
      type: 'regular',
      events: [
        { customVar: 'Testing of User Name', id: 'post-1' },
        { customVar: 'haj', id: 'post-1' },
      ],
    });
  });

  it("records the service's texts for a missing key or value: No-Key-Provided, No-Value-Provided", () => {
    const run = setup([
      digestFlow('keyless', FIVE_MINUTES),
      digestFlow('keyed', { ...FIVE_MINUTES, digestKey: 'postId' }),
    ]);
    const keyless = run.trigger('keyless', { payload: { n: 1, postId: 'a' } });
    const noValue = run.trigger('keyed', { payload: { n: 2 } });
    const emptyValue = run.trigger('keyed', { payload: { n: 3, postId: '' } });
    const withValue = run.trigger('keyed', { payload: { n: 4, postId: 'a' } });
    const keys = (id: string) => {
      const digest = run.job(id, 0).digest;
      return [digest?.digestKey, digest?.digestValue];
    };
    expect(keys(keyless)).toStrictEqual(['No-Key-Provided', 'No-Value-Provided']);
    expect(keys(noValue)).toStrictEqual(['postId', 'No-Value-Provided']);
    // A falsy value reads as none; it joins the digest of the events without one.
    expect(run.statuses(emptyValue)[0]).toBe('merged');
    expect(keys(emptyValue)).toStrictEqual(['postId', 'No-Value-Provided']);
    expect(keys(withValue)).toStrictEqual(['postId', 'a']);
  });

  it('takes its settings from the step metadata, the control values winning', () => {
    const run = setup([
      {
        workflowId: 'meta',
        steps: [
          digestStep({ amount: 10 }, { metadata: { type: 'regular', amount: 5, unit: 'minutes' } }),
          inbox('x'),
        ],
      },
      {
        workflowId: 'only-meta',
        steps: [
          {
            type: 'digest',
            name: 'Digest',
            metadata: { type: 'regular', amount: 2, unit: 'minutes' },
          },
          inbox('x'),
        ],
      },
    ]);
    const both = run.trigger('meta');
    const onlyMeta = run.trigger('only-meta');
    expect(run.details(both, 0).at(-1)).toStrictEqual([
      'Start digesting',
      '{"closesAt":"2026-01-01T00:10:00.000Z"}',
    ]);
    expect(run.details(onlyMeta, 0).at(-1)).toStrictEqual([
      'Start digesting',
      '{"closesAt":"2026-01-01T00:02:00.000Z"}',
    ]);
  });

  it('keeps the skip control out of the recorded digest settings', () => {
    const run = setup([digestFlow('news', { ...FIVE_MINUTES, skip: { '==': [1, 1] } })]);
    const id = run.trigger('news', { payload: { n: 1 } });
    expect(run.job(id, 0).digest).toStrictEqual({
      amount: 5,
      unit: 'minutes',
      type: 'regular',
      digestKey: 'No-Key-Provided',
      digestValue: 'No-Value-Provided',
      events: [{ n: 1 }],
    });
  });

  it("closes a timed window at the time in the subscriber's timezone, else in UTC", () => {
    const run = setup(
      [digestFlow('daily', { type: 'timed', unit: 'days', timed: { atTime: '09:00' } })],
      {
        subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'kei', timezone: 'Asia/Tokyo' }],
      },
    );
    const utc = run.trigger('daily');
    const tokyo = run.trigger('daily', { to: 'kei' });
    expect(run.details(utc, 0).at(-1)).toStrictEqual([
      'Start digesting',
      '{"closesAt":"2026-01-01T09:00:00.000Z"}',
    ]);
    // 00:00 UTC is 09:00 in Tokyo: the next 09:00 there is a day later.
    expect(run.details(tokyo, 0).at(-1)).toStrictEqual([
      'Start digesting',
      '{"closesAt":"2026-01-02T00:00:00.000Z"}',
    ]);
  });

  it("fails a window that ends past the clock's range without a detail and cancels the rest", () => {
    const run = setup([digestFlow('forever', { amount: 3_000_000, unit: 'days' })]);
    const id = run.trigger('forever');
    expect(run.statuses(id)).toStrictEqual(['failed', 'canceled']);
    expect(run.details(id, 0)).toStrictEqual([['Step queued', null]]);
    expect(run.job(id, 0).error).toBe(
      "The digest window ends outside the engine clock's range 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z",
    );
    expect(run.details(id, 1)).toStrictEqual([
      ['Step was canceled because a previous step failed', null],
    ]);
    expect(run.data().digests.size).toBe(0);
  });

  it('a backoff digest digests an event that follows another within the backoff window', () => {
    const run = setup([
      digestFlow('backoff', {
        type: 'backoff',
        ...FIVE_MINUTES,
        backoffAmount: 1,
        backoffUnit: 'minutes',
      }),
    ]);
    const first = run.trigger('backoff', { payload: { n: 1 } });
    run.engine.clock.advance('30s');
    const second = run.trigger('backoff', { payload: { n: 2 } });
    expect(run.statuses(first)).toStrictEqual(['skipped', 'completed']);
    expect(run.statuses(second)).toStrictEqual(['delayed', 'pending']);
    run.engine.clock.advance('5m');
    run.engine.clock.advance('2m');
    // A minute and more after the last event, the next one passes alone again.
    const third = run.trigger('backoff', { payload: { n: 3 } });
    expect(run.statuses(third)).toStrictEqual(['skipped', 'completed']);
    expect(run.contents()).toStrictEqual([
      ['in_app', ':'],
      ['in_app', '1:2'],
      ['in_app', ':'],
    ]);
  });

  it('a digest setting that breaks the run unexpectedly fails the step as a crashed worker does', () => {
    const run = setup([digestFlow('odd', { type: 'timed', unit: 'days', timed: { atTime: 9 } })]);
    const id = run.trigger('odd');
    expect(run.statuses(id)).toStrictEqual(['failed', 'canceled']);
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      [
        'There was one or more errors when trying to execute the notification',
        '{"error":"atTime.trim is not a function"}',
      ],
    ]);
    expect(run.job(id, 0).error).toBe(
      'There was one or more errors when trying to execute the notification',
    );
  });

  it('fails a backoff digest it cannot read the backoff of, without a detail', () => {
    const run = setup([digestFlow('backoff', { type: 'backoff', amount: 5 })]);
    run.trigger('backoff');
    const second = run.trigger('backoff');
    expect(run.statuses(second)).toStrictEqual(['failed', 'canceled']);
    expect(run.details(second, 0)).toStrictEqual([['Step queued', null]]);
    expect(run.job(second, 0).error).toBe(
      'A backoff digest needs a positive backoffAmount and a backoffUnit, got {"amount":5}',
    );
  });
});

describe('the run: delays', () => {
  const delayFlow = (workflowId: string, controlValues: Record<string, unknown>): WorkflowSeed => ({
    workflowId,
    steps: [{ type: 'delay', name: 'Wait', controlValues }, inbox('after')],
  });

  it('says Step delayed with the delay in ms and resumes exactly when it ends', () => {
    const run = setup([delayFlow('wait', { type: 'regular', ...FIVE_MINUTES })]);
    const id = run.trigger('wait');
    expect(run.statuses(id)).toStrictEqual(['delayed', 'pending']);
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      ['Step delayed', '{"delay":300000}'],
    ]);
    run.engine.clock.advance(299_999);
    expect(run.statuses(id)).toStrictEqual(['delayed', 'pending']);
    run.engine.clock.advance(1);
    expect(run.statuses(id)).toStrictEqual(['completed', 'completed']);
    expect(run.details(id, 0).at(-1)).toStrictEqual(['Delay is finished', null]);
  });

  it('a negative delay ends at once and says so with its negative length; a zero one says nothing', () => {
    const run = setup([
      delayFlow('negative', { type: 'regular', amount: -1, unit: 'minutes' }),
      delayFlow('zero', { type: 'regular', amount: 0, unit: 'minutes' }),
    ]);
    const negative = run.trigger('negative');
    const zero = run.trigger('zero');
    expect(run.statuses(negative)).toStrictEqual(['completed', 'completed']);
    expect(run.details(negative, 0)).toStrictEqual([
      ['Step queued', null],
      ['Step delayed', '{"delay":-60000}'],
      ['Delay is finished', null],
    ]);
    expect(run.details(zero, 0)).toStrictEqual([
      ['Step queued', null],
      ['Delay is finished', null],
    ]);
    expect(run.job(negative, 0).updatedAt).toBe(START);
  });

  it("a negative delay at the clock's first instant still ends at once", () => {
    const run = setup(
      [delayFlow('negative', { type: 'regular', amount: -1, unit: 'minutes' })],
      {},
      '1970-01-01T00:00:00.000Z',
    );
    const id = run.trigger('negative');
    expect(run.statuses(id)).toStrictEqual(['completed', 'completed']);
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      ['Step delayed', '{"delay":-60000}'],
      ['Delay is finished', null],
    ]);
  });

  it('takes the amount from the trigger overrides and the date from the payload', () => {
    const run = setup([
      delayFlow('wait', { type: 'regular', ...FIVE_MINUTES }),
      delayFlow('scheduled', { type: 'scheduled', delayPath: 'sendAt' }),
    ]);
    const overridden = run.trigger('wait', { overrides: { delay: { amount: 1, unit: 'hours' } } });
    const scheduled = run.trigger('scheduled', { payload: { sendAt: '2026-01-01T00:00:30.000Z' } });
    expect(run.details(overridden, 0).at(-1)).toStrictEqual(['Step delayed', '{"delay":3600000}']);
    expect(run.details(scheduled, 0).at(-1)).toStrictEqual(['Step delayed', '{"delay":30000}']);
  });

  it('takes its settings from the step metadata, the control values winning', () => {
    const run = setup([
      {
        workflowId: 'meta',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { amount: 3 },
            metadata: { type: 'regular', amount: 2, unit: 'minutes' },
          },
          inbox('x'),
        ],
      },
      {
        workflowId: 'only-meta',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            metadata: { type: 'regular', amount: 2, unit: 'minutes' },
          },
          inbox('x'),
        ],
      },
    ]);
    expect(run.details(run.trigger('meta'), 0).at(-1)).toStrictEqual([
      'Step delayed',
      '{"delay":180000}',
    ]);
    expect(run.details(run.trigger('only-meta'), 0).at(-1)).toStrictEqual([
      'Step delayed',
      '{"delay":120000}',
    ]);
  });

  it("runs a cron delay in the subscriber's timezone, else in UTC", () => {
    const run = setup([delayFlow('cron', { type: 'timed', cron: '0 9 * * *' })], {
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'kei', timezone: 'Asia/Tokyo' }],
    });
    const utc = run.trigger('cron');
    const tokyo = run.trigger('cron', { to: 'kei' });
    expect(run.details(utc, 0).at(-1)).toStrictEqual(['Step delayed', '{"delay":32400000}']);
    expect(run.details(tokyo, 0).at(-1)).toStrictEqual(['Step delayed', '{"delay":86400000}']);
  });

  it("fails a delay that ends past the clock's range as a misconfiguration, before it waits", () => {
    const run = setup([delayFlow('forever', { type: 'regular', amount: 3_000_000, unit: 'days' })]);
    const id = run.trigger('forever');
    const error =
      "The delay ends outside the engine clock's range 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z";
    expect(run.statuses(id)).toStrictEqual(['failed', 'canceled']);
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      ['Invalid delay configuration', JSON.stringify({ error })],
    ]);
    expect(run.job(id, 0).error).toBe(error);
    expect(run.details(id, 1)).toStrictEqual([
      ['Step was canceled because a previous step failed', null],
    ]);
  });

  it('records each failure detail of a delay and keeps the last error on the job', () => {
    const run = setup([delayFlow('dynamic', { type: 'dynamic', dynamicKey: 'payload.wakeAt' })]);
    const id = run.trigger('dynamic', { payload: { wakeAt: START } });
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      ['Invalid delay configuration', '{"error":"delay must be in the future"}'],
      [
        'Invalid delay configuration',
        '{"error":"Dynamic delay must be in the future. durationMs: 0"}',
      ],
    ]);
    expect(run.job(id, 0).error).toBe('Dynamic delay must be in the future. durationMs: 0');
  });
});

describe('the run: waiting steps in a snapshot', () => {
  it('a waiting delay and an open digest survive a snapshot and restore, and resume', () => {
    const run = setup([
      {
        workflowId: 'wait',
        steps: [
          { type: 'delay', name: 'Wait', controlValues: { type: 'regular', ...FIVE_MINUTES } },
          inbox('waited'),
        ],
      },
      {
        workflowId: 'news',
        steps: [digestStep(FIVE_MINUTES), inbox('{{step.total_count}} digested')],
      },
    ]);
    const delayed = run.trigger('wait');
    const digested = run.trigger('news');
    run.engine.restore(run.engine.snapshot());
    run.engine.clock.advance('5m');
    expect([run.statuses(delayed), run.statuses(digested)]).toStrictEqual([
      ['completed', 'completed'],
      ['completed', 'completed'],
    ]);
    expect(run.contents()).toStrictEqual([
      ['in_app', 'waited'],
      ['in_app', '1 digested'],
    ]);
  });
});

describe('the run: throttles', () => {
  const throttleFlow = (
    workflowId: string,
    controlValues: Record<string, unknown>,
  ): WorkflowSeed => ({
    workflowId,
    steps: [
      { type: 'throttle', name: 'Throttle', controlValues },
      inbox('through'),
      inbox('again', { name: 'Again' }),
    ],
  });
  const HOURLY = { type: 'fixed', amount: 1, unit: 'hours', threshold: 1 };

  it('admits up to the threshold; a throttled event skips the steps after it without details', () => {
    const run = setup([throttleFlow('alerts', HOURLY)]);
    const first = run.trigger('alerts');
    const second = run.trigger('alerts');
    expect(run.statuses(first)).toStrictEqual(['completed', 'completed', 'completed']);
    expect(run.details(first, 0)).toStrictEqual([
      ['Step queued', null],
      ['Step processed', '{"throttled":false,"threshold":1,"count":0}'],
    ]);
    expect(run.statuses(second)).toStrictEqual(['skipped', 'skipped', 'skipped']);
    expect(run.details(second, 0)).toStrictEqual([
      ['Step queued', null],
      [
        'Step throttled',
        JSON.stringify({
          throttled: true,
          reason: THROTTLE_EXCEEDED_REASON,
          threshold: 1,
          count: 1,
        }),
      ],
    ]);
    expect(run.details(second, 1)).toStrictEqual([]);
    expect(run.details(second, 2)).toStrictEqual([]);
  });

  it('counts per subscriber and per workflow', () => {
    const run = setup([throttleFlow('alerts', HOURLY), throttleFlow('other', HOURLY)]);
    const ids = [
      run.trigger('alerts'),
      run.trigger('alerts', { to: 'bob' }),
      run.trigger('other'),
      run.trigger('alerts'),
    ];
    expect(ids.map((id) => run.statuses(id)[0])).toStrictEqual([
      'completed',
      'completed',
      'completed',
      'skipped',
    ]);
  });

  it('reads the throttle key from the payload', () => {
    const run = setup([throttleFlow('alerts', { ...HOURLY, throttleKey: 'projectId' })]);
    const ids = [
      run.trigger('alerts', { payload: { projectId: 'a' } }),
      run.trigger('alerts', { payload: { projectId: 'b' } }),
      run.trigger('alerts', { payload: { projectId: 'a' } }),
    ];
    expect(ids.map((id) => run.statuses(id)[0])).toStrictEqual([
      'completed',
      'completed',
      'skipped',
    ]);
  });

  it('fails a dynamic window already over with both details, the last error on the job', () => {
    const run = setup([throttleFlow('alerts', { type: 'dynamic', dynamicKey: 'payload.until' })]);
    const id = run.trigger('alerts', { payload: { until: START } });
    expect(run.statuses(id)).toStrictEqual(['failed', 'canceled', 'canceled']);
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      ['Throttle window in past', '{"error":"throttle must be in the future"}'],
      [
        'Invalid delay configuration',
        '{"error":"Dynamic throttle must be in the future. durationMs: 0"}',
      ],
    ]);
    expect(run.job(id, 0).error).toBe('Dynamic throttle must be in the future. durationMs: 0');
    for (const index of [1, 2]) {
      expect(run.details(id, index)).toStrictEqual([
        ['Step was canceled because a previous step failed', null],
      ]);
    }
  });
});

describe('the run: channel steps', () => {
  it('logs Start sending message before each channel sends, and sends through its own channel', () => {
    const run = setup(
      [
        {
          workflowId: 'all',
          steps: [
            { type: 'sms', name: 'Sms', controlValues: { body: 'sms {{payload.n}}' } },
            { type: 'chat', name: 'Chat', controlValues: { body: 'chat {{payload.n}}' } },
            {
              type: 'push',
              name: 'Push',
              controlValues: { subject: 'S', body: 'push {{payload.n}}' },
            },
            inbox('in-app {{payload.n}}'),
            {
              type: 'email',
              name: 'Mail',
              controlValues: { subject: 'S', body: '<p>email {{payload.n}}</p>' },
            },
          ],
        },
      ],
      {
        integrations: [
          { providerId: 'twilio', channel: 'sms', active: true, primary: true, identifier: 'tw' },
          { providerId: 'slack', channel: 'chat', active: true, identifier: 'sl' },
          { providerId: 'fcm', channel: 'push', active: true, identifier: 'fc' },
        ],
      },
    );
    const context = contextOf(run.engine);
    run.engine.operations['subscribers.credentials.upsert'](context, {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'slack',
        credentials: { webhookUrl: 'https://hooks.example.com/x' },
      },
    });
    run.engine.operations['subscribers.credentials.upsert'](context, {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: ['token'] },
      },
    });
    const id = run.trigger('all', { payload: { n: 7 } });
    expect(run.statuses(id)).toStrictEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    for (const index of [0, 1, 2, 3, 4]) {
      expect(run.details(id, index).slice(0, 2)).toStrictEqual([
        ['Step queued', null],
        ['Start sending message', null],
      ]);
    }
    expect(run.contents()).toStrictEqual([
      ['sms', 'sms 7'],
      ['chat', 'chat 7'],
      ['push', 'push 7'],
      ['in_app', 'in-app 7'],
      ['email', '<p>email 7</p>'],
    ]);
  });

  it('renders an email body given as a block document, and an absent body as empty content', () => {
    const run = setup([
      {
        workflowId: 'blocks',
        steps: [
          {
            type: 'email',
            name: 'Mail',
            controlValues: {
              subject: 'S',
              body: {
                type: 'doc',
                content: [
                  {
                    type: 'paragraph',
                    content: [{ type: 'text', text: 'Hi {{subscriber.firstName}}' }],
                  },
                ],
              },
            },
          },
        ],
      },
      {
        workflowId: 'empty',
        steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 'S' } }],
      },
    ]);
    run.trigger('blocks');
    run.trigger('empty');
    expect(run.contents()).toStrictEqual([
      ['email', '<p>Hi Ada</p>'],
      ['email', ''],
    ]);
  });

  it('a control that cannot be rendered fails the step with the error and the control path', () => {
    const run = setup([
      {
        workflowId: 'broken',
        steps: [inbox('{{ payload.x | nosuchfilter }}'), inbox('next', { name: 'Next' })],
      },
    ]);
    const id = run.trigger('broken');
    // A failed channel step does not stop the run unless it says so.
    expect(run.statuses(id)).toStrictEqual(['failed', 'completed']);
    expect(run.details(id, 0)).toStrictEqual([
      ['Step queued', null],
      ['Start sending message', null],
      [
        'Message content could not be generated',
        '{"error":"undefined filter: nosuchfilter, line:1, col:1","path":"body"}',
      ],
    ]);
    expect(run.job(id, 0).error).toBe('Message content could not be generated');
    expect(run.contents()).toStrictEqual([['in_app', 'next']]);
  });

  it('an email whose subject cannot be rendered is still stored, without content', () => {
    const run = setup([
      {
        workflowId: 'broken',
        steps: [
          {
            type: 'email',
            name: 'Mail',
            controlValues: { subject: '{{ payload.x | nosuchfilter }}', body: 'x' },
          },
        ],
      },
    ]);
    const id = run.trigger('broken');
    expect(run.statuses(id)).toStrictEqual(['failed']);
    expect(run.details(id, 0).map(([detail]) => detail)).toStrictEqual([
      'Step queued',
      'Start sending message',
      'Integration instance selected',
      'Message content could not be generated',
    ]);
    expect(run.details(id, 0).at(-1)).toStrictEqual([
      'Message content could not be generated',
      '{"error":"undefined filter: nosuchfilter, line:1, col:1","path":"subject"}',
    ]);
    expect(run.contents()).toStrictEqual([['email', '']]);
  });

  it('a failed channel step that should stop on failure cancels the steps after it', () => {
    const run = setup([
      {
        workflowId: 'broken',
        steps: [
          inbox('{{ payload.x | nosuchfilter }}', { shouldStopOnFail: true }),
          inbox('next', { name: 'Next' }),
        ],
      },
    ]);
    const id = run.trigger('broken');
    expect(run.statuses(id)).toStrictEqual(['failed', 'canceled']);
    expect(run.details(id, 1)).toStrictEqual([
      ['Step was canceled because a previous step failed', null],
    ]);
  });
});
