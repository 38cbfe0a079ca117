// End-to-end through the client in mock mode: digests, delays and throttles on the engine clock.
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const email = {
  type: 'email' as const,
  name: 'Email',
  controlValues: {
    subject: '{{step.total_count}} new comments',
    body: '{% for event in step.events %}{{event.text}};{% endfor %}',
  },
};

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [
      { subscriberId: 'ada', email: 'ada@example.com' },
      { subscriberId: 'bob', email: 'bob@example.com' },
    ],
    workflows: [
      {
        workflowId: 'digest',
        steps: [
          { type: 'digest', name: 'Digest', controlValues: { amount: 5, unit: 'minutes' } },
          email,
        ],
      },
      {
        workflowId: 'keyed',
        steps: [
          {
            type: 'digest',
            name: 'Digest',
            controlValues: { amount: 1, unit: 'hours', digestKey: 'postId' },
          },
          email,
        ],
      },
      {
        workflowId: 'backoff',
        steps: [
          {
            type: 'digest',
            name: 'Digest',
            metadata: {
              type: 'backoff',
              amount: 10,
              unit: 'minutes',
              backoffAmount: 5,
              backoffUnit: 'minutes',
            },
          },
          email,
        ],
      },
      {
        workflowId: 'timed',
        steps: [
          {
            type: 'digest',
            name: 'Digest',
            metadata: { type: 'timed', unit: 'days', timed: { atTime: '09:00' } },
          },
          email,
        ],
      },
      {
        workflowId: 'delay',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'regular', amount: 2, unit: 'hours' },
          },
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'later' } },
        ],
      },
      {
        workflowId: 'scheduled',
        steps: [
          { type: 'delay', name: 'Wait', metadata: { type: 'scheduled', delayPath: 'sendAt' } },
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'at {{payload.sendAt}}' } },
        ],
      },
      {
        workflowId: 'throttled',
        steps: [
          {
            type: 'throttle',
            name: 'Throttle',
            controlValues: { amount: 1, unit: 'hours', threshold: 2 },
          },
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'alert' } },
        ],
      },
    ],
  },
});

const svc = () => mock.client('Development', { maxRetries: 0 });
const jobStatuses = async (transactionId: string | undefined) => {
  const [activity] = (await svc().notifications.list({ transactionId: transactionId ?? '' })).data;
  return activity?.jobs?.map((job) => job.status);
};

