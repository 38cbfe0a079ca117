// Through the client in mock mode: what the service does with a digest key without a value and a
// throttle window it cannot read or that is already over (docs/behaviour/runs.md#time-steps).
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
