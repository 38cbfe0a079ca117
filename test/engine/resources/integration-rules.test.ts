// Integrations engine-direct (mock-server/engine/resources/integrations.ts,
// docs/behaviour/integrations.md): display names, create defaults and refusals, conditions'
// shape, primary-on-create, the organization's list, set-primary and the default integrations.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import { providerDisplayName } from '../../../mock-server/engine/resources/integrations';
import { journaled } from '../../../mock-server/engine/store/journal';
import type { IntegrationRecord } from '../../../mock-server/engine/store/state';
import { httpRefusal, refusalOf } from '../helpers';

const START = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:01:00.000Z';
const ORG = '6955b900a087eaf30000000c';
const DEV = '6955b900a087eaf30000000d';
const PROD = '6955b900a087eaf300000010';
/** The ids the default integrations get (seed 1, clock at START). */
const DEV_INBOX = '6955b900a087eaf30000000e';
const DEV_EMAIL = '6955b900a087eaf30000000f';
const PROD_INBOX = '6955b900a087eaf300000011';

function setup() {
  const engine = createMockEngine({ deterministic: true }); // the ids above are seed 1's
  const dev = engine.scope('Development');
  const prod = engine.scope('Production');
  const { operations } = engine;
  const create = (body: unknown, context = dev) =>
    operations['integrations.create'](context, { body: body });
  const setPrimary = (id: string, context = dev) =>
    operations['integrations.setPrimary'](context, { params: { integrationId: id } });
  const stored = (id: string): IntegrationRecord => {
    const found = [...dev.data.integrations, ...prod.data.integrations].find((i) => i._id === id);
    if (!found) throw new Error(id);
    return found;
  };
  /** `[providerId, primary, priority, active]` of every listed integration, in order. */
  const ranks = () =>
    operations['integrations.list'](dev).map(
      (i) => [i.providerId, i.channel, i.primary, i.priority, i.active] as const,
    );
  return { engine, dev, prod, operations, create, setPrimary, stored, ranks };
}

function later(engine: MockEngine) {
  engine.clock.set(LATER);
}

describe('providerDisplayName', () => {
  it('gives every known provider the service display name', () => {
    const names = [
      'svc',
      'svc-email',
      'svc-sms',
      'svc-slack',
      'sendgrid',
      'mailgun',
      'mailjet',
      'mandrill',
      'postmark',
      'ses',
      'resend',
      'nodemailer',
      'sendinblue',
      'sparkpost',
      'twilio',
      'nexmo',
      'plivo',
      'sns',
      'telnyx',
      'messagebird',
      'fcm',
      'apns',
      'expo',
      'one-signal',
      'slack',
      'discord',
      'msteams',
      'mattermost',
    ].map((id) => [id, providerDisplayName(id)]);
    expect(Object.fromEntries(names)).toStrictEqual({
      svc: 'Svc Inbox',
      'svc-email': 'Svc Email',
      'svc-sms': 'Svc SMS',
      'svc-slack': 'Svc Slack',
      sendgrid: 'SendGrid',
      mailgun: 'Mailgun',
      mailjet: 'Mailjet',
      mandrill: 'Mandrill',
      postmark: 'Postmark',
      ses: 'SES',
      resend: 'Resend',
      nodemailer: 'Custom SMTP',
      sendinblue: 'Brevo',
      sparkpost: 'SparkPost',
      twilio: 'Twilio',
      nexmo: 'Nexmo',
      plivo: 'Plivo',
      sns: 'SNS',
      telnyx: 'Telnyx',
      messagebird: 'MessageBird',
      fcm: 'Firebase Cloud Messaging',
      apns: 'APNS',
      expo: 'Expo Push',
      'one-signal': 'OneSignal',
      slack: 'Slack',
      discord: 'Discord',
      msteams: 'MSTeams',
      mattermost: 'Mattermost',
    });
  });

  it('capitalises the first letter of an unknown provider id and keeps the rest', () => {
    expect(providerDisplayName('acme-mail')).toBe('Acme-mail');
    expect(providerDisplayName('zEta')).toBe('ZEta');
    expect(providerDisplayName('x')).toBe('X');
    expect(providerDisplayName('')).toBe('');
  });

  it('reads only its own table: a provider id named like an Object property is capitalised too', () => {
    expect(providerDisplayName('constructor')).toBe('Constructor');
    expect(providerDisplayName('toString')).toBe('ToString');
    expect(providerDisplayName('__proto__')).toBe('__proto__');
  });

  it('creates an integration whose provider id is an Object property name instead of throwing', () => {
    const { create } = setup();
    const created = create({ providerId: 'constructor', channel: 'chat' });
    expect([created.name, created.identifier.startsWith('constructor-')]).toStrictEqual([
      'Constructor',
      true,
    ]);
  });
});