describe('digest', () => {
  it('merges five events into one email when the window closes', async () => {
    const ids: (string | undefined)[] = [];
    for (const text of ['a', 'b', 'c', 'd', 'e']) {
      ids.push(
        (await svc().events.trigger({ name: 'digest', to: 'ada', payload: { text } }))
          .transactionId,
      );
      mock.engine.clock.advance('30s');
    }
    expect(mock.engine.outbox.count({ channel: 'email' })).toBe(0);
    expect(await jobStatuses(ids[0])).toEqual(['delayed', 'pending']);
    expect(await jobStatuses(ids[1])).toEqual(['merged', 'merged']);

    mock.engine.clock.advance('5m');
    const emails = mock.engine.outbox.list({ channel: 'email' });
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      subject: '5 new comments',
      content: 'a;b;c;d;e;',
      transactionId: ids[0],
    });
    expect(emails[0]?.sentAt).toBe('2026-01-01T00:05:00.000Z');
    expect(await jobStatuses(ids[0])).toEqual(['completed', 'completed']);
    const [first] = (await svc().notifications.list({ transactionId: ids[0] ?? '' })).data;
    expect(first?.jobs?.[0]?.digest?.events).toHaveLength(5);
    // The digested events are carried onto the steps after the digest, as the service stores them.
    expect(first?.jobs?.[1]?.digest?.events).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((text) => ({ text })),
    );
    expect(first?.jobs?.[0]?.executionDetails.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Start digesting',
      'Step digested',
    ]);
  });

  it('keeps one digest per digestKey value', async () => {
    await svc().events.trigger({ name: 'keyed', to: 'ada', payload: { postId: 1, text: 'x' } });
    await svc().events.trigger({ name: 'keyed', to: 'ada', payload: { postId: 2, text: 'y' } });
    await svc().events.trigger({ name: 'keyed', to: 'ada', payload: { postId: 1, text: 'z' } });
    mock.engine.clock.advance('1h');
    expect(mock.engine.outbox.list({ channel: 'email' }).map((m) => m.content)).toEqual([
      'x;z;',
      'y;',
    ]);
  });

  it('lets the first backoff event through and digests the ones that follow it closely', async () => {
    const first = await svc().events.trigger({
      name: 'backoff',
      to: 'ada',
      payload: { text: 'one' },
    });
    // The pass-through event digests nothing: its digest job is skipped, the email runs without
    // step.events, as in the service.
    expect(mock.engine.outbox.list({ channel: 'email' }).map((m) => m.content)).toEqual(['']);
    expect(await jobStatuses(first.transactionId)).toEqual(['skipped', 'completed']);
    const [activity] = (
      await svc().notifications.list({ transactionId: first.transactionId ?? '' })
    ).data;
    expect(activity?.jobs?.[0]?.executionDetails.at(-1)?.detail).toBe(
      'Digest was skipped, first backoff event',
    );
    mock.engine.clock.advance('1m');
    await svc().events.trigger({ name: 'backoff', to: 'ada', payload: { text: 'two' } });
    mock.engine.clock.advance('1m');
    await svc().events.trigger({ name: 'backoff', to: 'ada', payload: { text: 'three' } });
    expect(mock.engine.outbox.count({ channel: 'email' })).toBe(1);
    mock.engine.clock.advance('10m');
    expect(mock.engine.outbox.list({ channel: 'email' }).map((m) => m.content)).toEqual([
      '',
      'two;three;',
    ]);
  });

  it('sends a timed digest at the next atTime', async () => {
    mock.engine.clock.set('2026-01-01T10:00:00.000Z');
    await svc().events.trigger({ name: 'timed', to: 'ada', payload: { text: 'p' } });
    mock.engine.clock.advance('12h');
    expect(mock.engine.outbox.count()).toBe(0);
    mock.engine.clock.advance('12h');
    expect(mock.engine.outbox.last()?.sentAt).toBe('2026-01-02T09:00:00.000Z');
  });

  it('records the month days of a timed digest as numbers, which a strict client accepts', async () => {
    // Step metadata takes month days as strings; the job records them as numbers, as the
    // service's job schema casts them (docs/behaviour/runs.md#time-steps).
    mock.engine.seed({
      workflows: [
        {
          workflowId: 'monthly',
          steps: [
            {
              type: 'digest',
              name: 'Digest',
              metadata: {
                type: 'timed',
                unit: 'months',
                timed: { atTime: '09:00', monthlyType: 'each', monthDays: ['15', '28'] },
              },
            },
            email,
          ],
        },
      ],
    });
    const strict = mock.client('Development', { validation: 'strict', maxRetries: 0 });
    mock.engine.clock.set('2026-01-10T00:00:00.000Z');
    const { transactionId } = await strict.events.trigger({
      name: 'monthly',
      to: 'ada',
      payload: { text: 'p' },
    });
    const [waiting] = (await strict.notifications.list({ transactionId: transactionId ?? '' }))
      .data;
    expect(waiting?.jobs?.[0]?.digest?.timed?.monthDays).toEqual([15, 28]);
    const retrieved = await strict.notifications.retrieve(waiting?._id ?? '');
    expect(retrieved.jobs?.[0]?.digest).toMatchObject({
      type: 'timed',
      timed: { atTime: '09:00', monthlyType: 'each', monthDays: [15, 28] },
    });

    mock.engine.clock.set('2026-01-15T09:00:00.000Z');
    expect(mock.engine.outbox.last()).toMatchObject({ content: 'p;' });
    const [done] = (await strict.notifications.list({ transactionId: transactionId ?? '' })).data;
    expect(done?.jobs?.map((job) => job.digest?.timed?.monthDays)).toEqual([
      [15, 28],
      [15, 28],
    ]);
  });
});

