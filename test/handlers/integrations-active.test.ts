// GET /v1/integrations/active through the msw handlers (docs/behaviour/integrations.md#active):
// the organization's active integrations, each `selected` as the run's integration selection
// would pick it in its environment.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine();

const summary = (reply: { body: { data: Record<string, unknown>[] } }) =>
  reply.body.data.map((integration) => [
    integration['providerId'],
    integration['_environmentId'] === engine.environment('Development')._id ? 'dev' : 'prod',
    integration['selected'],
  ]);

describe('GET /v1/integrations/active', () => {
  it('lists the defaults, every one selected', async () => {
    const reply = await call('GET', '/v1/integrations/active');
    expect(reply.status).toBe(200);
    expect(summary(reply)).toEqual([
      ['svc', 'dev', true],
      ['svc-email', 'dev', true],
      ['svc', 'prod', true],
    ]);
  });

  it('leaves out inactive and deleted ones; a non-primary email is not selected', async () => {
    await call('POST', '/v1/integrations', {
      body: { providerId: 'sendgrid', channel: 'email', active: true, credentials: {} },
    });
    const inactive = await call('POST', '/v1/integrations', {
      body: { providerId: 'mailgun', channel: 'email', active: false, credentials: {} },
    });
    expect(inactive.status).toBe(201);
    const slack = await call('POST', '/v1/integrations', {
      body: { providerId: 'slack', channel: 'chat', active: true, credentials: {} },
      key: engine.environment('Production').apiKey,
    });
    const reply = await call('GET', '/v1/integrations/active');
    expect(summary(reply)).toEqual([
      ['svc', 'dev', true],
      ['svc-email', 'dev', true],
      ['sendgrid', 'dev', false],
      ['svc', 'prod', true],
      ['slack', 'prod', true],
    ]);
    await call('DELETE', `/v1/integrations/${slack.body.data._id}`);
    expect(summary(await call('GET', '/v1/integrations/active'))).toHaveLength(4);
  });

  it('answers 401 without a key', async () => {
    expect((await call('GET', '/v1/integrations/active', { key: null })).status).toBe(401);
  });
});
