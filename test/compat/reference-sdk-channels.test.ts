// The reference service's own SDK (@novu/api, strict response validation as it ships) calls every
// one of its channelConnections, channelEndpoints and activity (delivery-provider webhook)
// functions against the engine's handlers (docs/behaviour/channels.md).

import { Novu } from '@novu/api';
import { HTTPClient } from '@novu/api/lib/http.js';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';

const engine = createMockEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' }],
    integrations: [
      {
        providerId: 'slack',
        channel: 'chat',
        active: true,
        identifier: 'slack-main',
        credentials: { clientId: 'c' },
      },
      {
        providerId: 'sendgrid',
        channel: 'email',
        active: true,
        primary: true,
        identifier: 'sendgrid-main',
        credentials: { apiKey: 'SG.x', from: 'hello@example.com', senderName: 'Acme' },
      },
    ],
    workflows: [
      {
        workflowId: 'welcome-email',
        name: 'Welcome email',
        steps: [
          { type: 'email', name: 'Mail', controlValues: { subject: 'Hi', body: '<p>Hi</p>' } },
        ],
      },
    ],
  },
});
const answer = createFetchHandler(engine, {
  onUnexpectedError: (error) => {
    throw error;
  },
});
afterEach(() => engine.reset());

// The interface renames the maker's identifiers (docs/behaviour/README.md): the reference SDK's
// enums know `novu`, `novu-cloud`, ... where the engine answers `svc`, `svc-cloud`, ... Only
// whole string values are mapped, in both directions; nothing else is touched.
const RENAMED: Record<string, string> = {
  svc: 'novu',
  'svc-email': 'novu-email',
  'svc-sms': 'novu-sms',
  'svc-slack': 'novu-slack',
  'svc-cloud': 'novu-cloud',
  'svc-cloud-v1': 'novu-cloud-v1',
};
const BACK = Object.fromEntries(Object.entries(RENAMED).map(([ours, theirs]) => [theirs, ours]));
const rename = (value: unknown, names: Record<string, string>): unknown => {
  if (typeof value === 'string') return names[value] ?? value;
  if (Array.isArray(value)) return value.map((item) => rename(item, names));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rename(item, names)]),
    );
  }
  return value;
};

/** The SDK's requests go straight to the engine's fetch handler: no network and no server. */
const httpClient = new HTTPClient({
  fetcher: async (input, init) => {
    const original = input instanceof Request ? input : new Request(input, init);
    const text = original.body === null ? undefined : await original.text();
    const request = new Request(original.url, {
      method: original.method,
      headers: original.headers,
      ...(text === undefined || text === ''
        ? {}
        : { body: JSON.stringify(rename(JSON.parse(text), BACK)) }),
    });
    const response = await answer(request);
    const body = await response.text();
    return new Response(body === '' ? null : JSON.stringify(rename(JSON.parse(body), RENAMED)), {
      status: response.status,
      headers: response.headers,
    });
  },
});

const novu = (environment = 'Development') =>
  new Novu({
    secretKey: engine.environment(environment).apiKey,
    serverURL: 'https://api.svc.co',
    httpClient,
    retryConfig: { strategy: 'none' },
  });

describe('@novu/api channelConnections, channelEndpoints and activity against the engine', () => {
  it('creates, lists, retrieves, updates and deletes channel connections', async () => {
    const created = await novu().channelConnections.create({
      identifier: 'conn-ada',
      subscriberId: 'ada',
      integrationIdentifier: 'slack-main',
      workspace: { id: 'T1', name: 'Acme HQ' },
      auth: { accessToken: 'xoxb-1' },
    });
    expect(created.result).toMatchObject({ identifier: 'conn-ada', providerId: 'slack' });
    const listed = await novu().channelConnections.list({ subscriberId: 'ada', limit: 10 });
    expect(listed.result.data.map((connection) => connection.identifier)).toEqual(['conn-ada']);
    expect((await novu().channelConnections.retrieve('conn-ada')).result.channel).toBe('chat');
    const updated = await novu().channelConnections.update(
      { workspace: { id: 'T2' }, auth: { accessToken: 'xoxb-2' } },
      'conn-ada',
    );
    expect(updated.result.auth.accessToken).toBe('xoxb-2');
    await novu().channelConnections.delete('conn-ada');
    await expect(novu().channelConnections.retrieve('conn-ada')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('creates, lists, retrieves, updates and deletes channel endpoints', async () => {
    await novu().channelConnections.create({
      identifier: 'conn-ada',
      subscriberId: 'ada',
      integrationIdentifier: 'slack-main',
      workspace: { id: 'T1' },
      auth: { accessToken: 'xoxb-1' },
    });
    const created = await novu().channelEndpoints.create({
      identifier: 'ep-ada',
      subscriberId: 'ada',
      integrationIdentifier: 'slack-main',
      connectionIdentifier: 'conn-ada',
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
    });
    expect(created.result).toMatchObject({
      identifier: 'ep-ada',
      connectionIdentifier: 'conn-ada',
    });
    const hook = await novu().channelEndpoints.create({
      subscriberId: 'ada',
      integrationIdentifier: 'slack-main',
      type: 'webhook',
      endpoint: { url: 'https://hooks.example.com/ada' },
    });
    expect(hook.result.connectionIdentifier).toBeNull();
    const listed = await novu().channelEndpoints.list({ connectionIdentifier: 'conn-ada' });
    expect(listed.result.data.map((endpoint) => endpoint.identifier)).toEqual(['ep-ada']);
    expect((await novu().channelEndpoints.retrieve('ep-ada')).result.type).toBe('slack_channel');
    const updated = await novu().channelEndpoints.update(
      { endpoint: { channelId: 'C2' } },
      'ep-ada',
    );
    expect(updated.result.endpoint).toEqual({ channelId: 'C2' });
    await novu().channelEndpoints.delete('ep-ada');
    await expect(novu().channelEndpoints.retrieve('ep-ada')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('tracks a provider webhook reporting a bounce', async () => {
    await novu().trigger({ workflowId: 'welcome-email', to: 'ada', payload: {} });
    await engine.settle();
    const sent = engine.outbox.last({ channel: 'email' });
    const environment = engine.environment('Development');
    const integration = engine
      .scope('Development')
      .data.integrations.find((candidate) => candidate.identifier === 'sendgrid-main');
    const results = await novu().activity.track({
      environmentId: environment._id,
      integrationId: integration?._id ?? '',
      requestBody: { id: sent?.messageId, event: 'bounce', response: '550 no such user' },
    });
    expect(results).toEqual([
      {
        id: sent?.messageId,
        event: expect.objectContaining({ status: 'bounced', response: '550 no such user' }),
      },
    ]);
  });
});
