// The service's own Inbox client (@novu/js, unmodified) reads and deletes the session
// subscriber's channel connections and endpoints through /v1/inbox/channel-connections and
// /v1/inbox/channel-endpoints (docs/behaviour/channels.md#inbox): the records the admin API made.
import { Novu } from '@novu/js';
import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const API_URL = 'http://inbox.test';

const engine = createMockEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    integrations: [{ providerId: 'slack', channel: 'chat', identifier: 'slack', active: true }],
  },
});
const server = setupServer(...createHandlers(engine, { baseUrl: API_URL }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => engine.reset());
afterAll(() => server.close());

const inbox = (subscriberId: string) =>
  new Novu({
    applicationIdentifier: engine.environment('Development').identifier,
    subscriber: subscriberId,
    apiUrl: API_URL,
    socketUrl: 'ws://inbox.test',
  } as ConstructorParameters<typeof Novu>[0]);

function seedChannels() {
  const scope = engine.scope('Development');
  const operations = engine.operations;
  for (const subscriberId of ['ada', 'grace']) {
    operations['channelConnections.create'](scope, {
      body: {
        identifier: `conn-${subscriberId}`,
        subscriberId,
        integrationIdentifier: 'slack',
        workspace: { id: 'T1' },
        auth: { accessToken: 'xoxb-secret' },
      },
    });
    operations['channelEndpoints.create'](scope, {
      body: {
        identifier: `dm-${subscriberId}`,
        subscriberId,
        integrationIdentifier: 'slack',
        connectionIdentifier: `conn-${subscriberId}`,
        type: 'slack_user',
        endpoint: { userId: 'U1' },
      },
    });
  }
}

describe('@novu/js channelConnections and channelEndpoints against the engine', () => {
  it("lists and gets only the session subscriber's records, without their secrets", async () => {
    seedChannels();
    const ada = inbox('ada');
    const connections = await ada.channelConnections.list();
    expect(connections.error).toBeUndefined();
    expect(connections.data).toEqual([{ identifier: 'conn-ada' }]);
    const one = await ada.channelConnections.get({ identifier: 'conn-ada' });
    // The client reads this route without unwrapping the service's `{ data }` envelope.
    expect(one.data).toEqual({ data: { identifier: 'conn-ada' } });
    const others = await ada.channelConnections.get({ identifier: 'conn-grace' });
    expect(others.error).toBeDefined();
    const endpoints = await ada.channelEndpoints.list({ connectionIdentifier: 'conn-ada' });
    expect(endpoints.data).toEqual([{ identifier: 'dm-ada', type: 'slack_user' }]);
    expect((await ada.channelEndpoints.get({ identifier: 'dm-ada' })).data).toEqual({
      identifier: 'dm-ada',
      type: 'slack_user',
    });
  });

  it("deletes the session subscriber's records and refuses another's", async () => {
    seedChannels();
    const ada = inbox('ada');
    expect((await ada.channelEndpoints.delete({ identifier: 'dm-ada' })).error).toBeUndefined();
    expect((await ada.channelConnections.delete({ identifier: 'conn-ada' })).error).toBeUndefined();
    expect((await ada.channelConnections.delete({ identifier: 'conn-grace' })).error).toBeDefined();
    expect((await ada.channelEndpoints.delete({ identifier: 'dm-grace' })).error).toBeDefined();
    const data = engine.scope('Development').data;
    expect([...data.channelConnections.keys()]).toEqual(['conn-grace']);
    expect([...data.channelEndpoints.keys()]).toEqual(['dm-grace']);
  });
});
