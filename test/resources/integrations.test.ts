// svc.integrations.* (docs/behaviour/integrations.md) through the real client against the engine, strict validation.
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  UnprocessableEntityError,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client } = useResourceMock();

const dev = () => engine.environment('Development');
const prod = () => engine.environment('Production');

describe('integrations.create', () => {
  it('creates with the service defaults, credentials included', async () => {
    const created = await client().integrations.create({
      providerId: 'sendgrid',
      channel: 'email',
      credentials: { apiKey: 'SG.secret', from: 'no-reply@acme.com' },
    });
    expect(created).toMatchObject({
      _environmentId: dev()._id,
      _organizationId: engine.organization._id,
      name: 'SendGrid',
      providerId: 'sendgrid',
      channel: 'email',
      active: false,
      primary: false,
      deleted: false,
      credentials: { apiKey: 'SG.secret', from: 'no-reply@acme.com' },
    });
    expect(created.identifier).toMatch(/^sendgrid-[0-9A-Za-z_-]+$/);
  });

  it('makes the first active email integration of an environment primary, not the next', async () => {
    const svc = client('Production');
    const first = await svc.integrations.create({
      providerId: 'sendgrid',
      channel: 'email',
      active: true,
    });
    const second = await svc.integrations.create({
      providerId: 'mailgun',
      channel: 'email',
      active: true,
    });
    expect([first.primary, second.primary]).toEqual([true, false]);
  });

  it('answers a duplicate identifier with ConflictError', async () => {
    const svc = client();
    await svc.integrations.create({ providerId: 'twilio', channel: 'sms', identifier: 'sms-1' });
    const error = await rejection(
      svc.integrations.create({ providerId: 'plivo', channel: 'sms', identifier: 'sms-1' }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).status).toBe(409);
    expect((error as ConflictError).message).toBe('Integration with identifier already exists');
  });

  it('answers a second svc-email integration with ConflictError', async () => {
    const error = await rejection(
      client().integrations.create({ providerId: 'svc-email', channel: 'email' }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(
      'Integration with svc provider for email channel already exists',
    );
  });

  it('answers another environment id with PermissionDeniedError', async () => {
    const error = await rejection(
      client().integrations.create({
        providerId: 'sendgrid',
        channel: 'email',
        _environmentId: prod()._id,
      }),
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).status).toBe(403);
  });

  it('answers a second in-app svc integration with BadRequestError', async () => {
    const error = await rejection(
      client().integrations.create({ providerId: 'svc', channel: 'in_app' }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe(
      'One environment can only have one In app provider',
    );
  });

  it('replays the same idempotency key and refuses it for another body', async () => {
    const svc = client();
    const body = { providerId: 'postmark', channel: 'email' } as const;
    const first = await svc.integrations.create(body, { idempotencyKey: 'create-1' });
    const replay = await svc.integrations
      .create(body, { idempotencyKey: 'create-1' })
      .withResponse();
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers.get('idempotency-replay')).toBe('true');
    expect(replay.data).toEqual(first);
    const postmarks = (await svc.integrations.list()).filter((i) => i.providerId === 'postmark');
    expect(postmarks).toHaveLength(1);
    const error = await rejection(
      svc.integrations.create({ ...body, name: 'Other' }, { idempotencyKey: 'create-1' }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
  });

  it('retries a create whose response was lost and gets the replay, creating once', async () => {
    let attempts = 0;
    const flaky: typeof fetch = async (input, init) => {
      attempts++;
      const response = await fetch(input, init);
      // The engine acted, but the caller never sees the answer: a dropped connection.
      if (attempts === 1) throw new TypeError('fetch failed: socket hang up');
      return response;
    };
    const svc = client('Development', { fetch: flaky, maxRetries: 2 });
    const created = await svc.integrations
      .create({ providerId: 'resend', channel: 'email' })
      .withResponse();
    expect(attempts).toBe(2);
    expect(created.response.headers.get('idempotency-replay')).toBe('true');
    const resends = (await client().integrations.list()).filter((i) => i.providerId === 'resend');
    expect(resends.map((i) => i._id)).toEqual([created.data._id]);
  });
});

describe('integrations.list', () => {
  it("lists the organization's integrations of every environment, not another organization's", async () => {
    const other = engine.createOrganization({ name: 'Other' });
    const otherEnvironment = other.environments[0];
    if (!otherEnvironment) throw new Error('no environment');
    await client(otherEnvironment._id).integrations.create({
      providerId: 'twilio',
      channel: 'sms',
    });
    const integrations = await client().integrations.list();
    expect(new Set(integrations.map((i) => i._environmentId))).toEqual(
      new Set([dev()._id, prod()._id]),
    );
    expect(integrations.some((i) => i.providerId === 'twilio')).toBe(false);
  });
});

describe('integrations.setPrimary', () => {
  it('moves primary within the environment and channel, answering 200', async () => {
    const svc = client();
    const before = (await svc.integrations.list()).find((i) => i.providerId === 'svc-email');
    expect(before?.primary).toBe(true);
    const sendgrid = await svc.integrations.create({ providerId: 'sendgrid', channel: 'email' });
    const result = await svc.integrations.setPrimary(sendgrid._id ?? '').withResponse();
    expect(result.response.status).toBe(200);
    expect(result.data).toMatchObject({ _id: sendgrid._id, primary: true, active: true });
    const emails = (await svc.integrations.list()).filter(
      (i) => i.channel === 'email' && i._environmentId === dev()._id,
    );
    expect(emails.filter((i) => i.primary).map((i) => i._id)).toEqual([sendgrid._id]);
  });

  it('answers an unknown id with NotFoundError', async () => {
    const error = await rejection(client().integrations.setPrimary('ffffffffffffffffffffffff'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe(
      'Integration with id ffffffffffffffffffffffff not found',
    );
  });

  it('answers an in-app integration with BadRequestError', async () => {
    const inApp = (await client().integrations.list()).find((i) => i.channel === 'in_app');
    const error = await rejection(client().integrations.setPrimary(inApp?._id ?? ''));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe('Channel in_app does not support primary');
  });

  it('answers a malformed id with the command validation 422', async () => {
    const error = await rejection(client().integrations.setPrimary('xyz'));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).message).toBe(
      'Validation failed for SetIntegrationAsPrimaryCommand: integrationId: integrationId must be a mongodb id',
    );
  });
});

describe('integrations.listActive', () => {
  it('answers the active integrations typed, each with selected', async () => {
    const svc = client();
    await svc.integrations.create({ providerId: 'sendgrid', channel: 'email', active: true });
    const active = await svc.integrations.listActive();
    expect(active.map((integration) => [integration.providerId, integration.selected])).toEqual([
      ['svc', true],
      ['svc-email', true],
      ['sendgrid', false],
      ['svc', true],
    ]);
  });
});