describe('the default integrations', () => {
  it('gives every environment the svc in-app integration and Development an active primary svc-email', () => {
    const { operations, dev, prod } = setup();
    const base = {
      _organizationId: ORG,
      credentials: {},
      configurations: {},
      active: true,
      deleted: false,
      conditions: [],
      createdAt: START,
      updatedAt: START,
    };
    const expected = [
      {
        ...base,
        _id: DEV_INBOX,
        _environmentId: DEV,
        name: 'Svc Inbox',
        identifier: 'svc-inbox-F9V4PnIC2',
        providerId: 'svc',
        channel: 'in_app',
        primary: false,
        priority: 0,
      },
      {
        ...base,
        _id: DEV_EMAIL,
        _environmentId: DEV,
        name: 'Svc Email',
        identifier: 'svc-email-RbpIDgYmC',
        providerId: 'svc-email',
        channel: 'email',
        primary: true,
        priority: 1,
      },
      {
        ...base,
        _id: PROD_INBOX,
        _environmentId: PROD,
        name: 'Svc Inbox',
        identifier: 'svc-inbox-a8G3dtF-j',
        providerId: 'svc',
        channel: 'in_app',
        primary: false,
        priority: 0,
      },
    ];
    expect(operations['integrations.list'](dev)).toStrictEqual(expected);
    expect(operations['integrations.list'](prod)).toStrictEqual(expected);
  });
});

