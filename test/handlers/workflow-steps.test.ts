// Workflow steps through the msw handlers with raw fetch (docs/behaviour/workflows.md#step-data,
// #preview): the service's statuses and texts, another environment's ids, invalid bodies.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    workflows: [
      {
        workflowId: 'welcome',
        steps: [{ type: 'sms', name: 'Text', controlValues: { body: 'Hi {{payload.name}}' } }],
      },
    ],
  },
});

const prodKey = () => engine.environment('Production').apiKey;

describe('GET /v2/workflows/{workflowId}/steps/{stepId}', () => {
  it('answers the step in the { data } envelope', async () => {
    const reply = await call('GET', '/v2/workflows/welcome/steps/text');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      stepId: 'text',
      type: 'sms',
      workflowId: 'welcome',
      controlValues: { body: 'Hi {{payload.name}}' },
      controls: { values: { body: 'Hi {{payload.name}}' } },
    });
  });

  it('404 for an unknown workflow or one of another environment, 400 for an unknown step', async () => {
    const unknown = await call('GET', '/v2/workflows/nope/steps/text');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Workflow cannot be found', workflowId: 'nope' });
    const other = await call('GET', '/v2/workflows/welcome/steps/text', { key: prodKey() });
    expect(other.status).toBe(404);
    const step = await call('GET', '/v2/workflows/welcome/steps/nope');
    expect(step.status).toBe(400);
    expect(step.body).toMatchObject({
      message: 'No step found',
      stepId: 'nope',
      workflowId: 'welcome',
    });
  });
});

describe('POST /v2/workflows/{workflowId}/step/{stepId}/preview', () => {
  it('answers 201 with the rendered step', async () => {
    const reply = await call('POST', '/v2/workflows/welcome/step/text/preview', {
      body: { previewPayload: { payload: { name: 'Ada' } } },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.result).toEqual({ type: 'sms', preview: { body: 'Hi Ada' } });
  });

  it("another environment's workflow previews empty", async () => {
    const reply = await call('POST', '/v2/workflows/welcome/step/text/preview', {
      key: prodKey(),
      body: {},
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toEqual({
      result: { preview: {} },
      previewPayloadExample: {},
      schema: null,
    });
  });

  it('refuses a body whose controlValues or previewPayload is no object with 422', async () => {
    for (const body of [{ controlValues: 'x' }, { previewPayload: [] }]) {
      const reply = await call('POST', '/v2/workflows/welcome/step/text/preview', { body });
      expect(reply.status).toBe(422);
    }
  });
});
