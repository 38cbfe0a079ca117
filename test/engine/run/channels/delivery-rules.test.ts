// What every channel step shares (mock-server/engine/run/channels/delivery.ts): execution details,
// integration selection, stored messages, the outbox entry, provider failures and channel results
// (docs/behaviour/runs.md#integration-selection, #channels; docs/fault-injection.md).
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../../mock-server/engine/engine';
import { createFaults } from '../../../../mock-server/engine/policy/faults';
import {
  addDetail,
  channelIntegration,
  channelOverrides,
  type DetailTarget,
  foldChannelResult,
  objectAt,
  selectIntegration,
  storedMessageFailed,
  storedPayload,
  text,
} from '../../../../mock-server/engine/run/channels/delivery';
import { DETAILS } from '../../../../mock-server/engine/run/detail-texts';
import {
  type EnvironmentData,
  executionDetail,
  type IntegrationRecord,
  type JobRecord,
  type MessageRecord,
} from '../../../../mock-server/engine/store/state';

type Seed = NonNullable<Parameters<typeof createMockEngine>[0]>['seed'];

const AT = '2026-01-01T00:00:00.000Z';

/** A detail target whose ids count up from `id1` and whose clock says AT. */
function target() {
  let next = 0;
  const job = { executionDetails: [] } as unknown as JobRecord;
  const scope = {
    ids: {
      objectId: () => {
        next += 1;
        return `id${next}`;
      },
    },
    iso: () => AT,
  };
  return { scope, job } as unknown as DetailTarget;
}

function integration(fields: Partial<IntegrationRecord> & { _id: string }): IntegrationRecord {
  return {
    _environmentId: 'env',
    _organizationId: 'org',
    name: fields._id,
    identifier: fields._id,
    providerId: 'sendgrid',
    channel: 'email',
    credentials: {},
    configurations: {},
    active: true,
    deleted: false,
    primary: false,
    priority: 0,
    conditions: [],
    createdAt: AT,
    updatedAt: AT,
    ...fields,
  } as IntegrationRecord;
}

const dataOf = (integrations: IntegrationRecord[]) => ({ integrations }) as EnvironmentData;
const idOf = (found: IntegrationRecord | undefined) => found?._id;

describe('addDetail: the detail a job records', () => {
  it('without raw or providerId the detail has raw null and no providerId key', () => {
    const context = target();
    addDetail(context, DETAILS.stepQueued);
    expect(context.job.executionDetails.map(executionDetail)).toStrictEqual([
      {
        _id: 'id1',
        createdAt: AT,
        status: 'Pending',
        detail: 'Step queued',
        source: 'Internal',
        isRetry: false,
        isTest: false,
        raw: null,
      },
    ]);
  });

  it('a job stores only what differs from most details; executionDetail fills in the rest, in order', () => {
    const context = target();
    addDetail(context, DETAILS.stepQueued);
    addDetail(context, DETAILS.messageSent, { providerId: 'svc' });
    addDetail(context, { ...DETAILS.messageSent, source: 'Payload' }, { raw: 'r' });
    expect(context.job.executionDetails).toStrictEqual([
      { _id: 'id1', createdAt: AT, status: 'Pending', detail: 'Step queued' },
      { _id: 'id2', createdAt: AT, status: 'Success', detail: 'Message sent', providerId: 'svc' },
      {
        _id: 'id3',
        createdAt: AT,
        status: 'Success',
        detail: 'Message sent',
        source: 'Payload',
        raw: 'r',
      },
    ]);
    expect(
      context.job.executionDetails.map((stored) => Object.keys(executionDetail(stored))),
    ).toStrictEqual([
      ['_id', 'createdAt', 'status', 'detail', 'source', 'isRetry', 'isTest', 'raw'],
      ['_id', 'createdAt', 'status', 'detail', 'source', 'isRetry', 'isTest', 'providerId', 'raw'],
      ['_id', 'createdAt', 'status', 'detail', 'source', 'isRetry', 'isTest', 'raw'],
    ]);
    expect(executionDetail(context.job.executionDetails[2] as never)).toMatchObject({
      source: 'Payload',
      raw: 'r',
    });
  });

  it('a text raw is kept as it is, any other raw is stored as JSON, providerId is kept', () => {
    const context = target();
    addDetail(context, DETAILS.messageSent, { providerId: 'sendgrid', raw: 'plain text' });
    addDetail(context, DETAILS.providerError, { raw: { errorId: 'x' } });
    addDetail(context, DETAILS.providerError, { raw: 0 });
    expect(context.job.executionDetails.map(executionDetail)).toStrictEqual([
      {
        _id: 'id1',
        createdAt: AT,
        status: 'Success',
        detail: 'Message sent',
        source: 'Internal',
        isRetry: false,
        isTest: false,
        providerId: 'sendgrid',
        raw: 'plain text',
      },
      {
        _id: 'id2',
        createdAt: AT,
        status: 'Failed',
        detail: 'Unexpected provider error',
        source: 'Internal',
        isRetry: false,
        isTest: false,
        raw: '{"errorId":"x"}',
      },
      {
        _id: 'id3',
        createdAt: AT,
        status: 'Failed',
        detail: 'Unexpected provider error',
        source: 'Internal',
        isRetry: false,
        isTest: false,
        raw: '0',
      },
    ]);
  });
});

