// PUT and DELETE /v1/integrations/{integrationId} over HTTP: the service's rules and errors.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine();

async function integrations() {
  const reply = await call('GET', '/v1/integrations');
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  return reply.body.data as any[];
}

const developmentOf = async (channel: string) =>
  (await integrations()).find(
    (integration) =>
      integration.channel === channel &&
      integration._environmentId === engine.environment('Development')._id,
  );

describe('PUT /v1/integrations/{integrationId}', () => {
  it('changes the given fields only, replacing credentials', async () => {
    const inApp = await developmentOf('in_app');
    const reply = await call('PUT', `/v1/integrations/${inApp._id}`, {
      body: { credentials: { hmac: true }, name: 'Inbox' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      _id: inApp._id,
      name: 'Inbox',
      credentials: { hmac: true },
      identifier: inApp.identifier,
      active: true,
    });
    expect((await developmentOf('in_app')).credentials).toStrictEqual({ hmac: true });
  });

  it('answers 404 for an unknown or malformed id, 400 for an empty change', async () => {
    const unknown = await call('PUT', '/v1/integrations/64da692e9a94fb2e6449ad10', {
      body: { name: 'x' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Entity with id 64da692e9a94fb2e6449ad10 not found');
    expect((await call('PUT', '/v1/integrations/nope', { body: { name: 'x' } })).status).toBe(404);
    const inApp = await developmentOf('in_app');
    const empty = await call('PUT', `/v1/integrations/${inApp._id}`, { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No properties found for update');
  });

  it('answers 409 for an identifier already used in the organization', async () => {
    const inApp = await developmentOf('in_app');
    const email = await developmentOf('email');
    const reply = await call('PUT', `/v1/integrations/${inApp._id}`, {
      body: { identifier: email.identifier },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('Integration with identifier already exists');
  });

  it('deactivating the primary email integration clears its primary and priority', async () => {
    const email = await developmentOf('email');
    expect(email.primary).toBe(true);
    const reply = await call('PUT', `/v1/integrations/${email._id}`, { body: { active: false } });
    expect(reply.body.data).toMatchObject({ active: false, primary: false, priority: 0 });
  });

  it('activating an email integration puts it below an active primary, which moves up', async () => {
    const created = await call('POST', '/v1/integrations', {
      body: { providerId: 'sendgrid', channel: 'email', active: false },
    });
    const primary = await developmentOf('email');
    const reply = await call('PUT', `/v1/integrations/${created.body.data._id}`, {
      body: { active: true },
    });
    expect(reply.body.data).toMatchObject({
      active: true,
      primary: false,
      priority: primary.priority,
    });
    const after = (await integrations()).find((integration) => integration._id === primary._id);
    expect(after.priority).toBe(primary.priority + 1);
  });
});

describe('DELETE /v1/integrations/{integrationId}', () => {
  it('removes the integration from the list and answers the ones left', async () => {
    const email = await developmentOf('email');
    const before = await integrations();
    const reply = await call('DELETE', `/v1/integrations/${email._id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((integration: { _id: string }) => integration._id)).toStrictEqual(
      before
        .filter((integration) => integration._id !== email._id)
        .map((integration) => integration._id),
    );
    expect(await developmentOf('email')).toBeUndefined();
    expect((await call('DELETE', `/v1/integrations/${email._id}`)).status).toBe(404);
  });
});
