// Through the client in mock mode: what the service does with a digest key without a value, a
// throttle window it cannot read or that is already over, and delay and digest settings it cannot
// use (docs/behaviour/runs.md#time-steps).
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const inbox = { type: 'in_app' as const, name: 'Inbox', controlValues: { body: '{{payload.n}}' } };

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    workflows: [
      {
        workflowId: 'keyed',
        steps: [
          {
            type: 'digest',
            name: 'Digest',
            controlValues: { amount: 1, unit: 'hours', digestKey: 'postId' },
          },
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: { body: '{% for event in step.events %}{{event.n}};{% endfor %}' },
          },
        ],
      },
      {
        workflowId: 'dynamic-throttle',
        steps: [
          {
            type: 'throttle',
            name: 'Throttle',
            controlValues: { type: 'dynamic', dynamicKey: 'payload.until', threshold: 1 },
          },
          inbox,
        ],
      },
      {
        workflowId: 'dynamic-delay',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'dynamic', dynamicKey: 'payload.wakeAt' },
          },
          inbox,
        ],
      },
      {
        workflowId: 'empty-delay',
        steps: [{ type: 'delay', name: 'Wait', controlValues: { type: 'regular' } }, inbox],
      },
      {
        workflowId: 'plain-digest',
        steps: [
          { type: 'digest', name: 'Digest', controlValues: { amount: 1, unit: 'hours' } },
          inbox,
        ],
      },
      {
        workflowId: 'amountless-digest',
        steps: [{ type: 'digest', name: 'Digest', controlValues: { unit: 'hours' } }, inbox],
      },
      {
        workflowId: 'fixed-throttle',
        steps: [
          { type: 'throttle', name: 'Throttle', controlValues: { unit: 'hours', threshold: 1 } },
          inbox,
        ],
      },
    ],
  },
});

const svc = () => mock.client();

async function jobsOf(transactionId: string | undefined) {
  const page = await svc().notifications.list({ transactionId: transactionId ?? '' });
  return page.data[0]?.jobs ?? [];
}

describe('digest key without a value', () => {
  it('digests a missing, 0, false or empty key value together, as No-Value-Provided', async () => {
    for (const [n, postId] of [
      [1, undefined],
      [2, 0],
      [3, false],
      [4, ''],
      [5, 7],
    ] as const) {
      await svc().events.trigger({ name: 'keyed', to: 'ada', payload: { n, postId } });
    }
    mock.engine.clock.advance('1h');
    expect(mock.engine.outbox.list({ channel: 'in_app' }).map((entry) => entry.content)).toEqual([
      '1;2;3;4;',
      '5;',
    ]);
  });

  it("answers the service's key texts on the digest jobs only, through the client", async () => {
    const keyed = await svc().events.trigger({ name: 'keyed', to: 'ada', payload: { n: 1 } });
    const keyless = await svc().events.trigger({
      name: 'plain-digest',
      to: 'ada',
      payload: { n: 2 },
    });
    const withValue = await svc().events.trigger({
      name: 'keyed',
      to: 'ada',
      payload: { n: 3, postId: 'p-1' },
    });
    const digestOf = async (transactionId: string | undefined) => {
      const [digest] = await jobsOf(transactionId);
      return [digest?.digest?.digestKey, digest?.digest?.digestValue];
    };
    expect(await digestOf(keyed.transactionId)).toEqual(['postId', 'No-Value-Provided']);
    expect(await digestOf(keyless.transactionId)).toEqual(['No-Key-Provided', 'No-Value-Provided']);
    expect(await digestOf(withValue.transactionId)).toEqual(['postId', 'p-1']);
    mock.engine.clock.advance('1h');
    const [, inbox] = await jobsOf(withValue.transactionId);
    expect(inbox?.digest?.events).toEqual([{ n: 3, postId: 'p-1' }]);
    expect(inbox?.digest?.digestKey).toBeUndefined();
  });
});