describe('createIntegration', () => {
  it('answers the stored record with every default filled in', () => {
    const { create, operations, dev } = setup();
    const created = create({ providerId: 'acme', channel: 'chat' });
    const expected = {
      _id: '6955b900a087eaf300000012',
      _environmentId: DEV,
      _organizationId: ORG,
      name: 'Acme',
      identifier: 'acme-PJhyxiwrx',
      providerId: 'acme',
      channel: 'chat',
      credentials: {},
      configurations: {},
      active: false,
      deleted: false,
      primary: false,
      priority: 0,
      conditions: [],
      createdAt: START,
      updatedAt: START,
    };
    expect(created).toStrictEqual(expected);
    expect(operations['integrations.list'](dev)[2]).toStrictEqual(expected);
  });

  it('keeps the given name, identifier, credentials, configurations, active and conditions', () => {
    const { create } = setup();
    const conditions = [
      {
        isNegated: false,
        type: 'BOOLEAN',
        value: 'AND',
        children: [{ field: 'identifier', value: 'acme', operator: 'EQUAL', on: 'tenant' }],
      },
    ];
    const created = create({
      providerId: 'slack',
      channel: 'chat',
      name: 'Team chat',
      identifier: 'team-chat',
      credentials: { apiKey: 'key-1' },
      configurations: { inboundWebhookEnabled: true },
      active: true,
      check: true,
      conditions,
    });
    expect(created).toMatchObject({
      name: 'Team chat',
      identifier: 'team-chat',
      credentials: { apiKey: 'key-1' },
      configurations: { inboundWebhookEnabled: true },
      active: true,
      primary: false,
      priority: 0,
    });
    expect(created.conditions).toStrictEqual(conditions);
  });

  it('derives the identifier from the slug of the given name', () => {
    const { create } = setup();
    expect(create({ providerId: 'acme', channel: 'push', name: 'My  Push!' }).identifier).toBe(
      'my-push-PJhyxiwrx',
    );
  });

  it('stores copies: changing the body afterwards changes nothing', () => {
    const { create, stored } = setup();
    const body = {
      providerId: 'acme',
      channel: 'chat',
      credentials: { apiKey: 'a' },
      conditions: [{ children: [{ field: 'f', value: 'v', operator: 'EQUAL', on: 'tenant' }] }],
    };
    const created = create(body);
    body.credentials.apiKey = 'b';
    created.credentials['apiKey'] = 'c';
    expect(stored(created._id).credentials).toStrictEqual({ apiKey: 'a' });
  });

  it('accepts the key environment as _environmentId and refuses any other with 403', () => {
    const { create } = setup();
    expect(
      create({ providerId: 'acme', channel: 'chat', _environmentId: DEV })._environmentId,
    ).toBe(DEV);
    expect(
      refusalOf(() => create({ providerId: 'b', channel: 'chat', _environmentId: PROD })),
    ).toStrictEqual(
      httpRefusal(
        403,
        'Forbidden',
        'API key authentication is scoped to a single environment and cannot target a different `_environmentId`.',
      ),
    );
  });

  it('refuses a second svc in-app integration with 400', () => {
    const { create, ranks } = setup();
    const before = ranks();
    expect(refusalOf(() => create({ providerId: 'svc', channel: 'in_app' }))).toStrictEqual(
      httpRefusal(400, 'Bad Request', 'One environment can only have one In app provider'),
    );
    expect(ranks()).toStrictEqual(before);
  });

  it('allows svc on another channel and another provider in-app next to the svc in-app one', () => {
    const { create } = setup();
    expect(create({ providerId: 'svc', channel: 'chat' }).providerId).toBe('svc');
    expect(create({ providerId: 'acme', channel: 'in_app' }).channel).toBe('in_app');
  });

  it('allows svc in-app when the only svc in-app is deleted, whatever else svc or in-app exists', () => {
    const { create, stored } = setup();
    create({ providerId: 'svc', channel: 'chat' });
    create({ providerId: 'acme', channel: 'in_app' });
    stored(DEV_INBOX).deleted = true;
    const created = create({ providerId: 'svc', channel: 'in_app' });
    expect([created.providerId, created.channel]).toStrictEqual(['svc', 'in_app']);
  });

  it('refuses a second svc-email or svc-sms with 409 naming the channel of the body', () => {
    const { create } = setup();
    expect(refusalOf(() => create({ providerId: 'svc-email', channel: 'email' }))).toStrictEqual(
      httpRefusal(
        409,
        'Conflict',
        'Integration with svc provider for email channel already exists',
      ),
    );
    expect(create({ providerId: 'svc-sms', channel: 'sms' }).providerId).toBe('svc-sms');
    expect(refusalOf(() => create({ providerId: 'svc-sms', channel: 'chat' }))).toStrictEqual(
      httpRefusal(409, 'Conflict', 'Integration with svc provider for chat channel already exists'),
    );
  });

  it('allows svc-email where none is stored (Production) or the stored one is deleted', () => {
    const { create, prod, stored } = setup();
    expect(create({ providerId: 'svc-email', channel: 'email' }, prod)._environmentId).toBe(PROD);
    stored(DEV_EMAIL).deleted = true;
    expect(create({ providerId: 'svc-email', channel: 'email' })._environmentId).toBe(DEV);
  });

  it('refuses an identifier in use in the environment with 409, and frees it on delete', () => {
    const { create, prod, stored } = setup();
    const first = create({ providerId: 'acme', channel: 'chat', identifier: 'mine' });
    expect(
      refusalOf(() => create({ providerId: 'b', channel: 'push', identifier: 'mine' })),
    ).toStrictEqual(httpRefusal(409, 'Conflict', 'Integration with identifier already exists'));
    expect(create({ providerId: 'b', channel: 'push', identifier: 'mine' }, prod).identifier).toBe(
      'mine',
    );
    stored(first._id).deleted = true;
    expect(create({ providerId: 'b', channel: 'push', identifier: 'mine' }).identifier).toBe(
      'mine',
    );
  });

  it('refuses a body that is not an object, or whose conditions are not an array, with 422', () => {
    const { create } = setup();
    expect(refusalOf(() => create(null)).status).toBe(422);
    expect(refusalOf(() => create([])).status).toBe(422);
    expect(
      refusalOf(() => create({ providerId: 'a', channel: 'chat', conditions: 'x' })).status,
    ).toBe(422);
    expect(
      refusalOf(() => create({ providerId: 'a', channel: 'chat', conditions: { children: [] } }))
        .status,
    ).toBe(422);
  });
});

