// End-to-end through the client in mock mode: the trigger's context (recorded as contextKeys and
// filtered on), topic subscriptions as a notification filter, and payload schema defaults.
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
    topics: [{ key: 'news', subscribers: ['bob'] }],
    workflows: [
      {
        workflowId: 'inbox',
        steps: [{ type: 'in_app', name: 'I', controlValues: { body: 'Hello {{payload.name}}' } }],
        payloadSchema: {
          type: 'object',
          properties: { name: { type: 'string', default: 'there' } },
        },
      },
    ],
  },
});
const svc = () => mock.client('Development', { maxRetries: 0 });

describe('trigger context', () => {
  it('records the context as type:id keys and filters the list by the exact set', async () => {
    const withContext = await svc().events.trigger({
      name: 'inbox',
      to: 'ada',
      context: { tenant: 'org-acme', project: { id: 'p-1', data: { region: 'eu' } } },
    });
    const plain = await svc().events.trigger({ name: 'inbox', to: 'ada' });
    const [activity] = (
      await svc().notifications.list({ transactionId: withContext.transactionId ?? '' })
    ).data;
    expect(activity?.contextKeys).toEqual(['tenant:org-acme', 'project:p-1']);
    const byContext = await svc().notifications.list({
      contextKeys: ['project:p-1', 'tenant:org-acme'],
    });
    expect(byContext.data.map((item) => item.transactionId)).toEqual([withContext.transactionId]);
    const withoutContext = await svc().notifications.list({ contextKeys: '' });
    expect(withoutContext.data.map((item) => item.transactionId)).toEqual([plain.transactionId]);
    expect((await svc().notifications.list({ contextKeys: 'tenant:org-acme' })).data).toEqual([]);
  });

  it('filters by the topic subscription that reached the subscriber', async () => {
    const viaTopic = await svc().events.trigger({
      name: 'inbox',
      to: [{ type: 'Topic', topicKey: 'news' }],
    });
    await svc().events.trigger({ name: 'inbox', to: 'bob' });
    const found = await svc().notifications.list({ subscriptionId: 'tk_news:si_bob' });
    expect(found.data.map((item) => item.transactionId)).toEqual([viaTopic.transactionId]);
    expect((await svc().notifications.list({ subscriptionId: 'tk_news:si_ada' })).data).toEqual([]);
  });
});

describe('payload schema defaults', () => {
  it('fill the payload used for rendering and stored, with validatePayload off', async () => {
    const { transactionId } = await svc().events.trigger({ name: 'inbox', to: 'ada' });
    const [activity] = (await svc().notifications.list({ transactionId: transactionId ?? '' }))
      .data;
    expect(activity?.payload).toEqual({ name: 'there' });
    const message = mock.engine.outbox.last({
      channel: 'in_app',
      transactionId: transactionId ?? '',
    });
    expect(message?.content).toBe('Hello there');
  });
});