describe('selectIntegration: which integration a single-message step uses', () => {
  it('only active, not deleted integrations of the step channel are candidates', () => {
    const data = dataOf([
      integration({ _id: 'inactive', primary: true, active: false, createdAt: '2026-01-05' }),
      integration({ _id: 'deleted', primary: true, deleted: true, createdAt: '2026-01-04' }),
      integration({ _id: 'sms', channel: 'sms', primary: true, createdAt: '2026-01-03' }),
      integration({ _id: 'primary', primary: true, createdAt: '2026-01-01' }),
    ]);
    expect(idOf(selectIntegration(data, 'email', {}))).toBe('primary');
    expect(idOf(selectIntegration(data, 'sms', {}))).toBe('sms');
    expect(idOf(selectIntegration(data, 'in_app', {}))).toBeUndefined();
  });

  it('an inactive or deleted integration is never picked, even when it is the only one', () => {
    expect(
      selectIntegration(
        dataOf([integration({ _id: 'a', primary: true, active: false })]),
        'email',
        {},
      ),
    ).toBeUndefined();
    expect(
      selectIntegration(
        dataOf([integration({ _id: 'a', primary: true, deleted: true })]),
        'email',
        {},
      ),
    ).toBeUndefined();
    expect(
      selectIntegration(
        dataOf([integration({ _id: 'a', primary: true, active: false, deleted: true })]),
        'email',
        {},
      ),
    ).toBeUndefined();
    expect(
      selectIntegration(
        dataOf([integration({ _id: 'a', channel: 'sms', primary: true })]),
        'email',
        {},
      ),
    ).toBeUndefined();
  });

  it('overrides.<channel>.integrationIdentifier names an active integration of the channel, or none', () => {
    const data = dataOf([
      integration({ _id: 'primary', primary: true, createdAt: '2026-01-01' }),
      integration({ _id: 'second', identifier: 'sendgrid-eu', createdAt: '2026-01-02' }),
      integration({ _id: 'third', identifier: 'sendgrid-us', createdAt: '2026-01-03' }),
      integration({ _id: 'off', identifier: 'off', active: false }),
      integration({ _id: 'smsy', identifier: 'smsy', channel: 'sms' }),
    ]);
    const named = (identifier: unknown) =>
      idOf(selectIntegration(data, 'email', { email: { integrationIdentifier: identifier } }));
    expect(named('sendgrid-eu')).toBe('second');
    expect(named('sendgrid-us')).toBe('third');
    expect(named('nope')).toBeUndefined();
    expect(named('off')).toBeUndefined();
    expect(named('smsy')).toBeUndefined();
    expect(named(5)).toBe('primary');
    expect(idOf(selectIntegration(data, 'email', { email: null }))).toBe('primary');
    expect(idOf(selectIntegration(data, 'email', { email: 'sendgrid-eu' }))).toBe('primary');
    expect(
      idOf(selectIntegration(data, 'email', { sms: { integrationIdentifier: 'sendgrid-eu' } })),
    ).toBe('primary');
  });

  it('email and sms take the primary even when a non-primary one is newer', () => {
    for (const channel of ['email', 'sms'] as const) {
      const data = dataOf([
        integration({ _id: 'primary', channel, primary: true, createdAt: '2026-01-01' }),
        integration({ _id: 'newer', channel, createdAt: '2026-01-09' }),
      ]);
      expect([channel, idOf(selectIntegration(data, channel, {}))]).toStrictEqual([
        channel,
        'primary',
      ]);
    }
  });

  it('email without a primary has no integration', () => {
    const data = dataOf([integration({ _id: 'plain' })]);
    expect(selectIntegration(data, 'email', {})).toBeUndefined();
  });

  it('in-app takes the newest active one; on equal dates the later listed wins', () => {
    const inApp = (id: string, createdAt: string) =>
      integration({ _id: id, channel: 'in_app', providerId: 'svc', createdAt });
    expect(
      idOf(
        selectIntegration(
          dataOf([
            inApp('old', '2026-01-01'),
            inApp('newest', '2026-01-09'),
            inApp('middle', '2026-01-05'),
          ]),
          'in_app',
          {},
        ),
      ),
    ).toBe('newest');
    expect(
      idOf(
        selectIntegration(
          dataOf([inApp('first', '2026-01-05'), inApp('second', '2026-01-05')]),
          'in_app',
          {},
        ),
      ),
    ).toBe('second');
  });

  it('of several primaries the newest wins', () => {
    const data = dataOf([
      integration({ _id: 'a', primary: true, createdAt: '2026-01-02' }),
      integration({ _id: 'b', primary: true, createdAt: '2026-01-07' }),
      integration({ _id: 'c', primary: true, createdAt: '2026-01-03' }),
    ]);
    expect(idOf(selectIntegration(data, 'email', {}))).toBe('b');
  });

  const tenantCondition = (operator: string, value: string, field = 'identifier') => [
    { children: [{ field, value, operator, on: 'tenant' }] },
  ];

  it('with a tenant, the first integration whose conditions match wins over the primary', () => {
    const data = dataOf([
      integration({ _id: 'unconditioned', createdAt: '2026-01-01' }),
      integration({ _id: 'other', conditions: tenantCondition('EQUAL', 'globex') } as never),
      integration({ _id: 'primary', primary: true, createdAt: '2026-01-02' }),
      integration({ _id: 'acme', conditions: tenantCondition('EQUAL', 'acme') } as never),
      integration({ _id: 'acme-2', conditions: tenantCondition('EQUAL', 'acme') } as never),
    ]);
    expect(idOf(selectIntegration(data, 'email', {}, { identifier: 'acme' }))).toBe('acme');
    expect(idOf(selectIntegration(data, 'email', {}, { identifier: 'globex' }))).toBe('other');
    expect(idOf(selectIntegration(data, 'email', {}, { identifier: 'initech' }))).toBe('primary');
  });

  it('without a tenant conditions are not judged, even ones an absent tenant would pass', () => {
    const data = dataOf([
      integration({ _id: 'not-acme', conditions: tenantCondition('NOT_EQUAL', 'acme') } as never),
      integration({ _id: 'primary', primary: true }),
    ]);
    expect(idOf(selectIntegration(data, 'email', {}))).toBe('primary');
    expect(idOf(selectIntegration(data, 'email', {}, { identifier: 'globex' }))).toBe('not-acme');
  });

  it('condition values are rendered against the tenant; one that cannot render is empty', () => {
    const data = dataOf([
      integration({
        _id: 'region',
        conditions: tenantCondition('EQUAL', '{{tenant.data.region}}', 'name'),
      } as never),
      integration({
        _id: 'broken',
        conditions: tenantCondition('EQUAL', '{{ tenant.name | nosuchfilter }}', 'data.code'),
      } as never),
      integration({ _id: 'primary', primary: true }),
    ]);
    expect(
      idOf(selectIntegration(data, 'email', {}, { name: 'eu', data: { region: 'eu', code: 'x' } })),
    ).toBe('region');
    expect(
      idOf(selectIntegration(data, 'email', {}, { name: 'us', data: { region: 'eu', code: '' } })),
    ).toBe('broken');
    expect(
      idOf(selectIntegration(data, 'email', {}, { name: 'us', data: { region: 'eu', code: 'x' } })),
    ).toBe('primary');
  });

  it('a conditioned integration only counts when it is an active one of the channel', () => {
    const data = dataOf([
      integration({
        _id: 'off',
        active: false,
        conditions: tenantCondition('EQUAL', 'acme'),
      } as never),
      integration({
        _id: 'sms',
        channel: 'sms',
        conditions: tenantCondition('EQUAL', 'acme'),
      } as never),
      integration({ _id: 'primary', primary: true }),
    ]);
    expect(idOf(selectIntegration(data, 'email', {}, { identifier: 'acme' }))).toBe('primary');
  });
});