describe('createIntegration: the conditions shape', () => {
  const refusal = (message: string) => httpRefusal(400, 'Bad Request', message);

  it('answers 400 for a condition that is not an object or has no children array', () => {
    const { create } = setup();
    const body = (conditions: unknown[]) => ({ providerId: 'a', channel: 'chat', conditions });
    const ok = { children: [] };
    expect(refusalOf(() => create(body([null])))).toStrictEqual(
      refusal('Integration validation failed: conditions.0.children: must be an array'),
    );
    expect(refusalOf(() => create(body([ok, []])))).toStrictEqual(
      refusal('Integration validation failed: conditions.1.children: must be an array'),
    );
    expect(refusalOf(() => create(body([ok, ok, 'x'])))).toStrictEqual(
      refusal('Integration validation failed: conditions.2.children: must be an array'),
    );
    expect(refusalOf(() => create(body([{}])))).toStrictEqual(
      refusal('Integration validation failed: conditions.0.children: must be an array'),
    );
    expect(refusalOf(() => create(body([{ children: 'x' }])))).toStrictEqual(
      refusal('Integration validation failed: conditions.0.children: must be an array'),
    );
    expect(refusalOf(() => create(body([{ children: { 0: {} } }])))).toStrictEqual(
      refusal('Integration validation failed: conditions.0.children: must be an array'),
    );
  });

  it('answers 400 for a child that is not an object, naming its index', () => {
    const { create } = setup();
    const child = { field: 'f', value: 'v', operator: 'EQUAL', on: 'tenant' };
    const body = (children: unknown[]) => ({
      providerId: 'a',
      channel: 'chat',
      conditions: [{ children: [] }, { children }],
    });
    expect(refusalOf(() => create(body([null])))).toStrictEqual(
      refusal('Integration validation failed: conditions.1.children.0: must be an object'),
    );
    expect(refusalOf(() => create(body([child, []])))).toStrictEqual(
      refusal('Integration validation failed: conditions.1.children.1: must be an object'),
    );
    expect(refusalOf(() => create(body([child, child, 'x'])))).toStrictEqual(
      refusal('Integration validation failed: conditions.1.children.2: must be an object'),
    );
  });

  it('checks the shape before the body rules (a shape error wins over a missing providerId)', () => {
    const { create } = setup();
    expect(refusalOf(() => create({ conditions: [{ children: [1] }] }))).toStrictEqual(
      refusal('Integration validation failed: conditions.0.children.0: must be an object'),
    );
  });

  it('accepts object children and leaves the rest to the body rules', () => {
    const { create } = setup();
    const children = [{ field: 'f', value: 'v', operator: 'EQUAL', on: 'tenant' }];
    expect(
      create({ providerId: 'a', channel: 'chat', conditions: [{ children }] }).conditions,
    ).toStrictEqual([{ children }]);
    expect(
      refusalOf(() =>
        create({ providerId: 'a', channel: 'chat', conditions: [{ children: [{}] }] }),
      ).status,
    ).toBe(422);
  });
});

