// POST /v1/bridge/sync against a real @novu/framework app in production mode (strict signatures).
import { createHmac } from 'node:crypto';
import { workflow } from '@novu/framework';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { type MockServer, startMockServer } from '../../mock-server/http/server';
import { APIError, Svc } from '../../src/index';
import { type BridgeApp, startBridgeApp } from './bridge-app';

const welcome = workflow(
  'welcome',
  async ({ step, payload }) => {
    await step.inApp(
      'inbox',
      async (controls) => ({ subject: controls.subject, body: `Hi ${payload.name}` }),
      { controlSchema: z.object({ subject: z.string().default('Welcome') }) },
    );
  },
  {
    payloadSchema: z.object({ name: z.string() }),
    tags: ['onboarding'],
    description: 'Says hello',
    preferences: { channels: { inApp: { enabled: true }, email: { enabled: false } } },
  },
);

const digestFlow = workflow('weekly', async ({ step }) => {
  await step.digest('collect', async () => ({ amount: 1, unit: 'hours' }));
  await step.email('mail', async () => ({ subject: 'Digest', body: '<p>news</p>' }));
});

/** The API error a sync answers (a sync that succeeds fails the test). */
async function syncError(svc: Svc, bridgeUrl: string): Promise<APIError> {
  const outcome = await svc.bridge.sync({ bridgeUrl }).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof APIError))
    throw new Error(`expected an API error, got ${String(outcome)}`);
  return outcome;
}

let server: MockServer | undefined;
let bridge: BridgeApp | undefined;
afterEach(async () => {
  await bridge?.close();
  await server?.close();
  bridge = undefined;
  server = undefined;
});

async function setup(workflows = [welcome, digestFlow]) {
  server = await startMockServer({ port: 0, seed: {}, clock: 'virtual', inspector: false });
  const secretKey = server.engine.environment('Development').apiKey;
  bridge = await startBridgeApp(workflows, secretKey);
  const svc = new Svc({ secretKey, baseUrl: server.url, maxRetries: 0 });
  return { server, bridge, svc, secretKey };
}

describe('bridge sync', () => {
  it('discovers the app with a signed request and saves each workflow as external', async () => {
    const { bridge, svc, secretKey } = await setup();
    const saved = await svc.bridge.sync({ bridgeUrl: bridge.url });
    expect(saved.map((workflow) => workflow.workflowId)).toEqual(['welcome', 'weekly']);
    const [first] = saved;
    expect(first).toMatchObject({
      origin: 'external',
      name: 'welcome',
      description: 'Says hello',
      tags: ['onboarding'],
      active: true,
      status: 'ACTIVE',
      payloadSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    expect(first?.steps.map((step) => [step.stepId, step.type])).toEqual([['inbox', 'in_app']]);
    expect(first?.preferences).toMatchObject({
      default: { channels: { in_app: { enabled: true }, email: { enabled: false } } },
    });
    // One signed GET discover, accepted by the framework's strict check.
    const discover = bridge.received.filter((request) => request.action === 'discover');
    expect(discover).toHaveLength(1);
    expect(discover[0]?.status).toBe(200);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(discover[0]?.signature ?? '') ?? [];
    expect(Math.abs(Number(t) - Date.now())).toBeLessThan(60_000);
    expect(v1).toBe(createHmac('sha256', secretKey).update(`${t}.{}`).digest('hex'));
    // Listed like any workflow.
    const listed = await svc.workflows.retrieve('welcome');
    expect(listed.origin).toBe('external');
  });

  it('signs with the wall clock even when the virtual clock is far ahead', async () => {
    const { server, bridge, svc } = await setup();
    server.engine.clock.advance('30d');
    await svc.bridge.sync({ bridgeUrl: bridge.url });
    expect(bridge.received.at(-1)?.status).toBe(200);
  });

  it('removes the external workflows the bridge no longer declares and keeps the URL', async () => {
    const { server, svc } = await setup();
    await svc.bridge.sync({ bridgeUrl: (bridge as BridgeApp).url });
    const first = server.engine.scope('Development').data.workflows.map((w) => w._id);
    await bridge?.close();
    const next = await startBridgeApp([welcome], server.engine.environment('Development').apiKey);
    bridge = next;
    const saved = await svc.bridge.sync({ bridgeUrl: next.url });
    expect(saved.map((workflow) => workflow.workflowId)).toEqual(['welcome']);
    const data = server.engine.scope('Development').data;
    expect(data.workflows.map((w) => w.workflowId)).toEqual(['welcome']);
    // Upserted in place: the same _id.
    expect(data.workflows[0]?._id).toBe(first[0]);
    expect(server.engine.environment('Development').bridgeUrl).toBe(next.url);
  });

  it('refuses a workflowId a dashboard workflow holds, registering nothing', async () => {
    const { server, bridge, svc } = await setup();
    await svc.workflows.create({
      workflowId: 'welcome',
      name: 'Dashboard welcome',
      steps: [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'x' } }],
    } as never);
    const error = await syncError(svc, bridge.url);
    expect(error.status).toBe(400);
    expect((error.body as { message: string }).message).toBe(
      'Workflow welcome was already created in Dashboard. Please use another workflowId.',
    );
    const data = server.engine.scope('Development').data;
    expect(data.workflows.map((w) => [w.workflowId, w.origin])).toEqual([['welcome', 'svc-cloud']]);
    expect(server.engine.environment('Development').bridgeUrl).toBeUndefined();
  });

  it('answers an unreachable bridge with the service 400 naming the URL, nothing registered', async () => {
    const { server, svc } = await setup();
    const url = (bridge as BridgeApp).url;
    await bridge?.close();
    bridge = undefined;
    const error = await syncError(svc, url);
    expect(error.status).toBe(400);
    expect((error.body as { message: string }).message).toContain(
      `Unable to reach Bridge Endpoint at \`${url}?action=discover\``,
    );
    expect(server.engine.scope('Development').data.workflows).toEqual([]);
    expect(server.engine.environment('Development').bridgeUrl).toBeUndefined();
  });

  it('refuses a bridge URL that is not http(s) or carries credentials', async () => {
    const { svc } = await setup();
    const file = await syncError(svc, 'file:///etc/passwd');
    expect(file.status).toBe(400);
    expect((file.body as { message: string }).message).toBe(
      'Unsupported protocol for `file:///etc/passwd`',
    );
    const creds = await syncError(svc, 'http://user:secret@127.0.0.1:1/api');
    expect(creds.status).toBe(400);
    expect((creds.body as { message: string }).message).toContain(
      'credentials in the URL are not sent',
    );
    const notUrl = await syncError(svc, 'not a url');
    expect(notUrl.status).toBe(422);
  });

  it('answers a bridge that refuses the signature with the framework error', async () => {
    server = await startMockServer({ port: 0, seed: {}, clock: 'virtual', inspector: false });
    bridge = await startBridgeApp([welcome], 'another-secret-key-0000');
    const svc = new Svc({
      secretKey: server.engine.environment('Development').apiKey,
      baseUrl: server.url,
      maxRetries: 0,
    });
    const error = await syncError(svc, bridge.url);
    expect(error.status).toBe(400);
    expect((error.body as { message: string }).message).toContain('Signature does not match');
  });
});
