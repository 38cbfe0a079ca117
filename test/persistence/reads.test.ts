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
  ) =>
    engine.perform({
      operation: operation as never,
      authorization,
      params,
      query: new URLSearchParams(),
      path,
      ...(body === undefined ? {} : { readBody: async () => body }),
    });
  await call('topics.create', '/v2/topics', {}, { key: 'news', name: 'News' });
  await call('contexts.create', '/v2/contexts', {}, { type: 'tenant', id: 'acme' });
  await call('domains.create', '/v1/domains', {}, { name: 'acme.dev' });
  await call('agents.create', '/v1/agents', {}, { name: 'Bot', identifier: 'bot' });
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
      subscriptions: ['demo-ada'],
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
    type: 'tenant',
    id: 'acme',
    domain: 'acme.dev',
    address: 'support',
    identifier: 'bot',
  };
  const gets = Object.entries(OPERATIONS).filter(([, { route }]) => route.method === 'GET');
  expect(gets.length).toBeGreaterThanOrEqual(13);
  for (const [operation, { route }] of gets) {
    const before = serialize(engine.snapshot().state);
    const answer = await call(operation, route.path, params);
    expect(answer.status, operation).toBe(200);
    expect(serialize(engine.snapshot().state).equals(before), operation).toBe(true);
  }
});
