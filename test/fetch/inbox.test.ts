// The Inbox routes through the fetch adapter, as a worker or Bun.serve would host them.
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { expect, it } from 'vitest';

it('serves a session and the notifications a trigger delivered', async () => {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        {
          workflowId: 'news',
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'News' } }],
        },
      ],
    },
  });
  engine.operations['events.trigger'](engine.scope('Development'), {
    body: { name: 'news', to: 'ada' },
  });
  const handle = createFetchHandler(engine, { baseUrl: 'http://localhost:8787' });
  const session = await handle(
    new Request('http://localhost:8787/v1/inbox/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        applicationIdentifier: engine.environment('Development').identifier,
        subscriberId: 'ada',
      }),
    }),
  );
  expect(session.status).toBe(201);
  const { data } = (await session.json()) as { data: { token: string; totalUnreadCount: number } };
  expect(data.totalUnreadCount).toBe(1);
  const list = await handle(
    new Request('http://localhost:8787/v1/inbox/notifications', {
      headers: { authorization: `Bearer ${data.token}` },
    }),
  );
  expect(list.status).toBe(200);
  const page = (await list.json()) as { data: { body: string }[] };
  expect(page.data.map((notification) => notification.body)).toEqual(['News']);
  const absent = await handle(
    new Request('http://localhost:8787/v1/inbox/topics/news/subscriptions/none', {
      headers: { authorization: `Bearer ${data.token}` },
    }),
  );
  expect(absent.status).toBe(204);
  expect(await absent.text()).toBe('');
});