describe('delay', () => {
  it('resumes a regular delay when the clock reaches it', async () => {
    const start = mock.engine.clock.now();
    const { transactionId } = await svc().events.trigger({ name: 'delay', to: 'ada' });
    expect(await jobStatuses(transactionId)).toEqual(['delayed', 'pending']);
    mock.engine.clock.advance('1h');
    expect(mock.engine.outbox.count()).toBe(0);
    mock.engine.clock.advance('1h');
    expect(mock.engine.outbox.last()).toMatchObject({ content: 'later' });
    expect(Date.parse(mock.engine.outbox.last()?.sentAt ?? '')).toBe(start + 2 * 3_600_000);
    expect(await jobStatuses(transactionId)).toEqual(['completed', 'completed']);
  });

  it('resumes a scheduled delay at the payload date, and fails a missing one', async () => {
    const sendAt = '2026-01-03T08:00:00.000Z';
    await svc().events.trigger({ name: 'scheduled', to: 'ada', payload: { sendAt } });
    mock.engine.clock.set('2026-01-03T07:59:59.000Z');
    expect(mock.engine.outbox.count()).toBe(0);
    mock.engine.clock.advance('1s');
    expect(mock.engine.outbox.last()?.sentAt).toBe(sendAt);

    const { transactionId } = await svc().events.trigger({
      name: 'scheduled',
      to: 'bob',
      payload: {},
    });
    const [activity] = (await svc().notifications.list({ transactionId: transactionId ?? '' }))
      .data;
    expect(activity?.jobs?.map((job) => job.status)).toEqual(['failed', 'canceled']);
    expect(activity?.jobs?.[0]?.executionDetails.at(-1)).toMatchObject({
      detail: 'Invalid delay configuration',
      raw: JSON.stringify({
        error: 'payload is missing required key(s) and type(s): sendAt (ISO Date)',
      }),
    });
  });

  it('drains everything still waiting with settle({ skipTime: true })', async () => {
    await svc().events.trigger({ name: 'delay', to: 'ada' });
    await mock.engine.settle();
    expect(mock.engine.outbox.count()).toBe(0);
    await mock.engine.settle({ skipTime: true });
    expect(mock.engine.outbox.count()).toBe(1);
  });

  it('resumes pending work after snapshot and restore', async () => {
    await svc().events.trigger({ name: 'delay', to: 'ada' });
    const snapshot = mock.engine.snapshot();
    mock.engine.clock.advance('2h');
    expect(mock.engine.outbox.count()).toBe(1);
    mock.engine.restore(snapshot);
    expect(mock.engine.outbox.count()).toBe(0);
    mock.engine.clock.advance('1s');
    expect(mock.engine.outbox.count()).toBe(1);
  });
});

