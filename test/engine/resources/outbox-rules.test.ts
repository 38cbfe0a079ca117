// The outbox directly through the engine (mock-server/engine/resources/outbox.ts, docs/outbox.md):
// each filter field of list/count/last/page, the page limit bounds and cursor, and copies.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import type { OutboxFilter } from '../../../mock-server/engine/resources/outbox';

const inbox = (workflowId: string) => ({
  workflowId,
  steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: workflowId } }],
});

/**
 * Delivered in this order: d1 (Development, w1 → ada), d2 (w2 → grace), d3 (w1 → grace), then
 * p1 (Production, w1 → ada).
 */
function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
      workflows: [inbox('w1'), inbox('w2')],
    },
  });
  engine.seed({
    environment: 'Production',
    subscribers: [{ subscriberId: 'ada' }],
    workflows: [inbox('w1')],
  });
  const trigger = (environment: string, name: string, to: string, transactionId: string) =>
    engine.operations['events.trigger'](engine.scope(environment), {
      body: { name, to, transactionId },
    });
  trigger('Development', 'w1', 'ada', 'd1');
  trigger('Development', 'w2', 'grace', 'd2');
  trigger('Development', 'w1', 'grace', 'd3');
  trigger('Production', 'w1', 'ada', 'p1');
  const ids = (filter?: OutboxFilter) =>
    engine.outbox.list(filter).map((message) => message.transactionId);
  return { engine, ids };
}

describe('outbox: filters', () => {
  it('lists every delivered message oldest first without a filter', () => {
    const { engine, ids } = setup();
    expect(ids()).toStrictEqual(['d1', 'd2', 'd3', 'p1']);
    expect(engine.outbox.count()).toBe(4);
  });

  it('subscriberId keeps the messages to that subscriber', () => {
    const { engine, ids } = setup();
    expect(ids({ subscriberId: 'grace' })).toStrictEqual(['d2', 'd3']);
    expect(ids({ subscriberId: 'ada' })).toStrictEqual(['d1', 'p1']);
    expect(engine.outbox.count({ subscriberId: 'nobody' })).toBe(0);
  });

  it('workflowId keeps the messages of that workflow', () => {
    const { engine, ids } = setup();
    expect(ids({ workflowId: 'w2' })).toStrictEqual(['d2']);
    expect(ids({ workflowId: 'w1' })).toStrictEqual(['d1', 'd3', 'p1']);
    expect(engine.outbox.count({ workflowId: 'w3' })).toBe(0);
  });

  it('transactionId keeps the messages of that trigger', () => {
    const { engine, ids } = setup();
    expect(ids({ transactionId: 'd3' })).toStrictEqual(['d3']);
    expect(engine.outbox.count({ transactionId: 'x' })).toBe(0);
  });

  it('environmentId keeps the messages of that environment', () => {
    const { engine, ids } = setup();
    expect(ids({ environmentId: engine.environment('Production')._id })).toStrictEqual(['p1']);
    expect(ids({ environmentId: engine.environment('Development')._id })).toStrictEqual([
      'd1',
      'd2',
      'd3',
    ]);
  });

  it('every given field must match', () => {
    const { engine, ids } = setup();
    expect(ids({ workflowId: 'w1', subscriberId: 'grace' })).toStrictEqual(['d3']);
    expect(
      ids({ subscriberId: 'ada', environmentId: engine.environment('Development')._id }),
    ).toStrictEqual(['d1']);
    expect(ids({ transactionId: 'd2', workflowId: 'w1' })).toStrictEqual([]);
    expect(ids({ channel: 'in_app', subscriberId: 'ada' })).toStrictEqual(['d1', 'p1']);
    expect(ids({ channel: 'email' })).toStrictEqual([]);
  });

  it('last answers the newest matching message, or undefined', () => {
    const { engine } = setup();
    expect(engine.outbox.last({ subscriberId: 'grace' })?.transactionId).toBe('d3');
    expect(engine.outbox.last({ workflowId: 'w2' })?.transactionId).toBe('d2');
    expect(engine.outbox.last({ subscriberId: 'nobody' })).toBeUndefined();
    expect(engine.outbox.last()?.transactionId).toBe('p1');
  });

  it('answers copies: changing one changes nothing in the engine', () => {
    const { engine } = setup();
    const first = engine.outbox.last({ transactionId: 'd1' });
    if (first === undefined) throw new Error('d1 was delivered');
    (first as { content: string }).content = 'changed';
    expect(engine.outbox.last({ transactionId: 'd1' })?.content).toBe('w1');
  });
});

/** The cursor of a page that has a next one. */
function cursor(next: string | undefined): string {
  if (next === undefined) throw new Error('the page has a next one');
  return next;
}

describe('outbox: pages', () => {
  it('a limit of 1 is allowed and the cursor walks one message at a time', () => {
    const { engine } = setup();
    const first = engine.outbox.page({}, { limit: 1 });
    expect(first.items.map((item) => item.transactionId)).toStrictEqual(['d1']);
    expect(first.next).toBe(engine.outbox.last({ transactionId: 'd1' })?.messageId);
    const second = engine.outbox.page({}, { limit: 1, after: cursor(first.next) });
    expect(second.items.map((item) => item.transactionId)).toStrictEqual(['d2']);
  });

  it('pages only the messages matching the filter', () => {
    const { engine } = setup();
    const grace = engine.outbox.page({ subscriberId: 'grace' }, { limit: 1 });
    expect(grace.items.map((item) => item.transactionId)).toStrictEqual(['d2']);
    const rest = engine.outbox.page(
      { subscriberId: 'grace' },
      { limit: 1, after: cursor(grace.next) },
    );
    expect(rest.items.map((item) => item.transactionId)).toStrictEqual(['d3']);
    expect(rest.next).toBeUndefined();
    const all = engine.outbox.page({ workflowId: 'w1' });
    expect(all.items.map((item) => item.transactionId)).toStrictEqual(['d1', 'd3', 'p1']);
    expect(all.next).toBeUndefined();
  });

  it('refuses a limit below 1 or above the maximum', () => {
    const { engine } = setup();
    expect(() => engine.outbox.page({}, { limit: 0 })).toThrow(
      new RangeError('limit must be a whole number from 1 to 1000, got 0'),
    );
    expect(() => engine.outbox.page({}, { limit: 1001 })).toThrow(
      new RangeError('limit must be a whole number from 1 to 1000, got 1001'),
    );
    expect(engine.outbox.page({}, { limit: 1000 }).items).toHaveLength(4);
  });
});