describe('channelIntegration: the integration a chat or push channel sends through', () => {
  const push = (id: string, fields: Partial<IntegrationRecord> = {}) =>
    integration({ _id: id, channel: 'push', providerId: 'fcm', ...fields });

  it('the newest active integration of the channel and provider; the later listed on a tie', () => {
    const data = dataOf([
      push('old', { createdAt: '2026-01-01' }),
      push('newest', { createdAt: '2026-01-09' }),
      push('middle', { createdAt: '2026-01-05' }),
      push('off', { createdAt: '2026-01-10', active: false }),
      push('gone', { createdAt: '2026-01-10', deleted: true }),
      push('apns', { createdAt: '2026-01-10', providerId: 'apns' }),
      push('chat', { createdAt: '2026-01-10', channel: 'chat' }),
    ]);
    expect(idOf(channelIntegration(data, 'push', 'fcm'))).toBe('newest');
    expect(idOf(channelIntegration(data, 'push', 'apns'))).toBe('apns');
    expect(channelIntegration(data, 'push', 'expo')).toBeUndefined();
    expect(idOf(channelIntegration(data, 'chat', 'fcm'))).toBe('chat');
    expect(idOf(channelIntegration(dataOf([push('a'), push('b')]), 'push', 'fcm'))).toBe('b');
  });

  it('a channel naming an _integrationId takes only that one, when it is active', () => {
    const data = dataOf([
      push('old', { createdAt: '2026-01-01' }),
      push('newest', { createdAt: '2026-01-09' }),
      push('off', { active: false }),
    ]);
    expect(idOf(channelIntegration(data, 'push', 'fcm', 'old'))).toBe('old');
    expect(channelIntegration(data, 'push', 'fcm', 'off')).toBeUndefined();
    expect(channelIntegration(data, 'push', 'fcm', 'unknown')).toBeUndefined();
    expect(channelIntegration(data, 'push', 'apns', 'old')).toBeUndefined();
  });
});