describe('dynamic delay', () => {
  const dynamicWorkflow = (dynamicKey: string) => ({
    workflowId: `dynamic-${dynamicKey.replaceAll('.', '-')}`,
    steps: [
      { type: 'delay' as const, name: 'Wait', controlValues: { type: 'dynamic', dynamicKey } },
      { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'after' } },
    ],
  });

  it('waits until the ISO date or for the { amount, unit } the dynamicKey names', async () => {
    mock.engine.seed({ workflows: [dynamicWorkflow('payload.wakeAt')] });
    const at = await svc().events.trigger({
      name: 'dynamic-payload-wakeAt',
      to: 'ada',
      payload: { wakeAt: new Date(mock.engine.clock.now() + 2 * 3_600_000).toISOString() },
    });
    const span = await svc().events.trigger({
      name: 'dynamic-payload-wakeAt',
      to: 'ada',
      payload: { wakeAt: { amount: 30, unit: 'minutes' } },
    });
    expect(await jobStatuses(at.transactionId)).toEqual(['delayed', 'pending']);
    mock.engine.clock.advance('30m');
    expect(await jobStatuses(span.transactionId)).toEqual(['completed', 'completed']);
    expect(await jobStatuses(at.transactionId)).toEqual(['delayed', 'pending']);
    mock.engine.clock.advance('90m');
    expect(await jobStatuses(at.transactionId)).toEqual(['completed', 'completed']);
  });

  it("fails with the service's texts for a missing, past or malformed value", async () => {
    mock.engine.seed({ workflows: [dynamicWorkflow('payload.wakeAt')] });
    const reasons = [];
    for (const wakeAt of [
      undefined,
      '2025-12-31T00:00:00.000Z',
      'soon',
      { amount: 1, unit: 'fortnights' },
    ]) {
      const { transactionId } = await svc().events.trigger({
        name: 'dynamic-payload-wakeAt',
        to: 'ada',
        payload: wakeAt === undefined ? {} : { wakeAt },
      });
      const [activity] = (await svc().notifications.list({ transactionId: transactionId ?? '' }))
        .data;
      const detail = activity?.jobs?.[0]?.executionDetails.at(-1);
      expect(detail?.detail).toBe('Invalid delay configuration');
      expect(activity?.jobs?.map((job) => job.status)).toEqual(['failed', 'canceled']);
      reasons.push(JSON.parse(detail?.raw ?? '{}').error);
    }
    expect(reasons).toEqual([
      "Dynamic delay key 'payload.wakeAt' not found in payload",
      "Dynamic delay timestamp '2025-12-31T00:00:00.000Z' must be a future date",
      `Dynamic delay value '"soon"' is not a valid format. Expected ISO-8601 timestamp or duration object { amount: number, unit: string }`,
      "Invalid time unit 'fortnights' in dynamic delay",
    ]);
  });

  it('lets overrides.delay replace a regular delay', async () => {
    const { transactionId } = await svc().events.trigger({
      name: 'delay',
      to: 'ada',
      overrides: { delay: { amount: 1, unit: 'seconds' } },
    });
    mock.engine.clock.advance('1s');
    const statuses = await jobStatuses(transactionId);
    expect(statuses?.[0]).toBe('completed');
  });
});

describe('throttle', () => {
  it('skips events over the threshold in the window with a detail saying so', async () => {
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(await svc().events.trigger({ name: 'throttled', to: 'ada' }));
    expect(mock.engine.outbox.count()).toBe(2);
    expect(await jobStatuses(results[2]?.transactionId)).toEqual(['skipped', 'skipped']);
    const [activity] = (
      await svc().notifications.list({ transactionId: results[2]?.transactionId ?? '' })
    ).data;
    const detail = activity?.jobs?.[0]?.executionDetails.at(-1);
    expect(detail?.detail).toBe('Step throttled');
    expect(JSON.parse(detail?.raw ?? '{}')).toMatchObject({
      throttled: true,
      reason: 'Throttle limit exceeded for the given window',
    });
    // The window slides: both admitted executions leave it one hour and a second later.
    mock.engine.clock.advance('3601s');
    await svc().events.trigger({ name: 'throttled', to: 'ada' });
    expect(mock.engine.outbox.count()).toBe(3);
  });

  it('groups by a throttleKey naming a payload field', async () => {
    mock.engine.seed({
      workflows: [
        {
          workflowId: 'per-project',
          steps: [
            {
              type: 'throttle',
              name: 'Throttle',
              controlValues: { amount: 1, unit: 'hours', threshold: 1, throttleKey: 'projectId' },
            },
            { type: 'in_app', name: 'Inbox', controlValues: { body: '{{payload.projectId}}' } },
          ],
        },
      ],
    });
    for (const projectId of ['a', 'b', 'a', 'b', 'c']) {
      await svc().events.trigger({ name: 'per-project', to: 'ada', payload: { projectId } });
    }
    expect(mock.engine.outbox.list({ channel: 'in_app' }).map((entry) => entry.content)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
