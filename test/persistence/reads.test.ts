// `svc-mock --data` writes no journal entry for a GET (docs/decisions/0142-keeping-data.md): so
// every GET operation must leave the engine's state exactly as it was.
import { serialize } from 'node:v8';
import { expect, it } from 'vitest';
import { demoSeed } from '../../mock-server/demo-seed';
import { createMockEngine } from '../../mock-server/engine/engine';
import { OPERATIONS } from '../../mock-server/engine/operations/index';

it('no GET operation changes the state', async () => {
  const engine = createMockEngine({ seed: demoSeed });
  const authorization = `ApiKey ${engine.environment('Development').apiKey}`;
  const call = (
    operation: string,
    path: string,
    params: Record<string, string> = {},
    body?: unknown,
    query = new URLSearchParams(),
  ) =>
    engine.perform({
      operation: operation as never,
      authorization,
      params,
      query,
      path,
      ...(body === undefined ? {} : { readBody: async () => body }),
    });
  await call('topics.create', '/v2/topics', {}, { key: 'news', name: 'News' });
  await call('contexts.create', '/v2/contexts', {}, { type: 'tenant', id: 'acme' });
  await call('layouts.create', '/v2/layouts', {}, { layoutId: 'brand', name: 'Brand' });
  await call('environmentVariables.create', '/v1/environment-variables', {}, { key: 'BASE_URL' });
  await call(
    'translations.create',
    '/v2/translations',
    {},
    { resourceId: 'welcome', resourceType: 'workflow', locale: 'en_US', content: { a: 'A' } },
  );
  await call(
    'channelConnections.create',
    '/v1/channel-connections',
    {},
    {
      identifier: 'chan-1',
      subscriberId: 'demo-ada',
      integrationIdentifier: 'slack-demo',
      workspace: { id: 'T1' },
      auth: { accessToken: 'xoxb-1' },
    },
  );
  await call(
    'channelEndpoints.create',
    '/v1/channel-endpoints',
    {},
    {
      identifier: 'chan-1',
      subscriberId: 'demo-ada',
      integrationIdentifier: 'slack-demo',
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
    },
  );
  await call('domains.create', '/v1/domains', {}, { name: 'acme.dev' });
  await call('agents.create', '/v1/agents', {}, { name: 'Bot', identifier: 'chan-1' });
  await call(
    'domains.routes.create',
    '/v1/domains/acme.dev/routes',
    { domain: 'acme.dev' },
    { address: 'support', type: 'webhook' },
  );
  await call(
    'topics.subscriptions.create',
    '/v2/topics/news/subscriptions',
    { topicKey: 'news' },
    {
      // Identified as the channel records are, so one `identifier` parameter reads all three.
      subscriptions: [{ identifier: 'chan-1', subscriberId: 'demo-ada' }],
    },
  );
  const trigger = await call(
    'events.trigger',
    '/v1/events/trigger',
    {},
    {
      name: 'trial-ending',
      to: 'demo-ada',
      payload: {},
    },
  );
  expect(trigger.status).toBe(201);
  const notification = engine.scope().data.notifications[0]?._id as string;
  const params: Record<string, string> = {
    notificationId: notification,
    subscriberId: 'demo-ada',
    topicKey: 'news',
    workflowId: 'welcome',
    stepId: 'inbox',
    type: 'tenant',
    id: 'acme',
    layoutId: 'brand',
    variableKey: 'BASE_URL',
    resourceType: 'workflow',
    resourceId: 'welcome',
    locale: 'en_US',
    identifier: 'chan-1',
    externalSubscriberId: 'demo-ada',
    environmentId: engine.scope().environment._id,
    domain: 'acme.dev',
    address: 'support',
  };
  // The query a GET requires (the service answers 422 without it).
  const queries: Record<string, string> = {
    'subscribers.notifications.count': 'filters=[{"read":false}]',
  };
  const gets = Object.entries(OPERATIONS).filter(([, { route }]) => route.method === 'GET');
  expect(gets.length).toBeGreaterThanOrEqual(13);
  for (const [operation, { route }] of gets) {
    const before = serialize(engine.snapshot().state);
    const query = new URLSearchParams(queries[operation] ?? '');
    const answer = await call(operation, route.path, params, undefined, query);
    expect(answer.status, operation).toBe(200);
    expect(serialize(engine.snapshot().state).equals(before), operation).toBe(true);
  }
});
