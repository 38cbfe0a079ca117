// POST /v2/workflows and PUT /v2/workflows/{workflowId} through the msw handlers with raw fetch:
// 201 and 200 envelopes, 409 and 422 answers, idempotency on POST and none on PUT
// (docs/behaviour/workflows.md#create, #update).
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { call } = useEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });

const inbox = { name: 'Inbox', type: 'in_app', controlValues: { body: 'Hi' } };

describe('POST /v2/workflows', () => {
  it('answers 201 with the workflow in the envelope', async () => {
    const reply = await call('POST', '/v2/workflows', {
      body: { name: 'Welcome', workflowId: 'welcome', steps: [inbox] },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ workflowId: 'welcome', status: 'ACTIVE' });
    expect(reply.body.data.steps[0]).toMatchObject({ stepId: 'inbox', type: 'in_app' });
  });

  it('answers 201 with a suffixed workflowId for a workflowId in use', async () => {
    await call('POST', '/v2/workflows', { body: { name: 'A', workflowId: 'taken', steps: [] } });
    const reply = await call('POST', '/v2/workflows', {
      body: { name: 'A', workflowId: 'taken', steps: [] },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.workflowId).toMatch(/^taken-[\w-]{8}$/);
  });

  it('answers 422 past 16 tags, as the service words it', async () => {
    const tags = Array.from({ length: 17 }, (_, index) => `tag${index}`);
    const reply = await call('POST', '/v2/workflows', {
      body: { name: 'A', workflowId: 'many-tags', tags, steps: [] },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.general.messages).toStrictEqual([
      'tags must contain no more than 16 elements',
    ]);
  });

  it('derives the workflowId from the name when a raw body has none, unique in the environment', async () => {
    const first = await call('POST', '/v2/workflows', {
      body: { name: 'Order Shipped!', steps: [] },
    });
    const second = await call('POST', '/v2/workflows', {
      body: { name: 'Order shipped', steps: [] },
    });
    expect(first.body.data.workflowId).toBe('order-shipped');
    expect(second.body.data.workflowId).toMatch(/^order-shipped-[0-9A-Za-z_-]{8}$/);
  });

  it('answers 422 with the service texts for a wrong body, creating nothing', async () => {
    const reply = await call('POST', '/v2/workflows', {
      body: { name: 3, workflowId: 'bad', steps: [{ name: 'x', type: 'fax' }] },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.general.messages).toEqual([
      'name must be a string',
      'steps.0.type must be one of the following values: in_app, email, sms, chat, push, digest, delay, throttle, custom',
    ]);
    expect((await call('GET', '/v2/workflows/bad')).status).toBe(404);
    const noSteps = await call('POST', '/v2/workflows', { body: { name: 'x', workflowId: 'x' } });
    expect(noSteps.body.errors.general.messages).toEqual(['steps should not be null or undefined']);
  });

  it('replays a repeated idempotency key instead of answering 409', async () => {
    const headers = { 'Idempotency-Key': 'create-1' };
    const body = { name: 'Keyed', workflowId: 'keyed', steps: [inbox] };
    const first = await call('POST', '/v2/workflows', { body, headers });
    const again = await call('POST', '/v2/workflows', { body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replay')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});

describe('PUT /v2/workflows/{workflowId}', () => {
  const update = { name: 'Put', origin: 'svc-cloud', preferences: {}, steps: [inbox] };

  it('answers 200 with the workflow; 404 for an unknown one', async () => {
    await call('POST', '/v2/workflows', { body: { name: 'Put', workflowId: 'put', steps: [] } });
    const reply = await call('PUT', '/v2/workflows/put', { body: update });
    expect(reply.status).toBe(200);
    expect(reply.body.data.steps).toHaveLength(1);
    const missing = await call('PUT', '/v2/workflows/missing', { body: update });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      message: 'Workflow cannot be found',
      workflowId: 'missing',
    });
  });

  it('answers 422 when origin or preferences are missing, changing nothing', async () => {
    await call('POST', '/v2/workflows', {
      body: { name: 'Strict', workflowId: 'strict', steps: [] },
    });
    const reply = await call('PUT', '/v2/workflows/strict', {
      body: { name: 'Changed', steps: [] },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.general.messages).toEqual([
      'preferences should not be null or undefined',
      'origin must be one of the following values: svc-cloud, svc-cloud-v1, external',
    ]);
    expect((await call('GET', '/v2/workflows/strict')).body.data.name).toBe('Strict');
  });

  it('does not key PUT: the same key twice runs twice, with no replay header', async () => {
    await call('POST', '/v2/workflows', {
      body: { name: 'Put', workflowId: 'unkeyed', steps: [] },
    });
    const headers = { 'Idempotency-Key': 'put-1' };
    const first = await call('PUT', '/v2/workflows/unkeyed', { body: update, headers });
    const again = await call('PUT', '/v2/workflows/unkeyed', {
      body: { ...update, name: 'Second' },
      headers,
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replay')).toBeNull();
    expect(again.body.data.name).toBe('Second');
  });
});
