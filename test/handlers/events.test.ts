// The bulk, broadcast and cancel routes through the msw handlers with raw fetch: validation
// answers, envelopes, idempotency and the bulk rate-limit cost (docs/behaviour/events.md).
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    workflows: [
      {
        workflowId: 'welcome',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
    ],
  },
});

const validationMessages = (body: { errors?: { general?: { messages?: string[] } } }) =>
  body.errors?.general?.messages;

describe('POST /v1/events/trigger/bulk', () => {
  it('answers 201 with the results in the envelope', async () => {
    const reply = await call('POST', '/v1/events/trigger/bulk', {
      body: {
        events: [
          { name: 'welcome', to: 'ada' },
          { name: 'welcome', to: 'grace' },
        ],
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.map((result: { status: string }) => result.status)).toEqual([
      'processed',
      'processed',
    ]);
  });

  it.each([
    ['no events', {}, 'events must be an array'],
    ['an empty list', { events: [] }, 'events should not be empty'],
    [
      '101 events',
      { events: Array.from({ length: 101 }, () => ({ name: 'welcome', to: 'ada' })) },
      'events must contain no more than 100 elements',
    ],
  ])('answers 422 for %s and runs nothing', async (_, body, message) => {
    const reply = await call('POST', '/v1/events/trigger/bulk', { body });
    expect(reply.status).toBe(422);
    expect(validationMessages(reply.body)).toContain(message);
    expect(engine.outbox.count()).toBe(0);
  });

  it('answers an invalid event with its own texts in its place; the others run', async () => {
    const reply = await call('POST', '/v1/events/trigger/bulk', {
      body: {
        events: [
          { to: 'ada' },
          { name: 'welcome', to: 'ada', payload: 'text' },
          { name: 'welcome', to: 'ada' },
        ],
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.slice(0, 2)).toEqual([
      { acknowledged: true, status: 'error', error: ['name should not be null or undefined'] },
      { acknowledged: true, status: 'error', error: ['payload must be an object'] },
    ]);
    expect(reply.body.data[2].status).toBe('processed');
    expect(engine.outbox.count()).toBe(1);
  });

  it('replays a repeated idempotency key without running the events again', async () => {
    const body = { events: [{ name: 'welcome', to: 'ada' }] };
    const headers = { 'Idempotency-Key': 'bulk-key' };
    const first = await call('POST', '/v1/events/trigger/bulk', { body, headers });
    const again = await call('POST', '/v1/events/trigger/bulk', { body, headers });
    expect(again.headers.get('idempotency-replay')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(engine.outbox.count()).toBe(1);
  });
});

describe('POST /v1/events/trigger/broadcast', () => {
  it('answers 201 processed with the transactionId given', async () => {
    const reply = await call('POST', '/v1/events/trigger/broadcast', {
      body: { name: 'welcome', payload: {}, transactionId: 'announce-1' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toEqual({
      acknowledged: true,
      status: 'processed',
      transactionId: 'announce-1',
    });
    expect(engine.outbox.count()).toBe(2);
  });

  it('answers 422 without a name or a payload object', async () => {
    const reply = await call('POST', '/v1/events/trigger/broadcast', { body: {} });
    expect(reply.status).toBe(422);
    expect(validationMessages(reply.body)).toEqual([
      'name should not be null or undefined',
      'payload must be an object',
    ]);
    expect(engine.outbox.count()).toBe(0);
  });
});

describe('DELETE /v1/events/trigger/{transactionId}', () => {
  it('answers 200 with the boolean in the envelope', async () => {
    const reply = await call('DELETE', '/v1/events/trigger/unknown-transaction');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: false });
  });

  it('answers 401 without an API key', async () => {
    const reply = await call('DELETE', '/v1/events/trigger/anything', { key: null });
    expect(reply.status).toBe(401);
  });
});
