// The reference service's own SDK (@novu/api 3.19, strict response validation as it ships) runs
// every function of `workflows.steps` (retrieve, generatePreview) against the engine's handlers,
// for every step type a preview answers.

import { Novu } from '@novu/api';
import { HTTPClient } from '@novu/api/lib/http.js';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';

const engine = createMockEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' }],
    workflows: [
      {
        workflowId: 'every-step',
        name: 'Every step',
        payloadSchema: {
          type: 'object',
          properties: { orderId: { type: 'string', default: 'A-1' } },
        },
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'regular', amount: 5, unit: 'minutes' },
          },
          { type: 'digest', name: 'Collect', controlValues: { amount: 1, unit: 'hours' } },
          {
            type: 'email',
            name: 'Mail',
            controlValues: {
              subject: '{{step.total_count}} orders',
              body: '<p>{{payload.orderId}}</p>',
            },
          },
          { type: 'sms', name: 'Text', controlValues: { body: 'Order {{payload.orderId}}' } },
          {
            type: 'push',
            name: 'Push',
            controlValues: { subject: 'Order', body: '{{payload.orderId}}' },
          },
          { type: 'chat', name: 'Chat', controlValues: { body: 'Order {{payload.orderId}}' } },
        ],
      },
    ],
  },
});
const answer = createFetchHandler(engine, {
  onUnexpectedError: (error) => {
    throw error;
  },
});
afterEach(() => engine.reset());

// The interface renames the maker's identifiers (docs/behaviour/README.md): the reference SDK's
// enums know `novu`, `novu-cloud`, ... where the engine answers `svc`, `svc-cloud`, ... Only
// whole string values are mapped, in both directions; nothing else is touched.
const RENAMED: Record<string, string> = {
  svc: 'novu',
  'svc-email': 'novu-email',
  'svc-sms': 'novu-sms',
  'svc-slack': 'novu-slack',
  'svc-cloud': 'novu-cloud',
  'svc-cloud-v1': 'novu-cloud-v1',
};
const BACK = Object.fromEntries(Object.entries(RENAMED).map(([ours, theirs]) => [theirs, ours]));
const rename = (value: unknown, names: Record<string, string>): unknown => {
  if (typeof value === 'string') return names[value] ?? value;
  if (Array.isArray(value)) return value.map((item) => rename(item, names));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rename(item, names)]),
    );
  }
  return value;
};

/** The SDK's requests go straight to the engine's fetch handler: no network and no server. */
const httpClient = new HTTPClient({
  fetcher: async (input, init) => {
    const original = input instanceof Request ? input : new Request(input, init);
    const text = original.body === null ? undefined : await original.text();
    const request = new Request(original.url, {
      method: original.method,
      headers: original.headers,
      ...(text === undefined || text === ''
        ? {}
        : { body: JSON.stringify(rename(JSON.parse(text), BACK)) }),
    });
    const response = await answer(request);
    const body = await response.text();
    return new Response(body === '' ? null : JSON.stringify(rename(JSON.parse(body), RENAMED)), {
      status: response.status,
      headers: response.headers,
    });
  },
});

const novu = (environment = 'Development') =>
  new Novu({
    secretKey: engine.environment(environment).apiKey,
    serverURL: 'https://api.svc.co',
    httpClient,
    retryConfig: { strategy: 'none' },
  });

describe('@novu/api workflows.steps against the engine', () => {
  it('retrieves a step by stepId and by _id', async () => {
    const step = await novu().workflows.steps.retrieve('every-step', 'inbox');
    expect(step.result).toMatchObject({
      stepId: 'inbox',
      type: 'in_app',
      workflowId: 'every-step',
    });
    const again = await novu().workflows.steps.retrieve('every-step', step.result.id);
    expect(again.result.stepId).toBe('inbox');
  });

  it('an unknown step is the 400 the SDK reads as an ErrorDto', async () => {
    await expect(novu().workflows.steps.retrieve('every-step', 'nope')).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it.each([
    ['inbox', 'in_app', { body: 'Hi Ada' }],
    ['wait', 'delay', { type: 'regular', amount: 5, unit: 'minutes' }],
    ['collect', 'digest', { amount: 1, unit: 'hours' }],
    ['mail', 'email', { subject: '3 orders', body: '<p>A-1</p>' }],
    ['text', 'sms', { body: 'Order A-1' }],
    ['push', 'push', { subject: 'Order', body: 'A-1' }],
    ['chat', 'chat', { body: 'Order A-1' }],
  ])('generates the preview of the %s step (%s)', async (stepId, type, preview) => {
    const { result } = await novu().workflows.steps.generatePreview({
      workflowId: 'every-step',
      stepId,
      generatePreviewRequestDto: {
        previewPayload: { subscriber: { firstName: 'Ada' }, payload: { orderId: 'A-1' } },
      },
    });
    expect(result.result).toEqual({ type, preview });
    expect(result.previewPayloadExample.subscriber?.firstName).toBe('Ada');
  });

  it('an unknown workflow previews empty, as the service answers', async () => {
    const { result } = await novu().workflows.steps.generatePreview({
      workflowId: 'nope',
      stepId: 'inbox',
      generatePreviewRequestDto: {},
    });
    expect(result.previewPayloadExample).toEqual({});
  });
});