describe('payload, overrides and channel results', () => {
  it('storedPayload drops attachments and otherwise returns the payload itself', () => {
    const plain = { name: 'Ada' };
    expect(storedPayload(plain)).toBe(plain);
    const withFiles = { name: 'Ada', attachments: [{ name: 'a.pdf' }] };
    expect(storedPayload(withFiles)).toStrictEqual({ name: 'Ada' });
    expect(withFiles.attachments).toStrictEqual([{ name: 'a.pdf' }]);
    expect(storedPayload({ attachments: undefined })).toStrictEqual({});
  });

  it('objectAt keeps a plain object and turns anything else into {}', () => {
    const value = { a: 1 };
    expect(objectAt(value)).toBe(value);
    expect(objectAt(null)).toStrictEqual({});
    expect(objectAt(undefined)).toStrictEqual({});
    expect(objectAt('text')).toStrictEqual({});
    expect(objectAt(5)).toStrictEqual({});
    expect(objectAt(['a'])).toStrictEqual({});
  });

  it('text keeps non-empty text and reads anything else, the empty text included, as missing', () => {
    expect(text('+15550100')).toBe('+15550100');
    expect(text(' ')).toBe(' ');
    expect(text('')).toBeUndefined();
    expect(text(null)).toBeUndefined();
    expect(text(5)).toBeUndefined();
    expect(text(['a'])).toBeUndefined();
  });

  it('channelOverrides puts overrides.<providerId> on top of overrides.<channel>', () => {
    expect(
      channelOverrides(
        {
          email: { cc: ['a@x.io'], from: 'a@x.io' },
          sendgrid: { from: 'b@x.io' },
          sms: { to: '1' },
        },
        'email',
        'sendgrid',
      ),
    ).toStrictEqual({ cc: ['a@x.io'], from: 'b@x.io' });
    expect(channelOverrides({ email: ['x'], sendgrid: 'y' }, 'email', 'sendgrid')).toStrictEqual(
      {},
    );
  });

  it('any success wins, else any skipped, else failed', () => {
    const results = ['success', 'skipped', 'failed'] as const;
    const table = results.flatMap((current) =>
      results.map((next) => `${current}+${next}=${foldChannelResult(current, next)}`),
    );
    expect(table).toStrictEqual([
      'success+success=success',
      'success+skipped=success',
      'success+failed=success',
      'skipped+success=success',
      'skipped+skipped=skipped',
      'skipped+failed=skipped',
      'failed+success=success',
      'failed+skipped=skipped',
      'failed+failed=failed',
    ]);
  });
});