describe('throttle windows', () => {
  it('lets every event through when the dynamic key names nothing readable', async () => {
    for (const until of [undefined, 'soon', { amount: 1, unit: 'ages' }]) {
      const { transactionId } = await svc().events.trigger({
        name: 'dynamic-throttle',
        to: 'ada',
        payload: { n: 1, until },
      });
      const [throttle] = await jobsOf(transactionId);
      expect(throttle?.status).toBe('completed');
    }
    expect(mock.engine.outbox.count({ channel: 'in_app' })).toBe(3);
  });

  it('lets every event through when a fixed window has no amount', async () => {
    await svc().events.trigger({ name: 'fixed-throttle', to: 'ada', payload: { n: 1 } });
    await svc().events.trigger({ name: 'fixed-throttle', to: 'ada', payload: { n: 2 } });
    expect(mock.engine.outbox.count({ channel: 'in_app' })).toBe(2);
  });

  it("fails the step of a dynamic window already over with the service's details", async () => {
    const { transactionId } = await svc().events.trigger({
      name: 'dynamic-throttle',
      to: 'ada',
      payload: { n: 1, until: '2025-12-31T23:59:00.000Z' },
    });
    const [throttle, message] = await jobsOf(transactionId);
    expect(throttle?.status).toBe('failed');
    expect(
      throttle?.executionDetails
        .slice(-2)
        .map(({ detail, status, raw }) => ({ detail, status, raw })),
    ).toEqual([
      {
        detail: 'Throttle window in past',
        status: 'Failed',
        raw: '{"error":"throttle must be in the future"}',
      },
      {
        detail: 'Invalid delay configuration',
        status: 'Failed',
        raw: '{"error":"Dynamic throttle must be in the future. durationMs: -60000"}',
      },
    ]);
    expect(message?.status).toBe('canceled');
    expect(mock.engine.outbox.count()).toBe(0);
  });
});

const detailsOf = (job: {
  executionDetails: { detail: string; status: string; raw?: unknown }[];
}) => job.executionDetails.map(({ detail, status, raw }) => ({ detail, status, raw }));

describe('delays the service cannot schedule', () => {
  it('fails a dynamic time already reached with two Invalid delay configuration details', async () => {
    const { transactionId } = await svc().events.trigger({
      name: 'dynamic-delay',
      to: 'ada',
      payload: { n: 1, wakeAt: new Date(mock.engine.clock.now()).toISOString() },
    });
    const [wait, message] = await jobsOf(transactionId);
    expect(wait?.status).toBe('failed');
    expect(detailsOf(wait ?? { executionDetails: [] }).slice(-2)).toEqual([
      {
        detail: 'Invalid delay configuration',
        status: 'Failed',
        raw: '{"error":"delay must be in the future"}',
      },
      {
        detail: 'Invalid delay configuration',
        status: 'Failed',
        raw: '{"error":"Dynamic delay must be in the future. durationMs: 0"}',
      },
    ]);
    expect(message?.status).toBe('canceled');
    expect(mock.engine.outbox.count()).toBe(0);
  });

  it('fails a bare date, which is not the ISO form the service reads, with { error }', async () => {
    const { transactionId } = await svc().events.trigger({
      name: 'dynamic-delay',
      to: 'ada',
      payload: { n: 1, wakeAt: '2027-01-01' },
    });
    const [wait] = await jobsOf(transactionId);
    expect(wait?.executionDetails.at(-1)?.raw).toBe(
      JSON.stringify({
        error: `Dynamic delay value '"2027-01-01"' is not a valid format. Expected ISO-8601 timestamp or duration object { amount: number, unit: string }`,
      }),
    );
  });

  it('says Step delayed with the delay in ms as raw { delay }, as the service does', async () => {
    const { transactionId } = await svc().events.trigger({
      name: 'dynamic-delay',
      to: 'ada',
      payload: { n: 1, wakeAt: { amount: 90, unit: 'seconds' } },
    });
    const [wait] = await jobsOf(transactionId);
    expect(wait?.status).toBe('delayed');
    expect(detailsOf(wait ?? { executionDetails: [] }).at(-1)).toEqual({
      detail: 'Step delayed',
      status: 'Pending',
      raw: '{"delay":90000}',
    });
  });

  it('does not wait for a regular delay without an amount', async () => {
    const { transactionId } = await svc().events.trigger({
      name: 'empty-delay',
      to: 'ada',
      payload: { n: 1 },
    });
    const [wait, message] = await jobsOf(transactionId);
    expect([wait?.status, message?.status]).toEqual(['completed', 'completed']);
    expect(wait?.executionDetails.map(({ detail }) => detail)).not.toContain('Step delayed');
    expect(mock.engine.outbox.count({ channel: 'in_app' })).toBe(1);
  });
});

describe('digests the service cannot schedule', () => {
  it('fails a digest without an amount with no execution detail of its own', async () => {
    const { transactionId } = await svc().events.trigger({
      name: 'amountless-digest',
      to: 'ada',
      payload: { n: 1 },
    });
    const [digest, message] = await jobsOf(transactionId);
    expect([digest?.status, message?.status]).toEqual(['failed', 'canceled']);
    expect(digest?.executionDetails.map(({ detail }) => detail)).not.toContain(
      'Invalid delay configuration',
    );
    expect(digest?.executionDetails.at(-1)?.detail).toBe('Step queued');
    expect(mock.engine.outbox.count()).toBe(0);
  });
});
