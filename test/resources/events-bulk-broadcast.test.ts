// svc.events.triggerBulk and svc.events.broadcast (docs/behaviour/events.md#bulk-trigger,
// #broadcast) through the real client against the engine, strict validation.
import { SvcValidationError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [
      { subscriberId: 'ada', firstName: 'Ada' },
      { subscriberId: 'grace', firstName: 'Grace' },
      { subscriberId: 'linus', firstName: 'Linus' },
    ],
    workflows: [
      {
        workflowId: 'welcome',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
        ],
      },
      { workflowId: 'paused', active: false, steps: [{ type: 'in_app', name: 'Inbox' }] },
    ],
  },
});

describe('events.triggerBulk', () => {
  it('answers one result per event, in order, each as a single trigger would', async () => {
    const results = await client().events.triggerBulk({
      events: [
        { name: 'welcome', to: 'ada', transactionId: 'bulk-1' },
        { name: 'paused', to: 'ada' },
        { name: 'missing', to: 'ada' },
        { name: 'welcome', to: 'grace', transactionId: 'bulk-1' },
        { name: 'welcome', to: ['grace', 'linus'], transactionId: 'bulk-2' },
      ],
    });
    expect(results.map((result) => result.status)).toEqual([
      'processed',
      'trigger_not_active',
      'error',
      'error',
      'processed',
    ]);
    expect(results[0]?.transactionId).toBe('bulk-1');
    expect(results[2]).toEqual({
      acknowledged: true,
      status: 'error',
      error: ['workflow_not_found'],
    });
    expect(results[3]?.error).toEqual([
      'transactionId property is not unique, please make sure all triggers have a unique transactionId',
    ]);
    expect(engine.outbox.list().map((sent) => [sent.transactionId, sent.subscriberId])).toEqual([
      ['bulk-1', 'ada'],
      ['bulk-2', 'grace'],
      ['bulk-2', 'linus'],
    ]);
    const listed = await client().notifications.list({ transactionId: 'bulk-2' });
    expect(listed.data).toHaveLength(2);
  });

  it('checks the batch size before sending: 1 to 100 events', async () => {
    expect(await rejection(client().events.triggerBulk({ events: [] }))).toBeInstanceOf(
      SvcValidationError,
    );
    const events = Array.from({ length: 101 }, () => ({ name: 'welcome', to: 'ada' }));
    expect(await rejection(client().events.triggerBulk({ events }))).toBeInstanceOf(
      SvcValidationError,
    );
    expect(engine.outbox.list()).toEqual([]);
  });
});

describe('events.broadcast', () => {
  it('reaches every subscriber of the environment, one notification each, under one transactionId', async () => {
    const result = await client().events.broadcast({ name: 'welcome', payload: {} });
    expect(result).toMatchObject({ acknowledged: true, status: 'processed' });
    const transactionId = result.transactionId ?? '';
    expect(engine.outbox.list().map((sent) => sent.content)).toEqual([
      'Hi Ada',
      'Hi Grace',
      'Hi Linus',
    ]);
    const listed = await client().notifications.list({ transactionId });
    expect(listed.data.map((notification) => notification.subscriber?.subscriberId).sort()).toEqual(
      ['ada', 'grace', 'linus'],
    );
  });

  it('does not reach another environment', async () => {
    engine.seed({ environment: 'Production', subscribers: [{ subscriberId: 'prod-user' }] });
    await client().events.broadcast({ name: 'welcome', payload: {} });
    expect(engine.outbox.list().some((sent) => sent.subscriberId === 'prod-user')).toBe(false);
  });

  it('answers processed for an inactive workflow, as the service does, and sends nothing', async () => {
    const result = await client().events.broadcast({ name: 'paused', payload: {} });
    expect(result.status).toBe('processed');
    expect(engine.outbox.list()).toEqual([]);
  });

  it('answers 422 workflow_not_found for an unknown workflow', async () => {
    const error = await rejection(client().events.broadcast({ name: 'missing', payload: {} }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).message).toContain('workflow_not_found');
  });
});