describe('storedMessageFailed: an injected failure on an already stored message', () => {
  function setup() {
    const state = {};
    const faults = createFaults();
    faults.bind(state as never);
    const context = { ...target(), scope: { ...target().scope, state } };
    const message = { channel: 'push', status: 'sent' } as MessageRecord;
    const fcm = integration({ _id: 'fcm', channel: 'push', providerId: 'fcm' });
    return { faults, context, message, fcm };
  }

  it('without a matching failure the message is left alone and false is returned', () => {
    const { faults, context, message, fcm } = setup();
    faults.addProviderFailure({ channel: 'push', providerId: 'apns' });
    faults.addProviderFailure({ channel: 'chat' });
    expect(storedMessageFailed(context as never, message, fcm)).toBe(false);
    expect(message).toStrictEqual({ channel: 'push', status: 'sent' });
    expect(context.job.executionDetails.map(executionDetail)).toStrictEqual([]);
  });

  it('a matching failure turns the message into an error and records the provider error', () => {
    const { faults, context, message, fcm } = setup();
    faults.addProviderFailure({ channel: 'push', times: 1, errorText: 'Token expired' });
    expect(storedMessageFailed(context as never, message, fcm)).toBe(true);
    expect(message).toStrictEqual({
      channel: 'push',
      status: 'error',
      errorId: 'push_unexpected_error',
      errorText: 'Token expired',
    });
    expect(context.job.executionDetails.map(executionDetail)).toStrictEqual([
      {
        _id: 'id1',
        createdAt: AT,
        status: 'Failed',
        detail: 'Unexpected provider error',
        source: 'Internal',
        isRetry: false,
        isTest: false,
        providerId: 'fcm',
        raw: '{"errorId":"push_unexpected_error","errorText":"Token expired"}',
      },
    ]);
    expect(storedMessageFailed(context as never, message, fcm)).toBe(false);
  });
});

// ---- Through the engine -------------------------------------------------------------------

function setup(seed: Seed = {}) {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
      ...seed,
    },
  });
  const context = engine.scope('Development');
  const trigger = (body: Record<string, unknown> = {}) =>
    engine.operations['events.trigger'](context, { body: { name: 'w', to: 'ada', ...body } });
  const jobs = () => context.data.notifications.flatMap((notification) => notification.jobs);
  const details = (index = 0) =>
    (jobs()[index]?.executionDetails ?? [])
      .map(executionDetail)
      .map(({ _id, createdAt, ...rest }) => rest);
  const messages = () =>
    context.data.messages.map(({ _id, _environmentId, _organizationId, ...rest }) => rest);
  return { engine, context, trigger, jobs, details, messages };
}

const detail = (
  text: { detail: string; status: string },
  more: { providerId?: string; raw?: string | null } = {},
) => ({
  status: text.status,
  detail: text.detail,
  source: 'Internal',
  isRetry: false,
  isTest: false,
  ...(more.providerId === undefined ? {} : { providerId: more.providerId }),
  raw: more.raw ?? null,
});

const inAppWorkflow = (controlValues: Record<string, unknown>, tags: string[] = []) => ({
  workflows: [
    { workflowId: 'w', tags, steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues }] },
  ],
});

const emailWorkflow = (controlValues: Record<string, unknown>) => ({
  workflows: [
    { workflowId: 'w', steps: [{ type: 'email' as const, name: 'Mail', controlValues }] },
  ],
});

