import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
    topics: [{ key: 'news', subscribers: ['ada'] }],
    integrations: [{ providerId: 'fcm', channel: 'push', active: true }],
    workflows: [
      {
        workflowId: 'welcome',
        steps: [{ type: 'sms', name: 'Text', controlValues: { body: 'hi' } }],
      },
    ],
    messages: [{ subscriberId: 'ada', content: 'hello' }],
  },
});

const other = engine.createOrganization({ name: 'Other' });
const outsiders = [
  ['Production of the same organization', () => engine.environment('Production').apiKey],
  ['another organization', () => other.environments[0]?.apiKey ?? ''],
] as const;

function devIds() {
  const { data } = engine.scope('Development');
  const sms = data.integrations.find((i) => i.providerId === 'svc-email');
  return { messageId: data.messages[0]?._id ?? '', emailIntegrationId: sms?._id ?? '' };
}

describe.each(outsiders)('isolation: a key of %s', (_, keyOf) => {
  it('cannot read or change Development subscribers', async () => {
    const key = keyOf();
    expect((await call('GET', '/v2/subscribers/ada', { key })).status).toBe(404);
    expect(
      (await call('PATCH', '/v2/subscribers/ada', { key, body: { firstName: 'X' } })).status,
    ).toBe(404);
    const search = await call('GET', '/v2/subscribers?email=ada', { key });
    expect(search.body.data).toEqual([]);
    const credentials = await call('PATCH', '/v1/subscribers/ada/credentials', {
      key,
      body: { providerId: 'fcm', credentials: { deviceTokens: ['t'] } },
    });
    expect(credentials.status).toBe(400);
    expect((await call('GET', '/v2/subscribers/ada/subscriptions', { key })).status).toBe(404);
    expect((await call('GET', '/v2/subscribers/ada', {})).body.data.firstName).toBeUndefined();
  });

  it('cannot mark Development messages', async () => {
    const key = keyOf();
    const reply = await call('POST', '/v1/subscribers/ada/messages/mark-as', {
      key,
      body: { messageId: devIds().messageId, markAs: 'read' },
    });
    expect(reply.status).toBe(404);
  });

  it('cannot list or sync Development workflows', async () => {
    const key = keyOf();
    const list = await call('GET', '/v2/workflows', { key });
    expect(list.body.data).toEqual({ workflows: [], totalCount: 0 });
    const sync = await call('PUT', '/v2/workflows/welcome/sync', {
      key,
      body: { targetEnvironmentId: engine.environment('Development')._id },
    });
    expect(sync.status).toBe(404);
  });

  // Beyond the interface, part 2.
  it('cannot read, patch or delete Development workflows, nor trigger them in bulk or broadcast', async () => {
    const key = keyOf();
    expect((await call('GET', '/v2/workflows/welcome', { key })).status).toBe(404);
    const patch = await call('PATCH', '/v2/workflows/welcome', { key, body: { active: false } });
    expect(patch.status).toBe(404);
    expect((await call('DELETE', '/v2/workflows/welcome', { key })).status).toBe(404);
    const bulk = await call('POST', '/v1/events/trigger/bulk', {
      key,
      body: { events: [{ name: 'welcome', to: 'ada' }] },
    });
    expect(bulk.body.data[0]).toMatchObject({ status: 'error', error: ['workflow_not_found'] });
    const broadcast = await call('POST', '/v1/events/trigger/broadcast', {
      key,
      body: { name: 'welcome', payload: {} },
    });
    expect(broadcast.status).toBe(422);
    expect((await call('GET', '/v2/workflows/welcome')).body.data.active).toBe(true);
    expect(engine.outbox.count()).toBe(0);
  });

  it('cannot update a Development workflow; its own create does not see Development workflowIds', async () => {
    const key = keyOf();
    const update = await call('PUT', '/v2/workflows/welcome', {
      key,
      body: { name: 'Taken', origin: 'svc-cloud', preferences: {}, steps: [] },
    });
    expect(update.status).toBe(404);
    const create = await call('POST', '/v2/workflows', {
      key,
      body: { name: 'Own', workflowId: 'welcome', steps: [] },
    });
    expect(create.status).toBe(201);
    const development = (await call('GET', '/v2/workflows/welcome')).body.data;
    expect(development.name).toBe('welcome');
    expect(development.steps).toHaveLength(1);
    expect(development._id).not.toBe(create.body.data._id);
  });

  it('cannot cancel a Development transaction', async () => {
    const key = keyOf();
    engine.seed({
      workflows: [
        {
          workflowId: 'later',
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'regular', amount: 1, unit: 'hours' },
            },
            { type: 'custom', name: 'Work' },
          ],
        },
      ],
    });
    const triggered = await call('POST', '/v1/events/trigger', {
      body: { name: 'later', to: 'ada' },
    });
    const transactionId = triggered.body.data.transactionId;
    const cancel = await call('DELETE', `/v1/events/trigger/${transactionId}`, { key });
    expect(cancel.body).toEqual({ data: false });
    expect((await call('DELETE', `/v1/events/trigger/${transactionId}`)).body).toEqual({
      data: true,
    });
  });

  it('cannot list or delete Development messages', async () => {
    const key = keyOf();
    const { data } = engine.scope('Development');
    const transactionId = data.messages[0]?.transactionId ?? '';
    const list = await call('GET', '/v1/messages', { key });
    expect(list.body.data).toEqual([]);
    expect((await call('GET', '/v1/messages?subscriberId=ada', { key })).status).toBe(404);
    expect((await call('DELETE', `/v1/messages/${devIds().messageId}`, { key })).status).toBe(404);
    const byTransaction = await call('DELETE', `/v1/messages/transaction/${transactionId}`, {
      key,
    });
    expect(byTransaction.status).toBe(404);
    expect((await call('GET', '/v1/messages')).body.data).toHaveLength(1);
  });
});

