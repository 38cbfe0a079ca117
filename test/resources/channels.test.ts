// svc.channelConnections, svc.channelEndpoints and svc.deliveryWebhooks
// (docs/behaviour/channels.md) through the real client against the engine, strict validation:
// every answer parses with the client's schemas.
import { ConflictError, NotFoundError, SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
    integrations: [
      { providerId: 'slack', channel: 'chat', identifier: 'slack', active: true },
      {
        providerId: 'postmark',
        channel: 'email',
        identifier: 'postmark',
        active: true,
        primary: true,
        credentials: { apiKey: 'pm', from: 'hello@example.com' },
      },
    ],
    workflows: [
      {
        workflowId: 'receipt',
        steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 'S', body: 'B' } }],
      },
    ],
  },
});

describe('svc.channelConnections and svc.channelEndpoints', () => {
  it('create, list, retrieve, update and delete', async () => {
    const svc = client();
    const connection = await svc.channelConnections.create({
      subscriberId: 'ada',
      integrationIdentifier: 'slack',
      workspace: { id: 'T1' },
      auth: { accessToken: 'xoxb-1' },
    });
    expect(connection.subscriberId).toBe('ada');
    const endpoint = await svc.channelEndpoints.create({
      subscriberId: 'ada',
      integrationIdentifier: 'slack',
      connectionIdentifier: connection.identifier,
      type: 'slack_user',
      endpoint: { userId: 'U1' },
    });
    expect(endpoint.connectionIdentifier).toBe(connection.identifier);
    const all = [];
    for await (const item of svc.channelEndpoints.list({ subscriberId: 'ada', limit: 1 })) {
      all.push(item.identifier);
    }
    expect(all).toEqual([endpoint.identifier]);
    expect((await svc.channelConnections.list()).data).toHaveLength(1);
    expect(await svc.channelConnections.retrieve(connection.identifier)).toEqual(connection);
    const updated = await svc.channelEndpoints.update(endpoint.identifier, {
      endpoint: { userId: 'U2' },
    });
    expect(updated.endpoint).toEqual({ userId: 'U2' });
    await svc.channelConnections.update(connection.identifier, {
      workspace: { id: 'T2' },
      auth: { accessToken: 'xoxb-2' },
    });
    expect(await svc.channelEndpoints.delete(endpoint.identifier)).toBeUndefined();
    expect(await svc.channelConnections.delete(connection.identifier)).toBeUndefined();
    expect(await rejection(svc.channelEndpoints.retrieve(endpoint.identifier))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('a second connection of the same subscriber and integration is a ConflictError', async () => {
    const svc = client();
    const body = {
      subscriberId: 'ada',
      integrationIdentifier: 'slack',
      workspace: { id: 'T1' },
      auth: { accessToken: 'x' },
    };
    await svc.channelConnections.create(body);
    expect(await rejection(svc.channelConnections.create(body))).toBeInstanceOf(ConflictError);
  });

  it('checks an endpoint type before sending, so nothing is stored', async () => {
    const svc = client();
    const sent = svc.channelEndpoints.create({
      subscriberId: 'ada',
      integrationIdentifier: 'slack',
      type: 'pigeon' as never,
      endpoint: {},
    });
    expect(await rejection(sent)).toBeInstanceOf(SvcValidationError);
    expect(engine.scope('Development').data.channelEndpoints.size).toBe(0);
  });
});

describe('svc.deliveryWebhooks.track', () => {
  it('posts a Postmark bounce for a sent email and answers the parsed event', async () => {
    const svc = client();
    await svc.events.trigger({ name: 'receipt', to: 'ada' });
    const sent = engine.outbox.last({ channel: 'email' });
    const environmentId = engine.environment('Development')._id;
    const integration = engine
      .scope('Development')
      .data.integrations.find((candidate) => candidate.identifier === 'postmark');
    const results = await svc.deliveryWebhooks.track(environmentId, integration?._id ?? '', {
      MessageID: sent?.messageId,
      RecordType: 'Bounce',
    });
    expect(results).toEqual([
      {
        id: sent?.messageId,
        event: {
          status: 'bounced',
          date: expect.any(String),
          externalId: sent?.messageId,
          attempts: 1,
          response: '',
          row: JSON.stringify({ MessageID: sent?.messageId, RecordType: 'Bounce' }),
        },
      },
    ]);
    const unknown = svc.deliveryWebhooks.track(environmentId, 'nope', {});
    expect(await rejection(unknown)).toBeInstanceOf(NotFoundError);
  });
});