describe('createIntegration: primary on create', () => {
  it('makes the first active sms integration primary with priority 1', () => {
    const { create } = setup();
    const created = create({ providerId: 'twilio', channel: 'sms', active: true });
    expect([created.primary, created.priority]).toStrictEqual([true, 1]);
  });

  it('leaves inactive email and active non-email/sms integrations out of the rule', () => {
    const { create, ranks } = setup();
    const inactive = create({ providerId: 'sendgrid', channel: 'email' });
    const chat = create({ providerId: 'slack', channel: 'chat', active: true });
    const push = create({ providerId: 'fcm', channel: 'push', active: true });
    const inApp = create({ providerId: 'acme', channel: 'in_app', active: true });
    for (const created of [inactive, chat, push, inApp]) {
      expect([created.primary, created.priority]).toStrictEqual([false, 0]);
    }
    expect(ranks().slice(0, 2)).toStrictEqual([
      ['svc', 'in_app', false, 0, true],
      ['svc-email', 'email', true, 1, true],
    ]);
  });

  it('gives the new one the primary priority and moves the active primary up by one', () => {
    const { engine, create, stored } = setup();
    later(engine);
    const created = create({ providerId: 'sendgrid', channel: 'email', active: true });
    expect(created).toMatchObject({ primary: false, priority: 1, createdAt: LATER });
    expect(stored(DEV_EMAIL)).toMatchObject({ primary: true, priority: 2, updatedAt: LATER });
  });

  it('becomes primary with the next priority when the highest active one is not primary', () => {
    const { engine, create, stored } = setup();
    stored(DEV_EMAIL).primary = false;
    later(engine);
    const created = create({ providerId: 'sendgrid', channel: 'email', active: true });
    expect([created.primary, created.priority]).toStrictEqual([true, 2]);
    expect(stored(DEV_EMAIL)).toMatchObject({ primary: false, priority: 1, updatedAt: START });
  });

  it('compares with the highest-priority active integration of the same channel only', () => {
    const { create, stored, prod } = setup();
    const a = create({ providerId: 'a', channel: 'email', active: true }, prod);
    const b = create({ providerId: 'b', channel: 'email', active: true }, prod);
    expect([stored(a._id).priority, stored(b._id).priority]).toStrictEqual([2, 1]);
    // A stronger sms primary and an inactive email primary do not count for email.
    const sms = create({ providerId: 'twilio', channel: 'sms', active: true }, prod);
    stored(sms._id).priority = 9;
    const off = create({ providerId: 'off', channel: 'email' }, prod);
    Object.assign(stored(off._id), { primary: true, priority: 8 });
    const c = create({ providerId: 'c', channel: 'email', active: true }, prod);
    expect([c.primary, c.priority]).toStrictEqual([false, 2]);
    expect([stored(a._id).priority, stored(b._id).priority]).toStrictEqual([3, 1]);
    expect([stored(sms._id).priority, stored(off._id).priority]).toStrictEqual([9, 8]);
  });

  it('finds the highest priority wherever it is in insertion order', () => {
    const { create, setPrimary, stored, prod } = setup();
    const a = create({ providerId: 'a', channel: 'email', active: true }, prod);
    const b = create({ providerId: 'b', channel: 'email', active: true }, prod);
    setPrimary(b._id, prod);
    expect([stored(a._id).priority, stored(b._id).priority]).toStrictEqual([1, 2]);
    const c = create({ providerId: 'c', channel: 'email', active: true }, prod);
    expect([c.primary, c.priority]).toStrictEqual([false, 2]);
    expect([stored(a._id).priority, stored(b._id).priority]).toStrictEqual([1, 3]);
  });

  it('ignores a deleted primary', () => {
    const { create, stored } = setup();
    stored(DEV_EMAIL).deleted = true;
    const created = create({ providerId: 'sendgrid', channel: 'email', active: true });
    expect([created.primary, created.priority]).toStrictEqual([true, 1]);
    expect(stored(DEV_EMAIL).priority).toBe(1);
  });

  it('undoes the primary priority change when the operation around it fails', () => {
    const { engine, create, stored } = setup();
    later(engine);
    expect(() =>
      journaled(
        () => {
          create({ providerId: 'sendgrid', channel: 'email', active: true });
          throw new Error('boom');
        },
        () => {},
      ),
    ).toThrowError('boom');
    expect(stored(DEV_EMAIL)).toMatchObject({ primary: true, priority: 1, updatedAt: START });
  });
});

