import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine();
const prodKey = () => engine.environment('Production').apiKey;
const create = (body: unknown, key?: string) =>
  call('POST', '/v1/integrations', { body, ...(key ? { key } : {}) });

describe('default integrations and GET /v1/integrations', () => {
  it('gives every environment svc in-app and Development an active primary svc-email', async () => {
    const reply = await call('GET', '/v1/integrations');
    expect(reply.status).toBe(200);
    const dev = engine.environment('Development')._id;
    const prod = engine.environment('Production')._id;
    expect(
      reply.body.data.map((i: Record<string, unknown>) => [
        i['_environmentId'],
        i['providerId'],
        i['channel'],
        i['active'],
        i['primary'],
      ]),
    ).toEqual([
      [dev, 'svc', 'in_app', true, false],
      [dev, 'svc-email', 'email', true, true],
      [prod, 'svc', 'in_app', true, false],
    ]);
  });

  it("lists the organization's integrations (spec), credentials included", async () => {
    await create(
      { providerId: 'sendgrid', channel: 'email', credentials: { apiKey: 'SG.x' } },
      prodKey(),
    );
    const reply = await call('GET', '/v1/integrations');
    expect(reply.body.data).toHaveLength(4);
    expect(reply.body.data[3]).toMatchObject({
      providerId: 'sendgrid',
      credentials: { apiKey: 'SG.x' },
    });
  });
});

