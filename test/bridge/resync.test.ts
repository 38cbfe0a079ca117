// The bridge at svc-mock's start, re-synced on demand (control API) and by a poll, and kept by a
// data directory across a restart.
import { workflow } from '@novu/framework';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mock-server/http/server';
import { startKept, temporaryDirectory } from '../persistence/helpers';
import { type BridgeApp, startBridgeApp } from './bridge-app';

const hello = workflow('hello', async ({ step }) => {
  await step.inApp('inbox', async () => ({ body: 'Hello' }));
});
const bye = workflow('bye', async ({ step }) => {
  await step.inApp('inbox', async () => ({ body: 'Bye' }));
});

const KEY = 'sk_test_bridge_resync_0001';
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function started(options: { bridgePollMs?: number } = {}) {
  const bridge: BridgeApp = await startBridgeApp([hello], KEY);
  cleanup.push(() => bridge.close());
  const lines: string[] = [];
  const server: MockServer = await startMockServer({
    port: 0,
    seed: {},
    clock: 'virtual',
    inspector: false,
    apiKeys: { Development: KEY },
    bridgeUrl: bridge.url,
    log: (line) => lines.push(line),
    ...options,
  });
  cleanup.push(() => server.close());
  return { bridge, server, lines };
}

const workflowIds = (server: Pick<MockServer, 'engine'>) =>
  server.engine
    .scope('Development')
    .data.workflows.filter((w) => w.origin === 'external')
    .map((w) => w.workflowId);

const controlSync = (server: MockServer) =>
  fetch(`${server.url}/__svc/bridge/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

describe('bridge at start, on demand and by poll', () => {
  it('syncs the bridge at start and re-syncs through the control API', async () => {
    const { bridge, server, lines } = await started();
    expect(workflowIds(server)).toEqual(['hello']);
    expect(lines).toContain(`bridge ${bridge.url}: synced hello`);
    bridge.replace([hello, bye]);
    const response = await controlSync(server);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { workflows: ['hello', 'bye'] } });
    expect(workflowIds(server)).toEqual(['hello', 'bye']);
  });

  it('answers the control API with the sync error when the bridge is down', async () => {
    const { bridge, server } = await started();
    bridge.down('close');
    const response = await controlSync(server);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('Unable to reach Bridge Endpoint');
    expect(workflowIds(server)).toEqual(['hello']);
  });

  it('re-syncs when a poll sees the workflows changed', async () => {
    const { bridge, server } = await started({ bridgePollMs: 50 });
    bridge.replace([bye]);
    for (let waited = 0; waited < 3000 && workflowIds(server).join() !== 'bye'; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(workflowIds(server)).toEqual(['bye']);
  });
});

describe('a data directory keeps the bridge', () => {
  it('keeps the bridge URL and the delivered steps across a restart, replaying without the bridge', async () => {
    const dir = temporaryDirectory();
    cleanup.push(() => dir.remove());
    const first = await startKept(dir.path);
    const bridge = await startBridgeApp([hello], first.key);
    cleanup.push(() => bridge.close());
    expect((await first.call('POST', '/v1/bridge/sync', { bridgeUrl: bridge.url })).status).toBe(
      201,
    );
    await first.call('POST', '/v1/subscribers', { subscriberId: 'ada' });
    expect(
      (await first.call('POST', '/v1/events/trigger', { name: 'hello', to: 'ada' })).status,
    ).toBe(201);
    await first.engine.settle();
    expect(first.engine.outbox.list().map((m) => m.content)).toEqual(['Hello']);
    await first.close();
    const calls = bridge.received.length;

    const second = await startKept(dir.path);
    cleanup.push(() => second.close());
    expect(second.engine.environment('Development').bridgeUrl).toBe(bridge.url);
    expect(workflowIds(second)).toEqual(['hello']);
    await second.engine.settle();
    expect(second.engine.outbox.list().map((m) => m.content)).toEqual(['Hello']);
    // Replayed from the journal: the bridge was not called again.
    expect(bridge.received.length).toBe(calls);
    // And the next run goes through the kept bridge.
    await second.call('POST', '/v1/events/trigger', { name: 'hello', to: 'ada' });
    await second.engine.settle();
    expect(second.engine.outbox.list().map((m) => m.content)).toEqual(['Hello', 'Hello']);
  });
});