describe('a delivered message, its details and its outbox entry', () => {
  it('an in-app message is stored unread, unseen, unarchived, sent, with a copy of the tags', () => {
    const { context, trigger, jobs, messages } = setup(
      inAppWorkflow({ body: 'Hello' }, ['news', 'weekly']),
    );
    trigger({ payload: { n: 1, attachments: [] } });
    const [job] = jobs();
    const [notification] = context.data.notifications;
    const [workflow] = context.data.workflows;
    expect(messages()).toStrictEqual([
      {
        _templateId: workflow?._id,
        _messageTemplateId: job?.step._id,
        _notificationId: notification?._id,
        _subscriberId: notification?._subscriberId,
        _feedId: null,
        _jobId: job?._id,
        templateIdentifier: 'w',
        transactionId: notification?.transactionId,
        channel: 'in_app',
        read: false,
        seen: false,
        archived: false,
        deliveredAt: [AT],
        status: 'sent',
        cta: { type: 'redirect' },
        providerId: 'svc',
        payload: { n: 1 },
        overrides: {},
        tags: ['news', 'weekly'],
        createdAt: AT,
        updatedAt: AT,
        content: 'Hello',
      },
    ]);
    expect(context.data.messages[0]?.tags).not.toBe(workflow?.tags);
  });

  it('in-app records Message created and Message sent with its provider, no integration detail', () => {
    const { trigger, details, jobs } = setup(inAppWorkflow({ body: 'Hello' }));
    trigger();
    expect(details()).toStrictEqual([
      detail(DETAILS.stepQueued),
      detail(DETAILS.startSending),
      detail(DETAILS.messageCreated, { providerId: 'svc' }),
      detail(DETAILS.messageSent, { providerId: 'svc' }),
    ]);
    expect(jobs()[0]?.providerId).toBe('svc');
    expect(jobs()[0]?.status).toBe('completed');
  });

  it('email records Integration instance selected, Pending, with the integration as raw', () => {
    const { context, trigger, details } = setup(emailWorkflow({ subject: 'S', body: 'B' }));
    trigger();
    const email = context.data.integrations.find((entry) => entry.channel === 'email');
    expect(details()).toStrictEqual([
      detail(DETAILS.stepQueued),
      detail(DETAILS.startSending),
      detail(DETAILS.integrationSelected, {
        providerId: 'svc-email',
        raw: JSON.stringify({
          providerId: 'svc-email',
          identifier: email?.identifier,
          name: email?.name,
          _environmentId: email?._environmentId,
          _id: email?._id,
        }),
      }),
      detail(DETAILS.messageCreated, { providerId: 'svc-email' }),
      detail(DETAILS.messageSent, { providerId: 'svc-email' }),
    ]);
  });

  it('the outbox entry has a subject only when the message has one', () => {
    const { engine, context, trigger } = setup({
      workflows: [
        {
          workflowId: 'w',
          steps: [
            { type: 'in_app', name: 'Plain', controlValues: { body: 'A' } },
            { type: 'in_app', name: 'Titled', controlValues: { body: 'B', subject: 'T' } },
          ],
        },
      ],
    });
    trigger({ payload: { k: 'v' } });
    const [notification] = context.data.notifications;
    const [plain, titled] = context.data.messages;
    const integrationIdentifier = context.data.integrations.find(
      (entry) => entry.channel === 'in_app',
    )?.identifier;
    const common = {
      channel: 'in_app',
      environmentId: context.environment._id,
      subscriberId: 'ada',
      workflowId: 'w',
      transactionId: notification?.transactionId,
      notificationId: notification?._id,
      providerId: 'svc',
      integrationIdentifier,
    };
    expect(engine.outbox.list()).toStrictEqual([
      { ...common, messageId: plain?._id, content: 'A', payload: { k: 'v' }, sentAt: AT },
      {
        ...common,
        messageId: titled?._id,
        subject: 'T',
        content: 'B',
        payload: { k: 'v' },
        sentAt: AT,
      },
    ]);
  });

  it('a message-sent event is told to listeners, and not even counted when nobody listens', () => {
    const heard = setup(inAppWorkflow({ body: 'Hello' }));
    const events: { type: string }[] = [];
    heard.engine.events.subscribe((event) => events.push(event));
    heard.trigger();
    const [notification] = heard.context.data.notifications;
    expect(events.filter((event) => event.type === 'message-sent')).toStrictEqual([
      expect.objectContaining({
        type: 'message-sent',
        environmentId: heard.context.environment._id,
        channel: 'in_app',
        messageId: heard.context.data.messages[0]?._id,
        notificationId: notification?._id,
        transactionId: notification?.transactionId,
        subscriberId: 'ada',
        workflowId: 'w',
      }),
    ]);
    // Job statuses and sent messages are only built for listeners; the rest are counted anyway.
    const ungated = events.filter(
      (event) => event.type !== 'message-sent' && event.type !== 'job-status',
    ).length;
    const quiet = setup(inAppWorkflow({ body: 'Hello' }));
    const before = quiet.engine.events.lastSeq();
    quiet.trigger();
    expect(quiet.engine.events.lastSeq() - before).toBe(ungated);
  });
});

