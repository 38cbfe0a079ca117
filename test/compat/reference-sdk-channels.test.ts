// The reference service's own SDK (@novu/api, strict response validation as it ships) calls every
// one of its channelConnections, channelEndpoints and activity (delivery-provider webhook)
// functions against the engine's handlers (docs/behaviour/channels.md).

import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

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
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

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