describe.each(outsiders)(
  'isolation of the operations beyond the interface: a key of %s',
  (_, keyOf) => {
    it('cannot delete, credential or read preferences of Development subscribers', async () => {
      const key = keyOf();
      expect((await call('DELETE', '/v2/subscribers/ada', { key })).status).toBe(404);
      expect((await call('DELETE', '/v1/subscribers/ada/credentials/fcm', { key })).status).toBe(
        404,
      );
      const put = await call('PUT', '/v1/subscribers/ada/credentials', {
        key,
        body: { providerId: 'fcm', credentials: { deviceTokens: ['t'] } },
      });
      expect(put.status).toBe(400);
      expect((await call('GET', '/v2/subscribers/ada/preferences', { key })).status).toBe(404);
      const patch = await call('PATCH', '/v2/subscribers/ada/preferences', {
        key,
        body: { channels: { sms: false } },
      });
      expect(patch.status).toBe(404);
      expect((await call('GET', '/v2/subscribers/ada')).status).toBe(200);
    });

    it('creates its own subscribers and topics, never touching Development', async () => {
      const key = keyOf();
      const created = await call('POST', '/v2/subscribers?failIfExists=true', {
        key,
        body: { subscriberId: 'ada', firstName: 'Other' },
      });
      expect(created.status).toBe(201);
      const bulk = await call('POST', '/v1/subscribers/bulk', {
        key,
        body: { subscribers: [{ subscriberId: 'ada', lastName: 'X' }] },
      });
      expect(bulk.body.data.updated).toEqual([{ subscriberId: 'ada' }]);
      const dev = (await call('GET', '/v2/subscribers/ada')).body.data;
      expect(dev.firstName).toBeUndefined();
      expect(dev.lastName).toBeUndefined();
      const topic = await call('POST', '/v2/topics', {
        key,
        body: { key: 'news', name: 'Theirs' },
      });
      expect(topic.status).toBe(201);
      expect((await call('GET', '/v2/topics/news')).body.data.name).toBeUndefined();
    });

    it('cannot read, change or delete Development topics and subscriptions', async () => {
      const key = keyOf();
      expect((await call('GET', '/v2/topics/news', { key })).status).toBe(404);
      expect((await call('GET', '/v2/topics', { key })).body.data).toEqual([]);
      expect((await call('PATCH', '/v2/topics/news', { key, body: { name: 'x' } })).status).toBe(
        404,
      );
      expect((await call('DELETE', '/v2/topics/news', { key })).status).toBe(404);
      expect((await call('GET', '/v2/topics/news/subscriptions', { key })).status).toBe(404);
      const unsubscribe = await call('DELETE', '/v2/topics/news/subscriptions', {
        key,
        body: { subscriberIds: ['ada'] },
      });
      expect(unsubscribe.status).toBe(404);
      const subscribe = await call('POST', '/v2/topics/news/subscriptions', {
        key,
        body: { subscriberIds: ['ada'] },
      });
      expect(subscribe.status).toBe(400);
      const mine = await call('GET', '/v2/topics/news/subscriptions');
      expect(mine.body.data).toHaveLength(1);
    });
  },
);

describe('isolation: integrations are organization-wide, never cross organizations', () => {
  it("another organization sees none of this organization's integrations and cannot set them primary", async () => {
    const key = other.environments[0]?.apiKey ?? '';
    const list = await call('GET', '/v1/integrations', { key });
    const organizations = new Set(
      list.body.data.map((i: { _organizationId: string }) => i._organizationId),
    );
    expect([...organizations]).toEqual([other.organization._id]);
    const setPrimary = await call(
      'POST',
      `/v1/integrations/${devIds().emailIntegrationId}/set-primary`,
      { key },
    );
    expect(setPrimary.status).toBe(404);
  });

  it('Production sees the organization list (spec) but creates only in its own environment', async () => {
    const key = engine.environment('Production').apiKey;
    const created = await call('POST', '/v1/integrations', {
      key,
      body: { providerId: 'fcm', channel: 'push', active: true },
    });
    expect(created.body.data._environmentId).toBe(engine.environment('Production')._id);
  });
});
