// svc.events.cancel (docs/behaviour/events.md#cancel) through the real client, on the engine's
// virtual clock: what a transaction still has waiting is canceled and never sent.
import { describe, expect, it } from 'vitest';
import { useResourceMock } from './setup';

const inbox = { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } };

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    workflows: [
      {
        workflowId: 'reminder',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'regular', amount: 1, unit: 'hours' },
          },
          inbox,
        ],
      },
      {
        workflowId: 'digest',
        steps: [
          { type: 'digest', name: 'Digest', controlValues: { amount: 5, unit: 'minutes' } },
          inbox,
        ],
      },
      { workflowId: 'instant', steps: [inbox] },
    ],
  },
});

async function jobStatuses(transactionId: string) {
  const page = await client().notifications.list({ transactionId });
  return page.data.map((notification) => (notification.jobs ?? []).map((job) => job.status));
}

describe('events.cancel', () => {
  it('cancels a pending delay: nothing is sent when the clock passes it, the jobs show canceled', async () => {
    const { transactionId = '' } = await client().events.trigger({
      name: 'reminder',
      to: ['ada', 'grace'],
    });
    expect(await jobStatuses(transactionId)).toEqual([
      ['delayed', 'pending'],
      ['delayed', 'pending'],
    ]);
    expect(await client().events.cancel(transactionId)).toBe(true);
    engine.clock.advance('2h');
    await engine.settle({ skipTime: true });
    expect(engine.outbox.list()).toEqual([]);
    expect(await jobStatuses(transactionId)).toEqual([
      ['canceled', 'canceled'],
      ['canceled', 'canceled'],
    ]);
  });

  it('answers false when cancelling twice, and leaves the clock with nothing to run', async () => {
    const { transactionId = '' } = await client().events.trigger({ name: 'reminder', to: 'ada' });
    expect(await client().events.cancel(transactionId)).toBe(true);
    expect(await client().events.cancel(transactionId)).toBe(false);
    expect(engine.clock.pending()).toEqual([]);
  });

  it('answers false for a finished transaction and an unknown one, changing nothing', async () => {
    const { transactionId = '' } = await client().events.trigger({ name: 'instant', to: 'ada' });
    expect(await client().events.cancel(transactionId)).toBe(false);
    expect(await jobStatuses(transactionId)).toEqual([['completed']]);
    expect(await client().events.cancel('never-triggered')).toBe(false);
  });

  it('answers false once the delay has passed and the run finished', async () => {
    const { transactionId = '' } = await client().events.trigger({ name: 'reminder', to: 'ada' });
    engine.clock.advance('1h');
    expect(engine.outbox.count()).toBe(1);
    expect(await client().events.cancel(transactionId)).toBe(false);
  });

  it('cancels only its own transaction', async () => {
    const first = await client().events.trigger({ name: 'reminder', to: 'ada' });
    const second = await client().events.trigger({ name: 'reminder', to: 'grace' });
    expect(await client().events.cancel(first.transactionId ?? '')).toBe(true);
    engine.clock.advance('1h');
    expect(engine.outbox.list().map((sent) => sent.transactionId)).toEqual([second.transactionId]);
  });

  it('does not reach a transaction of another environment', async () => {
    engine.seed({
      environment: 'Production',
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        {
          workflowId: 'reminder',
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'regular', amount: 1, unit: 'hours' },
            },
            inbox,
          ],
        },
      ],
    });
    const production = client('Production');
    const { transactionId = '' } = await production.events.trigger({ name: 'reminder', to: 'ada' });
    expect(await client().events.cancel(transactionId)).toBe(false);
    engine.clock.advance('1h');
    expect(engine.outbox.count()).toBe(1);
  });

  it('cancelling the first event of a digest hands the window to the next one', async () => {
    const first = await client().events.trigger({ name: 'digest', to: 'ada', payload: { n: 1 } });
    engine.clock.advance('1m');
    const second = await client().events.trigger({ name: 'digest', to: 'ada', payload: { n: 2 } });
    engine.clock.advance('1m');
    const third = await client().events.trigger({ name: 'digest', to: 'ada', payload: { n: 3 } });
    expect(await client().events.cancel(first.transactionId ?? '')).toBe(true);
    expect(await jobStatuses(second.transactionId ?? '')).toEqual([['delayed', 'pending']]);
    engine.clock.advance('3m');
    expect(engine.outbox.list().map((sent) => sent.transactionId)).toEqual([second.transactionId]);
    const [digested] = (await client().notifications.list({ transactionId: second.transactionId }))
      .data;
    expect(digested?.jobs?.[0]?.digest?.events).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await jobStatuses(third.transactionId ?? '')).toEqual([['merged', 'merged']]);
  });

  it('cancelling a merged event takes it out of the digest', async () => {
    const first = await client().events.trigger({ name: 'digest', to: 'ada', payload: { n: 1 } });
    const second = await client().events.trigger({ name: 'digest', to: 'ada', payload: { n: 2 } });
    expect(await client().events.cancel(second.transactionId ?? '')).toBe(true);
    engine.clock.advance('5m');
    const [digested] = (await client().notifications.list({ transactionId: first.transactionId }))
      .data;
    expect(digested?.jobs?.[0]?.digest?.events).toEqual([{ n: 1 }]);
    expect(await jobStatuses(second.transactionId ?? '')).toEqual([['canceled', 'canceled']]);
  });
});
