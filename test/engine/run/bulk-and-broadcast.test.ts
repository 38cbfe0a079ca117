// triggerBulk (mock-server/engine/run/bulk-trigger.ts) and broadcastEvent
// (mock-server/engine/run/broadcast.ts), docs/behaviour/events.md#bulk-trigger and #broadcast:
// the bulk body's limits and texts, a failed event's answer in its place, and the broadcast's
// recipients, body check and answer.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { broadcastEvent } from '../../../mock-server/engine/run/broadcast';
import { triggerBulk } from '../../../mock-server/engine/run/bulk-trigger';
import type { TriggerResultDto } from '../../../mock-server/engine/run/trigger';
import { ServiceError } from '../../../mock-server/engine/wire/service-error';

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

const processed = (transactionId: string): TriggerResultDto =>
  ({ acknowledged: true, status: 'processed', transactionId }) as TriggerResultDto;

describe('bulk trigger: the events list', () => {
  const refusal = (body: unknown) => {
    let runs = 0;
    const error = thrownBy(() =>
      triggerBulk(body, () => {
        runs += 1;
        return processed('t');
      }),
    );
    expect(runs).toBe(0);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 422, message: 'Validation Error' });
    return (error as ServiceError).extra['errors'];
  };

  it('a body without an events array gets the three texts', () => {
    const all = {
      general: {
        messages: [
          'events must contain no more than 100 elements',
          'events should not be empty',
          'events must be an array',
        ],
        value: 'No Value Recorded',
      },
    };
    expect(refusal({})).toEqual(all);
    expect(refusal({ events: 'welcome' })).toEqual(all);
    expect(refusal(null)).toEqual(all);
    expect(refusal([{ name: 'welcome' }])).toEqual(all);
  });

  it('an empty list should not be empty; 101 events are one too many', () => {
    expect(refusal({ events: [] })).toMatchObject({
      general: { messages: ['events should not be empty'] },
    });
    expect(refusal({ events: Array.from({ length: 101 }, () => ({})) })).toMatchObject({
      general: { messages: ['events must contain no more than 100 elements'] },
    });
  });

  it('runs 1 and 100 events, in order', () => {
    const seen: unknown[] = [];
    const run = (event: unknown) => {
      seen.push(event);
      return processed(`t${seen.length}`);
    };
    expect(triggerBulk({ events: [{ n: 1 }] }, run)).toEqual([processed('t1')]);
    seen.length = 0;
    const events = Array.from({ length: 100 }, (_, n) => ({ n }));
    expect(triggerBulk({ events }, run)).toHaveLength(100);
    expect(seen).toEqual(events);
  });
});

describe('bulk trigger: a failed event answers in its place', () => {
  it("with each validation text, or the error's message; the others still run", () => {
    const answers = triggerBulk({ events: ['bad', 'missing', 'ok'] }, (event) => {
      if (event === 'bad') throw ServiceError.dtoValidation(['name must be a string', 'to x']);
      if (event === 'missing') throw new ServiceError(422, 'workflow_not_found');
      return processed('t-ok');
    });
    expect(answers).toEqual([
      { acknowledged: true, status: 'error', error: ['name must be a string', 'to x'] },
      { acknowledged: true, status: 'error', error: ['workflow_not_found'] },
      processed('t-ok'),
    ]);
  });

  it("an error that is not the service's is thrown, not answered", () => {
    const crash = new TypeError('boom');
    expect(
      thrownBy(() =>
        triggerBulk({ events: [{}] }, () => {
          throw crash;
        }),
      ),
    ).toBe(crash);
  });

  it('through the engine: an unknown workflow answers error workflow_not_found', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [{ workflowId: 'welcome', steps: [{ type: 'in_app', name: 'Inbox' }] }],
      },
    });
    const context = engine.scope('Development');
    const answers = engine.operations['events.triggerBulk'](context, {
      body: {
        events: [
          { name: 'welcome', to: 'ada', transactionId: 'tx-1' },
          { name: 'farewell', to: 'ada' },
        ],
      },
    });
    expect(answers).toEqual([
      expect.objectContaining({ acknowledged: true, status: 'processed', transactionId: 'tx-1' }),
      { acknowledged: true, status: 'error', error: ['workflow_not_found'] },
    ]);
    expect(engine.outbox.count()).toBe(1);
  });
});

describe('broadcast', () => {
  function setUp() {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'grace' }, { subscriberId: 'ada' }, { subscriberId: 'bob' }],
        workflows: [{ workflowId: 'news', steps: [{ type: 'in_app', name: 'Inbox' }] }],
      },
    });
    const context = engine.scope('Development');
    return { engine, context };
  }

  it('triggers the body for every subscriber in creation order, answering processed', () => {
    const { context } = setUp();
    const given: unknown[] = [];
    const answer = broadcastEvent(
      context,
      { name: 'news', payload: { v: 1 }, to: 'someone-else' },
      (event) => {
        given.push(event);
        return { ...processed('tx-b'), status: 'trigger_not_active' } as TriggerResultDto;
      },
    );
    expect(given).toEqual([
      {
        name: 'news',
        payload: { v: 1 },
        to: ['grace', 'ada', 'bob'],
      },
    ]);
    // The answer is processed whatever the run decided.
    expect(answer).toEqual({ acknowledged: true, status: 'processed', transactionId: 'tx-b' });
  });

  it("a payload that is not an object is the service's 422 text, and nothing runs", () => {
    const { context } = setUp();
    let runs = 0;
    const error = thrownBy(() =>
      broadcastEvent(context, { name: 'news', payload: 'hello' }, () => {
        runs += 1;
        return processed('t');
      }),
    );
    expect(error).toMatchObject({
      status: 422,
      extra: { errors: { general: { messages: ['payload must be an object'] } } },
    });
    expect(runs).toBe(0);
  });

  it('through the engine: one notification per subscriber under one transaction', () => {
    const { engine, context } = setUp();
    expect(
      engine.operations['events.broadcast'](context, {
        body: {
          name: 'news',
          payload: {},
          transactionId: 'tx-b',
        },
      }),
    ).toEqual({ acknowledged: true, status: 'processed', transactionId: 'tx-b' });
    expect(engine.outbox.list().map((sent) => [sent.subscriberId, sent.transactionId])).toEqual([
      ['grace', 'tx-b'],
      ['ada', 'tx-b'],
      ['bob', 'tx-b'],
    ]);
  });
});
