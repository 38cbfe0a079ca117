// A svc-mock on a free port with a real @novu/framework app synced to it.
import type { Workflow } from '@novu/framework';
import { type MockServer, startMockServer } from '../../mock-server/http/server';
import { Svc } from '../../src/index';
import { type BridgeApp, startBridgeApp } from './bridge-app';

export interface CodeFirstSetup {
  server: MockServer;
  bridge: BridgeApp;
  svc: Svc;
  close(): Promise<void>;
}

/** Starts svc-mock and the app, syncs the app, and seeds subscribers. */
export async function codeFirst(
  workflows: Workflow[],
  options: {
    subscribers?: Record<string, unknown>[];
    retryDelayMs?: number;
    timeoutMs?: number;
  } = {},
): Promise<CodeFirstSetup> {
  const server = await startMockServer({
    port: 0,
    seed: { subscribers: (options.subscribers ?? []) as never },
    clock: 'virtual',
    clockStart: '2026-01-05T09:00:00.000Z',
    inspector: false,
    bridge: { retryDelayMs: options.retryDelayMs ?? 5, timeoutMs: options.timeoutMs ?? 5000 },
  });
  const secretKey = server.engine.environment('Development').apiKey;
  const bridge = await startBridgeApp(workflows, secretKey);
  const svc = new Svc({ secretKey, baseUrl: server.url, maxRetries: 0 });
  await svc.integrations.create({ providerId: 'twilio', channel: 'sms', active: true });
  await svc.bridge.sync({ bridgeUrl: bridge.url });
  return {
    server,
    bridge,
    svc,
    async close() {
      await bridge.close();
      await server.close();
    },
  };
}