describe('listIntegrations', () => {
  it('lists the organization environment by environment, leaving deleted ones out', () => {
    const { create, operations, dev, prod, stored } = setup();
    const devChat = create({ providerId: 'a', channel: 'chat' });
    const prodChat = create({ providerId: 'b', channel: 'chat' }, prod);
    stored(DEV_EMAIL).deleted = true;
    const ids = operations['integrations.list'](prod).map((i) => i._id);
    expect(ids).toStrictEqual([DEV_INBOX, devChat._id, PROD_INBOX, prodChat._id]);
    expect(operations['integrations.list'](dev).map((i) => i._id)).toStrictEqual(ids);
  });

  it('answers copies', () => {
    const { operations, dev, stored } = setup();
    const [first] = operations['integrations.list'](dev);
    if (!first) throw new Error('no integration');
    first.name = 'changed';
    expect(stored(first._id).name).toBe('Svc Inbox');
  });
});

describe('setPrimaryIntegration', () => {
  it('refuses an id that is not a mongodb id with 422', () => {
    const { setPrimary } = setup();
    expect(refusalOf(() => setPrimary('xyz'))).toStrictEqual({
      status: 422,
      message:
        'Validation failed for SetIntegrationAsPrimaryCommand: integrationId: integrationId must be a mongodb id',
      ctx: {},
      extra: {
        errors: {
          integrationId: { messages: ['integrationId must be a mongodb id'], value: 'xyz' },
        },
      },
    });
  });

  it('answers 404 for an unknown or deleted id, naming the id as given', () => {
    const { setPrimary, create, stored } = setup();
    const unknown = '6955B900A087EAF3000000FF';
    expect(refusalOf(() => setPrimary(unknown))).toStrictEqual(
      httpRefusal(404, 'Not Found', `Integration with id ${unknown} not found`),
    );
    const gone = create({ providerId: 'a', channel: 'email' });
    stored(gone._id).deleted = true;
    expect(refusalOf(() => setPrimary(gone._id))).toStrictEqual(
      httpRefusal(404, 'Not Found', `Integration with id ${gone._id} not found`),
    );
  });

  it('answers 400 for a channel other than email and sms', () => {
    const { setPrimary, create } = setup();
    expect(refusalOf(() => setPrimary(DEV_INBOX))).toStrictEqual(
      httpRefusal(400, 'Bad Request', 'Channel in_app does not support primary'),
    );
    const chat = create({ providerId: 'a', channel: 'chat' });
    expect(refusalOf(() => setPrimary(chat._id))).toStrictEqual(
      httpRefusal(400, 'Bad Request', 'Channel chat does not support primary'),
    );
    const push = create({ providerId: 'a', channel: 'push' });
    expect(refusalOf(() => setPrimary(push._id))).toStrictEqual(
      httpRefusal(400, 'Bad Request', 'Channel push does not support primary'),
    );
  });

  it('finds the id in upper case and in another environment of the organization', () => {
    const { engine, setPrimary, create, prod, stored } = setup();
    const devSms = create({ providerId: 'twilio', channel: 'sms' });
    const prodSms = create({ providerId: 'plivo', channel: 'sms' }, prod);
    later(engine);
    const answer = setPrimary(devSms._id.toUpperCase(), prod);
    expect(answer).toStrictEqual({
      ...devSms,
      active: true,
      primary: true,
      priority: 1,
      updatedAt: LATER,
    });
    expect(stored(devSms._id)).toStrictEqual(answer);
    expect(setPrimary(prodSms._id)._id).toBe(prodSms._id);
    expect(stored(prodSms._id)).toMatchObject({ primary: true, priority: 1 });
    // Each environment keeps its own primary.
    expect(stored(devSms._id)).toMatchObject({ primary: true, priority: 1 });
  });

  it('answers an integration that is already primary unchanged', () => {
    const { engine, setPrimary, create, prod, stored } = setup();
    const conditions = [
      { children: [{ field: 'f', value: 'v', operator: 'EQUAL', on: 'tenant' }] },
    ];
    const primary = create({ providerId: 'a', channel: 'email', active: true, conditions }, prod);
    const other = create({ providerId: 'b', channel: 'email', active: true }, prod);
    const before = [stored(primary._id), stored(other._id)].map((i) => structuredClone(i));
    later(engine);
    expect(setPrimary(primary._id)).toStrictEqual(before[0]);
    expect([stored(primary._id), stored(other._id)]).toStrictEqual(before);
  });

  it('demotes the active primary, activates the target, clears its conditions and ranks it first', () => {
    const { engine, setPrimary, create, stored } = setup();
    const conditions = [
      { children: [{ field: 'f', value: 'v', operator: 'EQUAL', on: 'tenant' }] },
    ];
    const a = create({ providerId: 'a', channel: 'email', active: true });
    const b = create({ providerId: 'b', channel: 'email', active: true });
    const target = create({ providerId: 'c', channel: 'email', conditions });
    // Priorities: svc-email 3 (primary), b 2, a 1; the target is inactive with 0.
    expect(
      [DEV_EMAIL, b._id, a._id].map((id) => [stored(id).primary, stored(id).priority]),
    ).toStrictEqual([
      [true, 3],
      [false, 2],
      [false, 1],
    ]);
    later(engine);
    const answer = setPrimary(target._id);
    expect(answer).toStrictEqual({
      ...target,
      active: true,
      primary: true,
      priority: 4,
      conditions: [],
      updatedAt: LATER,
    });
    expect(stored(DEV_EMAIL)).toMatchObject({ primary: false, priority: 3, updatedAt: LATER });
    expect(stored(b._id)).toMatchObject({ primary: false, priority: 2, updatedAt: START });
    expect(stored(a._id)).toMatchObject({ primary: false, priority: 1, updatedAt: START });
  });

  it('renumbers the other active ones by their order, leaving inactive, deleted and other channels', () => {
    const { setPrimary, create, stored, prod } = setup();
    const a = create({ providerId: 'a', channel: 'sms', active: true }, prod);
    const b = create({ providerId: 'b', channel: 'sms', active: true }, prod);
    const c = create({ providerId: 'c', channel: 'sms', active: true }, prod);
    const off = create({ providerId: 'off', channel: 'sms' }, prod);
    const gone = create({ providerId: 'gone', channel: 'sms', active: true }, prod);
    const email = create({ providerId: 'e', channel: 'email', active: true }, prod);
    Object.assign(stored(a._id), { priority: 10 });
    Object.assign(stored(b._id), { priority: 30 });
    Object.assign(stored(c._id), { priority: 20 });
    Object.assign(stored(off._id), { priority: 7 });
    Object.assign(stored(gone._id), { deleted: true, primary: true, priority: 50 });
    const target = create({ providerId: 't', channel: 'sms' }, prod);
    expect(setPrimary(target._id, prod).priority).toBe(4);
    expect([a, b, c, off, gone, email].map((i) => stored(i._id).priority)).toStrictEqual([
      1, 3, 2, 7, 50, 1,
    ]);
    expect([a, b, c, off, gone, email].map((i) => stored(i._id).primary)).toStrictEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('undoes every change when the operation around it fails', () => {
    const { engine, setPrimary, create, operations, dev } = setup();
    create({ providerId: 'a', channel: 'email', active: true });
    const target = create({ providerId: 'c', channel: 'email' });
    const before = operations['integrations.list'](dev);
    later(engine);
    expect(() =>
      journaled(
        () => {
          setPrimary(target._id);
          throw new Error('boom');
        },
        () => {},
      ),
    ).toThrowError('boom');
    expect(operations['integrations.list'](dev)).toStrictEqual(before);
  });

  it('leaves an inactive primary primary (only the active primary is demoted)', () => {
    const { setPrimary, create, stored, prod } = setup();
    const off = create({ providerId: 'off', channel: 'sms' }, prod);
    stored(off._id).primary = true;
    const target = create({ providerId: 't', channel: 'sms' }, prod);
    setPrimary(target._id, prod);
    expect(stored(off._id)).toMatchObject({ active: false, primary: true, updatedAt: START });
  });
});
