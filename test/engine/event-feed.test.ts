import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../mock-server/engine/engine';
import { type EngineEvent, TRIGGER_HISTORY } from '../../mock-server/engine/event-feed';

const seed = {
  subscribers: [{ subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' }],
  workflows: [
    {
      workflowId: 'digest-then-inbox',
      name: 'Digest then inbox',
      steps: [
        { type: 'digest' as const, name: 'Digest', controlValues: { amount: 5, unit: 'minutes' } },
        { type: 'in_app' as const, name: 'Inbox', controlValues: { body: '{{step.total_count}}' } },
      ],
    },
  ],
};

function setup() {
  const engine = createMockEngine({ seed, clockStart: '2026-01-01T00:00:00.000Z' });
  const context = engine.scope('Development');
  const seen: EngineEvent[] = [];
  const stop = engine.events.subscribe((event) => seen.push(event));
  return { engine, context, seen, stop };
}

describe('engine event feed', () => {
  it('tells a trigger, its job statuses, its answer, and the message the digest sends later', () => {
    const { engine, context, seen } = setup();
    const answer = engine.operations['events.trigger'](context, {
      body: {
        name: 'digest-then-inbox',
        to: 'ada',
        payload: { n: 1 },
      },
    });
    expect(seen.map((event) => event.type)).toEqual([
      'trigger-received',
      'job-status', // digest queued
      'job-status', // digest running
      'job-status', // digest delayed
      'trigger-answered',
    ]);
    expect(seen[0]).toMatchObject({ body: { payload: { n: 1 } }, triggerId: 1 });
    expect(seen.at(-1)).toMatchObject({ status: 201, answer: { status: 'processed' } });
    expect(seen[3]).toMatchObject({
      transactionId: answer.transactionId,
      stepId: expect.any(String),
      jobType: 'digest',
      status: 'delayed',
    });

    seen.length = 0;
    engine.clock.advance('5m');
    expect(seen.map((event) => (event.type === 'job-status' ? event.status : event.type))).toEqual([
      'completed',
      'queued',
      'running',
      'message-sent',
      'completed',
    ]);
    expect(seen.find((event) => event.type === 'message-sent')).toMatchObject({
      channel: 'in_app',
      subscriberId: 'ada',
      workflowId: 'digest-then-inbox',
      transactionId: answer.transactionId,
    });
    const seqs = seen.map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(engine.events.lastSeq()).toBe(seqs.at(-1));
  });

  it('remembers a refused trigger with its error answer; reset forgets and is told', () => {
    const { engine, context, seen } = setup();
    expect(() =>
      engine.operations['events.trigger'](context, { body: { name: 'nope', to: 'ada' } }),
    ).toThrow();
    expect(engine.events.triggers()).toEqual([
      expect.objectContaining({
        body: { name: 'nope', to: 'ada' },
        status: 422,
        answer: expect.objectContaining({ message: 'workflow_not_found' }),
      }),
    ]);
    engine.reset();
    expect(engine.events.triggers()).toEqual([]);
    expect(seen.at(-1)).toMatchObject({ type: 'state-replaced', reason: 'reset' });
    engine.restore(engine.snapshot());
    expect(seen.at(-1)).toMatchObject({ type: 'state-replaced', reason: 'restore' });
  });

  it('tells marked in-app messages, through the same operation as the API', () => {
    const { engine, context, seen } = setup();
    engine.operations['events.trigger'](context, {
      body: { name: 'digest-then-inbox', to: 'ada' },
    });
    engine.clock.advance('5m');
    const sent = seen.find((event) => event.type === 'message-sent');
    const messageId = sent?.type === 'message-sent' ? sent.messageId : '';
    engine.operations['subscribers.messages.markAs'](context, {
      params: { subscriberId: 'ada' },
      body: { messageId, markAs: 'read' },
    });
    expect(seen.at(-1)).toMatchObject({
      type: 'messages-marked',
      subscriberId: 'ada',
      messageIds: [messageId],
      markAs: 'read',
    });
  });

  it('keeps a bounded window of triggers, and stops telling a listener that left', () => {
    const { engine, context, seen, stop } = setup();
    for (let index = 0; index < TRIGGER_HISTORY + 5; index++) {
      engine.operations['events.trigger'](context, {
        body: { name: 'digest-then-inbox', to: 'ada' },
      });
    }
    const triggers = engine.events.triggers();
    expect(triggers).toHaveLength(TRIGGER_HISTORY);
    expect(triggers[0]?.triggerId).toBe(6);
    stop();
    const count = seen.length;
    engine.operations['events.trigger'](context, {
      body: { name: 'digest-then-inbox', to: 'ada' },
    });
    expect(seen).toHaveLength(count);
  });
});
