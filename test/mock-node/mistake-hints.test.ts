// Mistakes in mock mode say how to fix them: the answer on the wire stays the service's, and one
// line beside it names the fix, once per cause, written to stderr (no console.warn: jest would add
// a code frame of the bundle and a stack to each).
import { Svc } from '@svc/api';
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  interceptor: 'fetch',
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    workflows: [
      {
        workflowId: 'welcome',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
      { workflowId: 'order-shipped', steps: [] },
    ],
  },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('mistake hints in setupSvcMock', () => {
  it('an unknown workflow: the service 422, and one line with the known workflow ids per name', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const svc = mock.client();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(svc.events.trigger({ name: 'welcom', to: 'ada' })).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining('workflow_not_found'),
      });
    }
    await expect(svc.events.trigger({ name: 'ship', to: 'ada' })).rejects.toMatchObject({
      status: 422,
    });
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      '[svc-mock] hint: no workflow "welcom" in Development (422 workflow_not_found). Its workflow ids: welcome, order-shipped.\n',
      '[svc-mock] hint: no workflow "ship" in Development (422 workflow_not_found). Its workflow ids: welcome, order-shipped.\n',
    ]);
  });

  it('a wrong API key: the service 401, and one line that says where the keys are', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const svc = new Svc({ secretKey: 'not-the-mock-key', maxRetries: 0 });
    await expect(svc.subscribers.retrieve('ada')).rejects.toMatchObject({ status: 401 });
    await expect(svc.subscribers.retrieve('ada')).rejects.toMatchObject({ status: 401 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      "[svc-mock] hint: this mock does not know the API key sent (401 API Key not found). mock.client() holds the Development key; give your own client mock.engine.environment('Development').apiKey (or 'Production').\n",
    );
  });
});

describe('mistake hints turned off', () => {
  it('prints nothing with hints: false', async () => {
    const quiet = setupSvcMock({ hooks: false, interceptor: 'fetch', hints: false });
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const response = await quiet.fetch('https://api.svc.co/v1/events/trigger', {
      method: 'POST',
      headers: {
        authorization: `ApiKey ${quiet.engine.environment('Development').apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'nope', to: 'ada' }),
    });
    expect(response.status).toBe(422);
    expect(warn).not.toHaveBeenCalled();
  });
});