describe('POST /v1/integrations', () => {
  it('answers 201 with defaults: display name, slug-shortid identifier, inactive, not primary', async () => {
    const reply = await create({ providerId: 'sendgrid', channel: 'email' }, prodKey());
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({
      name: 'SendGrid',
      identifier: expect.stringMatching(/^sendgrid-[0-9A-Za-z_-]{9}$/),
      active: false,
      primary: false,
      priority: 0,
      deleted: false,
      conditions: [],
      _environmentId: engine.environment('Production')._id,
    });
    const unknown = await create({ providerId: 'acme-mail', channel: 'email' });
    expect(unknown.body.data.name).toBe('Acme-mail');
  });

  it('makes the first active email/sms integration primary, later ones take its priority', async () => {
    const first = await create({ providerId: 'twilio', channel: 'sms', active: true }, prodKey());
    expect(first.body.data).toMatchObject({ primary: true, priority: 1 });
    const second = await create({ providerId: 'plivo', channel: 'sms', active: true }, prodKey());
    expect(second.body.data).toMatchObject({ primary: false, priority: 1 });
    const list = (await call('GET', '/v1/integrations')).body.data;
    expect(list.find((i: { _id: string }) => i._id === first.body.data._id)).toMatchObject({
      primary: true,
      priority: 2,
    });
    const chat = await create({ providerId: 'slack', channel: 'chat', active: true }, prodKey());
    expect(chat.body.data.primary).toBe(false);
  });

  it('answers 409 for a duplicate identifier and a second svc-email', async () => {
    await create({ providerId: 'mailgun', channel: 'email', identifier: 'mg' });
    const duplicate = await create({ providerId: 'mailgun', channel: 'email', identifier: 'mg' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Integration with identifier already exists');
    const svcEmail = await create({ providerId: 'svc-email', channel: 'email' });
    expect(svcEmail.status).toBe(409);
    expect(svcEmail.body.message).toBe(
      'Integration with svc provider for email channel already exists',
    );
  });

  it('allows one svc in_app per environment', async () => {
    const reply = await create({ providerId: 'svc', channel: 'in_app' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('One environment can only have one In app provider');
  });

  it('answers 403 for another _environmentId and 422 for a bad body', async () => {
    const other = await create({
      providerId: 'mailgun',
      channel: 'email',
      _environmentId: engine.environment('Production')._id,
    });
    expect(other.status).toBe(403);
    const bad = await create({ providerId: 'mailgun', channel: 'fax' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.general.messages).toEqual([
      'channel must be one of the following values: in_app, email, sms, chat, push',
    ]);
    const missing = await create({ channel: 'email' });
    expect(missing.body.errors.general.messages).toEqual([
      'providerId should not be null or undefined',
    ]);
    const nullRequired = await create({ providerId: null, channel: 'email' });
    expect(nullRequired.body.errors.general.messages).toEqual([
      'providerId should not be null or undefined',
    ]);
  });

  it('takes null in an optional field as not given, as @IsOptional() does', async () => {
    const reply = await create(
      { providerId: 'sendgrid', channel: 'email', name: null, identifier: null, active: null },
      prodKey(),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({
      name: 'SendGrid',
      identifier: expect.stringMatching(/^sendgrid-/),
      active: false,
    });
  });
});

describe('POST /v1/integrations/{id}/set-primary', () => {
  const setPrimary = (id: string, key?: string) =>
    call('POST', `/v1/integrations/${id}/set-primary`, key ? { key } : {});

  it('answers 200 (spec), demotes the old primary, activates the target and recomputes priorities', async () => {
    const sendgrid = (await create({ providerId: 'sendgrid', channel: 'email' })).body.data;
    const mailgun = (await create({ providerId: 'mailgun', channel: 'email', active: true })).body
      .data;
    const reply = await setPrimary(sendgrid._id);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      active: true,
      primary: true,
      priority: 3,
      conditions: [],
    });
    const emails = (await call('GET', '/v1/integrations')).body.data.filter(
      (i: { channel: string; _environmentId: string }) => i.channel === 'email',
    );
    const byProvider = Object.fromEntries(
      emails.map((i: { providerId: string }) => [i.providerId, i]),
    );
    expect(byProvider['svc-email']).toMatchObject({ primary: false, priority: 2 });
    expect(byProvider['mailgun']).toMatchObject({ primary: false, priority: 1, _id: mailgun._id });
  });

  it('returns an already-primary integration unchanged', async () => {
    const svcEmail = (await call('GET', '/v1/integrations')).body.data[1];
    const reply = await setPrimary(svcEmail._id);
    expect(reply.body.data).toEqual(svcEmail);
  });

  it('answers 422 for a malformed id, 404 for an unknown one, 400 for other channels', async () => {
    const malformed = await setPrimary('xyz');
    expect(malformed.status).toBe(422);
    expect(malformed.body).toMatchObject({
      message:
        'Validation failed for SetIntegrationAsPrimaryCommand: integrationId: integrationId must be a mongodb id',
      ctx: {},
      errors: { integrationId: { messages: ['integrationId must be a mongodb id'], value: 'xyz' } },
    });
    const unknown = await setPrimary('0123456789abcdef01234567');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Integration with id 0123456789abcdef01234567 not found');
    const inApp = (await call('GET', '/v1/integrations')).body.data[0];
    const rejected = await setPrimary(inApp._id);
    expect(rejected.status).toBe(400);
    expect(rejected.body.message).toBe('Channel in_app does not support primary');
  });

  it("finds integrations anywhere in the organization, never another organization's", async () => {
    const prodSms = (await create({ providerId: 'twilio', channel: 'sms' }, prodKey())).body.data;
    expect((await setPrimary(prodSms._id)).status).toBe(200);
    const other = engine.createOrganization({ name: 'Other' });
    const otherKey = other.environments[0]?.apiKey ?? '';
    expect((await setPrimary(prodSms._id, otherKey)).status).toBe(404);
  });
});

describe('integration conditions', () => {
  const tenantIs = (value: string) => ({
    children: [{ field: 'identifier', value, operator: 'EQUAL', on: 'tenant' }],
  });

  it("stores the service's shape: children only, isNegated and type optional", async () => {
    const reply = await create({
      providerId: 'mailgun',
      channel: 'email',
      conditions: [tenantIs('acme')],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.conditions).toEqual([tenantIs('acme')]);
  });

  it('answers 400 for conditions whose children are not an array, and stores nothing', async () => {
    const before = (await call('GET', '/v1/integrations')).body.data.length;
    const reply = await create({
      providerId: 'mailgun',
      channel: 'email',
      conditions: [{ children: 'acme' }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      statusCode: 400,
      message: 'Integration validation failed: conditions.0.children: must be an array',
    });
    expect((await call('GET', '/v1/integrations')).body.data).toHaveLength(before);
  });
});
