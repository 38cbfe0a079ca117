// setupSvcMock with the app's bridge handler called in-process: code-first workflows with no port
// at all, read back through the service's own Inbox client (@novu/js).
import { Client, workflow } from '@novu/framework';
import { serve } from '@novu/framework/remix';
import { Novu } from '@novu/js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { setupSvcMock } from '../../mock-server/node';

const welcome = workflow(
  'welcome',
  async ({ step, payload }) => {
    await step.inApp('inbox', async () => ({
      subject: `Welcome ${payload.name}`,
      body: 'Your workspace is ready',
      primaryAction: { label: 'Open', redirect: { url: '/home' } },
    }));
  },
  { payloadSchema: z.object({ name: z.string() }), tags: ['onboarding'] },
);

// The app and the engine share the environment's secret key, pinned for the test.
const SECRET_KEY = 'sk_test_code_first_0001';
// The app's bridge as a fetch-style handler (Remix's serve takes `{ request }`).
const app = serve({
  workflows: [welcome],
  client: new Client({ strictAuthentication: true, secretKey: SECRET_KEY }),
});

const mock = setupSvcMock({
  seed: { subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }] },
  apiKeys: { Development: SECRET_KEY },
  baseUrl: 'http://svc.test',
  hooks: { beforeAll, afterEach, afterAll },
  bridge: { handler: (request) => app({ request }) },
});

beforeEach(async () => {
  // After each reset: the sync is data like any other.
  await mock.client().bridge.sync({ bridgeUrl: 'https://app.test/api/novu' });
});

describe('code-first workflows in-process', () => {
  it('runs a code-first workflow with no port and shows it in the Inbox', async () => {
    await mock.client().events.trigger({ name: 'welcome', to: 'ada', payload: { name: 'Ada' } });
    await mock.engine.settle();
    const novu = new Novu({
      applicationIdentifier: mock.engine.environment('Development').identifier,
      subscriber: 'ada',
      apiUrl: 'http://svc.test',
      socketUrl: 'ws://inbox.test',
    } as ConstructorParameters<typeof Novu>[0]);
    const { data, error } = await novu.notifications.list();
    expect(error).toBeUndefined();
    expect(data?.notifications.map((n) => [n.subject, n.body, n.primaryAction?.label])).toEqual([
      ['Welcome Ada', 'Your workspace is ready', 'Open'],
    ]);
    expect(data?.notifications[0]?.workflow?.identifier).toBe('welcome');
    // Nothing but the in-process handler was called: no socket was opened for the bridge.
    expect(mock.engine.scope('Development').data.workflows[0]?.origin).toBe('external');
  });
});