describe('no integration, tenants and provider failures', () => {
  it('no active in-app integration fails the job with the missing-integration detail', () => {
    const { context, trigger, details, jobs, messages } = setup(inAppWorkflow({ body: 'Hello' }));
    for (const entry of context.data.integrations) entry.active = false;
    trigger();
    expect(details()).toStrictEqual([
      detail(DETAILS.stepQueued),
      detail(DETAILS.startSending),
      detail(DETAILS.noActiveIntegration),
    ]);
    expect(jobs()[0]?.status).toBe('failed');
    expect(messages()).toStrictEqual([]);
  });

  it('the trigger tenant lets a tenant-conditioned email integration win over the primary', () => {
    const { context, engine, trigger, jobs } = setup({
      ...emailWorkflow({ subject: 'S', body: 'B' }),
      tenants: [{ identifier: 'acme', name: 'Acme' }],
      integrations: [
        {
          providerId: 'mailgun',
          channel: 'email',
          identifier: 'mailgun-acme',
          active: true,
          conditions: [
            { children: [{ field: 'identifier', value: 'acme', operator: 'EQUAL', on: 'tenant' }] },
          ],
        },
        {
          providerId: 'sendgrid',
          channel: 'email',
          identifier: 'not-acme',
          active: true,
          conditions: [
            {
              children: [
                { field: 'identifier', value: 'acme', operator: 'NOT_EQUAL', on: 'tenant' },
              ],
            },
          ],
        },
      ],
    });
    trigger({ tenant: 'acme' });
    trigger();
    expect(jobs().map((job) => job.providerId)).toStrictEqual(['mailgun', 'svc-email']);
    expect(engine.outbox.list().map((entry) => entry.integrationIdentifier)).toStrictEqual([
      'mailgun-acme',
      context.data.integrations.find((entry) => entry.providerId === 'svc-email')?.identifier,
    ]);
  });

  it('an injected email failure stores the message as an error and sends nothing', () => {
    const { engine, trigger, details, jobs, messages } = setup(
      emailWorkflow({ subject: 'S', body: '<p>B</p>' }),
    );
    engine.faults.addProviderFailure({ channel: 'email', times: 1, errorText: 'Mailbox full' });
    trigger();
    expect(jobs()[0]?.status).toBe('failed');
    expect(details().slice(3)).toStrictEqual([
      detail(DETAILS.messageCreated, { providerId: 'svc-email' }),
      detail(DETAILS.providerError, {
        providerId: 'svc-email',
        raw: JSON.stringify({ errorId: 'mail_unexpected_error', errorText: 'Mailbox full' }),
      }),
    ]);
    expect(messages()).toMatchObject([
      {
        channel: 'email',
        status: 'error',
        errorId: 'mail_unexpected_error',
        errorText: 'Mailbox full',
        content: '<p>B</p>',
        subject: 'S',
        email: 'ada@example.com',
      },
    ]);
    expect(engine.outbox.list()).toStrictEqual([]);
    trigger();
    expect(jobs()[1]?.status).toBe('completed');
    expect(messages()[1]?.status).toBe('sent');
  });

  it('an email without an address is stored as a warning and the job is canceled', () => {
    const { engine, context, trigger, details, jobs, messages } = setup(
      emailWorkflow({ subject: 'S', body: 'B' }),
    );
    const ada = context.data.subscribers.get('ada');
    if (ada) delete ada.email;
    trigger();
    expect(jobs()[0]?.status).toBe('canceled');
    expect(details().slice(3)).toStrictEqual([
      detail(DETAILS.messageCreated, { providerId: 'svc-email' }),
      detail(DETAILS.missingEmail, { providerId: 'svc-email' }),
    ]);
    expect(messages()).toMatchObject([
      {
        channel: 'email',
        status: 'warning',
        errorId: 'mail_unexpected_error',
        errorText: 'Subscriber does not have an email address',
        content: 'B',
        subject: 'S',
        overrides: {},
      },
    ]);
    expect('email' in (context.data.messages[0] ?? {})).toBe(false);
    expect(engine.outbox.list()).toStrictEqual([]);
  });
});
