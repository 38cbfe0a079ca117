// GET, PATCH and DELETE /v2/workflows/{workflowId} through the msw handlers with raw fetch:
// envelopes, 204, validation texts and idempotency (docs/behaviour/workflows.md).
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { call } = useEngine({
  seed: {
    workflows: [
      { workflowId: 'welcome', name: 'Welcome', steps: [{ type: 'in_app', name: 'Inbox' }] },
    ],
  },
});

describe('workflow routes', () => {
  it('GET answers the workflow in the envelope; 404 carries the workflowId asked for', async () => {
    const found = await call('GET', '/v2/workflows/welcome');
    expect(found.status).toBe(200);
    expect(found.body.data.workflowId).toBe('welcome');
    const missing = await call('GET', '/v2/workflows/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      message: 'Workflow cannot be found',
      workflowId: 'missing',
    });
  });

  it('PATCH answers 422 with the service texts for fields of the wrong type, changing nothing', async () => {
    const reply = await call('PATCH', '/v2/workflows/welcome', {
      body: { active: 'yes', tags: 'news', name: 3 },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.general.messages).toEqual([
      'active must be a boolean value',
      'name must be a string',
      'tags must be an array',
    ]);
    expect((await call('GET', '/v2/workflows/welcome')).body.data.active).toBe(true);
  });

  it('PATCH leaves a field given as null as it is', async () => {
    const reply = await call('PATCH', '/v2/workflows/welcome', {
      body: { name: null, payloadSchema: null },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.name).toBe('Welcome');
  });

  it('PATCH replays a repeated idempotency key', async () => {
    const headers = { 'Idempotency-Key': 'patch-1' };
    const first = await call('PATCH', '/v2/workflows/welcome', { body: { tags: ['a'] }, headers });
    const again = await call('PATCH', '/v2/workflows/welcome', { body: { tags: ['a'] }, headers });
    expect(again.headers.get('idempotency-replay')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('DELETE answers 204 without a body, then 404', async () => {
    const deleted = await call('DELETE', '/v2/workflows/welcome');
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await call('DELETE', '/v2/workflows/welcome')).status).toBe(404);
    const trigger = await call('POST', '/v1/events/trigger', {
      body: { name: 'welcome', to: 'ada' },
    });
    expect(trigger.status).toBe(422);
    expect(trigger.body.message).toBe('workflow_not_found');
  });
});
