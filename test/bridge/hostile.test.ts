// A hostile bridge: oversized answers, malformed discover answers and execute answers of the
// wrong shape fail cleanly; nothing is registered or delivered, nothing crashes.
import { describe, expect, it } from 'vitest';
import { MAX_BRIDGE_ANSWER_BYTES } from '../../mock-server/engine/bridge/bridge-options';
import { createMockEngine } from '../../mock-server/engine/engine';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const DISCOVERED = {
  workflows: [{ workflowId: 'hostile', steps: [{ stepId: 'inbox', type: 'in_app' }] }],
};

function engineWith(
  execute: (request: Request) => Response | Promise<Response>,
  discover: unknown = DISCOVERED,
) {
  const engine = createMockEngine({
    seed: { subscribers: [{ subscriberId: 'ada' }] },
    bridge: {
      retryDelayMs: 1,
      handler: async (request) =>
        new URL(request.url).searchParams.get('action') === 'discover'
          ? json(discover)
          : execute(request),
    },
  });
  const perform = (operation: 'bridge.sync' | 'events.trigger', body: unknown) =>
    engine.perform({
      operation,
      authorization: `ApiKey ${engine.environment('Development').apiKey}`,
      params: {},
      query: new URLSearchParams(),
      path: operation === 'bridge.sync' ? '/v1/bridge/sync' : '/v1/events/trigger',
      readBody: async () => body,
    });
  return { engine, perform };
}

describe('a hostile bridge', () => {
  it('fails a step whose answer is larger than the cap, delivering nothing', async () => {
    const { engine, perform } = engineWith(() =>
      json({ outputs: { body: 'x'.repeat(MAX_BRIDGE_ANSWER_BYTES) }, providers: {}, options: {} }),
    );
    expect((await perform('bridge.sync', { bridgeUrl: 'http://app.test/api' })).status).toBe(201);
    expect((await perform('events.trigger', { name: 'hostile', to: 'ada' })).status).toBe(201);
    await engine.settle();
    const job = engine.scope('Development').data.notifications[0]?.jobs[0];
    expect(job?.status).toBe('failed');
    expect(job?.executionDetails.at(-1)?.raw).toContain('UNKNOWN_BRIDGE_REQUEST_ERROR');
    expect(engine.outbox.list()).toEqual([]);
  });

  it('fails a step whose answer is not an execute answer', async () => {
    const { engine, perform } = engineWith(() => json({ outputs: 'nope' }));
    await perform('bridge.sync', { bridgeUrl: 'http://app.test/api' });
    await perform('events.trigger', { name: 'hostile', to: 'ada' });
    await engine.settle();
    const job = engine.scope('Development').data.notifications[0]?.jobs[0];
    expect(job?.status).toBe('failed');
    expect(job?.executionDetails.at(-1)?.raw).toContain('BRIDGE_PARSE_ERROR');
  });

  it.each([
    ['no workflows list', { nope: true }, 'it has no workflows list'],
    [
      'too many workflows',
      { workflows: Array.from({ length: 501 }, (_, i) => ({ workflowId: `w${i}`, steps: [] })) },
      'more than 500 workflows',
    ],
    [
      'an unknown step type',
      { workflows: [{ workflowId: 'w', steps: [{ stepId: 's', type: 'http_request' }] }] },
      'which the engine does not run',
    ],
    [
      'a duplicate workflowId',
      {
        workflows: [
          { workflowId: 'w', steps: [] },
          { workflowId: 'w', steps: [] },
        ],
      },
      'two workflows w',
    ],
  ])('refuses a discover answer with %s, registering nothing', async (_, discover, message) => {
    const { engine, perform } = engineWith(() => json({}), discover);
    const answer = await perform('bridge.sync', { bridgeUrl: 'http://app.test/api' });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(message);
    expect(engine.scope('Development').data.workflows).toEqual([]);
    expect(engine.environment('Development').bridgeUrl).toBeUndefined();
  });

  it('drops an answer for a step that no longer waits (the engine was reset meanwhile)', async () => {
    let release: () => void = () => undefined;
    const { engine, perform } = engineWith(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ outputs: { body: 'late' }, providers: {}, options: {} }));
        }),
    );
    await perform('bridge.sync', { bridgeUrl: 'http://app.test/api' });
    await perform('events.trigger', { name: 'hostile', to: 'ada' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    engine.reset();
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await engine.settle();
    expect(engine.outbox.list()).toEqual([]);
    expect(engine.scope('Development').data.notifications).toEqual([]);
  });
});
