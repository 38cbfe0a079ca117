// Email steps (mock-server/engine/run/channels/email.ts, run/email-sanitize.ts): the mail the
// outbox records from the trigger's overrides, the missing address, content that cannot be
// rendered, and the HTML sanitiser's options (docs/behaviour/runs.md#overrides, #email).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockEngine } from '../../../../mock-server/engine/engine';
import type { StepDelivery } from '../../../../mock-server/engine/run/channels/delivery';
import { sendEmail } from '../../../../mock-server/engine/run/channels/email';
import { DETAILS } from '../../../../mock-server/engine/run/detail-texts';
import { sanitizeEmailHtml } from '../../../../mock-server/engine/run/email-sanitize';
import {
  executionDetail,
  type IntegrationRecord,
} from '../../../../mock-server/engine/store/state';

type Seed = NonNullable<Parameters<typeof createMockEngine>[0]>['seed'];

const AT = '2026-01-01T00:00:00.000Z';

function setup(controlValues: Record<string, unknown>, seed: Seed = {}) {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
      workflows: [{ workflowId: 'w', steps: [{ type: 'email', name: 'Mail', controlValues }] }],
      ...seed,
    },
  });
  const context = engine.scope('Development');
  const trigger = (body: Record<string, unknown> = {}) =>
    engine.operations['events.trigger'](context, { body: { name: 'w', to: 'ada', ...body } });
  const job = () => context.data.notifications[0]?.jobs[0];
  const details = () =>
    (job()?.executionDetails ?? [])
      .map(executionDetail)
      .map(({ _id, createdAt, isRetry, isTest, source, ...rest }) => rest);
  /** The outbox entries without the ids and fields every entry has. */
  const mails = () =>
    engine.outbox
      .list()
      .map(
        ({
          environmentId,
          subscriberId,
          workflowId,
          transactionId,
          notificationId,
          messageId,
          providerId,
          integrationIdentifier,
          payload,
          sentAt,
          channel,
          ...mail
        }) => mail,
      );
  const message = () => context.data.messages[0];
  return { engine, context, trigger, job, details, mails, message };
}

const plainMail = {
  email: 'ada@example.com',
  to: ['ada@example.com'],
  cc: [],
  bcc: [],
  customData: {},
  headers: {},
  subject: 'Hello Ada',
  content: '<p>Body</p>',
};

const mailControls = { subject: 'Hello {{subscriber.firstName}}', body: '<p>Body</p>' };
const adaSeed: Seed = {
  subscribers: [{ subscriberId: 'ada', email: 'ada@example.com', firstName: 'Ada' }],
};

/**
 * The raw of `Integration instance selected` for the email integration, as the service records
 * it: its `providerId`, `identifier`, `name`, `_environmentId` and `_id`.
 */
function selectedRaw(integrations: readonly IntegrationRecord[]): string {
  const email = integrations.find((entry) => entry.channel === 'email');
  return JSON.stringify({
    providerId: email?.providerId,
    identifier: email?.identifier,
    name: email?.name,
    _environmentId: email?._environmentId,
    _id: email?._id,
  });
}

describe('email: the mail the outbox records', () => {
  it('without overrides: the subscriber email in to, empty cc, bcc, customData and headers', () => {
    const { trigger, mails, message, job } = setup(mailControls, adaSeed);
    trigger();
    expect(mails()).toStrictEqual([plainMail]);
    expect(message()).toMatchObject({
      email: 'ada@example.com',
      subject: 'Hello Ada',
      content: '<p>Body</p>',
      overrides: {},
      status: 'sent',
    });
    expect(job()?.status).toBe('completed');
  });

  it('overrides.email gives to (deduplicated), cc, bcc, customData, headers, from, senderName, replyTo, subject and html', () => {
    const { trigger, mails, message } = setup(mailControls, adaSeed);
    const email = {
      to: ['b@example.com', 'ada@example.com', 5, 'b@example.com'],
      cc: 'c@example.com',
      bcc: ['d@example.com', null],
      customData: { campaign: 'spring' },
      headers: { 'X-Tag': 'a' },
      from: 'from@example.com',
      senderName: 'Acme',
      replyTo: 'reply@example.com',
      subject: 'Overridden',
      html: '<b>Over</b>',
      text: 'ignored text',
    };
    trigger({ overrides: { email } });
    expect(mails()).toStrictEqual([
      {
        email: 'ada@example.com',
        to: ['ada@example.com', 'b@example.com'],
        cc: ['c@example.com'],
        bcc: ['d@example.com'],
        customData: { campaign: 'spring' },
        headers: { 'X-Tag': 'a' },
        subject: 'Overridden',
        content: '<b>Over</b>',
        from: 'from@example.com',
        senderName: 'Acme',
        replyTo: 'reply@example.com',
      },
    ]);
    // The message keeps what was rendered, and the overrides it was sent with.
    expect(message()).toMatchObject({
      email: 'ada@example.com',
      subject: 'Hello Ada',
      content: '<p>Body</p>',
      overrides: email,
    });
  });

  it('text is the content when there is no html; overrides.<providerId> go on top, but not replyTo', () => {
    const { trigger, mails, message } = setup(mailControls, adaSeed);
    trigger({
      overrides: {
        email: { text: 'Plain text', from: 'a@example.com' },
        'svc-email': { from: 'p@example.com', replyTo: 'provider@example.com', senderName: 'P' },
      },
    });
    expect(mails()).toStrictEqual([
      {
        ...plainMail,
        content: 'Plain text',
        from: 'p@example.com',
        senderName: 'P',
      },
    ]);
    expect(message()?.overrides).toStrictEqual({
      text: 'Plain text',
      from: 'p@example.com',
      replyTo: 'provider@example.com',
      senderName: 'P',
    });
  });

  it('empty or wrongly typed overrides fall back to the defaults', () => {
    const { trigger, mails } = setup(mailControls, adaSeed);
    trigger({
      overrides: {
        email: {
          to: '',
          cc: 5,
          bcc: { a: 1 },
          customData: ['x'],
          headers: 'X-Tag: a',
          from: '',
          senderName: '',
          replyTo: '',
          subject: '',
          html: '',
          text: '',
          toRecipient: '',
        },
      },
    });
    expect(mails()).toStrictEqual([plainMail]);
  });

  it('overrides that are not text are ignored', () => {
    const { trigger, mails } = setup(mailControls, adaSeed);
    trigger({
      overrides: {
        email: {
          from: 7,
          senderName: true,
          replyTo: 5,
          subject: 5,
          html: { b: 1 },
          text: ['x'],
          toRecipient: 5,
          cc: [5, 'c@example.com'],
        },
      },
    });
    expect(mails()).toStrictEqual([{ ...plainMail, cc: ['c@example.com'] }]);
  });

  it('a null customData or headers is {}', () => {
    const { trigger, mails } = setup(mailControls, adaSeed);
    trigger({ overrides: { email: { customData: null, headers: null, to: 'e@example.com' } } });
    expect(mails()).toStrictEqual([{ ...plainMail, to: ['ada@example.com', 'e@example.com'] }]);
  });

  it('from is the integration credentials from unless the overrides give one', () => {
    const { trigger, mails } = setup(mailControls, {
      ...adaSeed,
      integrations: [
        {
          providerId: 'sendgrid',
          channel: 'email',
          active: true,
          primary: true,
          credentials: { from: 'noreply@acme.io' },
        },
      ],
    });
    trigger();
    trigger({ overrides: { email: { from: 'x@example.com' } } });
    trigger({ overrides: { email: { from: '' } } });
    expect(mails().map((mail) => mail.from)).toStrictEqual([
      'noreply@acme.io',
      'x@example.com',
      'noreply@acme.io',
    ]);
  });

  it('overrides.email.toRecipient replaces the subscriber email', () => {
    const { trigger, mails, message } = setup(mailControls, adaSeed);
    trigger({ overrides: { email: { toRecipient: 'other@example.com' } } });
    expect(mails()).toStrictEqual([
      { ...plainMail, email: 'other@example.com', to: ['other@example.com'] },
    ]);
    expect(message()?.email).toBe('other@example.com');
  });

  it('overrides.<providerId>.toRecipient is not read', () => {
    const { trigger, mails } = setup(mailControls, adaSeed);
    trigger({ overrides: { 'svc-email': { toRecipient: 'other@example.com' } } });
    expect(mails()).toStrictEqual([plainMail]);
  });

  it('a subject that is not text is sent empty', () => {
    const { trigger, mails, message } = setup({ subject: 5, body: '<p>Body</p>' });
    trigger();
    expect(mails()).toStrictEqual([{ ...plainMail, subject: '' }]);
    expect(message()?.subject).toBe('');
  });
});

describe('email: no address, no integration, content that cannot be rendered', () => {
  it('without an address the rendered message is stored as a warning and the job canceled', () => {
    const { context, trigger, details, mails, message, job } = setup(mailControls, {
      subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }],
    });
    trigger({ overrides: { email: { cc: ['c@example.com'] } } });
    expect(job()?.status).toBe('canceled');
    expect(details().slice(2)).toStrictEqual([
      {
        status: 'Pending',
        detail: 'Integration instance selected',
        providerId: 'svc-email',
        raw: selectedRaw(context.data.integrations),
      },
      { status: 'Pending', detail: 'Message created', providerId: 'svc-email', raw: null },
      {
        status: 'Failed',
        detail: 'Subscriber missing email address',
        providerId: 'svc-email',
        raw: null,
      },
    ]);
    const {
      _id,
      _environmentId,
      _organizationId,
      _templateId,
      _messageTemplateId,
      _notificationId,
      _subscriberId,
      _jobId,
      transactionId,
      ...stored
    } = message() ?? {};
    expect(stored).toStrictEqual({
      _feedId: null,
      templateIdentifier: 'w',
      channel: 'email',
      read: false,
      seen: false,
      archived: false,
      deliveredAt: [AT],
      status: 'warning',
      cta: {},
      providerId: 'svc-email',
      payload: {},
      overrides: { cc: ['c@example.com'] },
      tags: [],
      createdAt: AT,
      updatedAt: AT,
      content: '<p>Body</p>',
      subject: 'Hello Ada',
      errorId: 'mail_unexpected_error',
      errorText: 'Subscriber does not have an email address',
    });
    expect(mails()).toStrictEqual([]);
  });

  it('without an active email integration the job fails before anything is stored', () => {
    const { context, trigger, details, message, job } = setup(mailControls);
    for (const entry of context.data.integrations) entry.active = false;
    trigger();
    expect(job()?.status).toBe('failed');
    expect(details().slice(2)).toStrictEqual([
      { status: 'Failed', detail: 'Subscriber does not have an active integration', raw: null },
    ]);
    expect(message()).toBeUndefined();
  });

  it('an unrenderable control selects the integration, stores the subject as written and no content', () => {
    const { context, trigger, details, mails, message, job } = setup({
      subject: 'Hi {{ subscriber.firstName | nosuchfilter }}',
      body: '<p>Body</p>',
    });
    trigger({ overrides: { email: { cc: ['c@example.com'] }, 'svc-email': { senderName: 'S' } } });
    expect(job()?.status).toBe('failed');
    const [queued, start, selected, failed, ...rest] = details();
    expect([queued?.detail, start?.detail, rest]).toStrictEqual([
      'Step queued',
      'Start sending message',
      [],
    ]);
    expect(selected).toStrictEqual({
      status: 'Pending',
      detail: 'Integration instance selected',
      providerId: 'svc-email',
      raw: selectedRaw(context.data.integrations),
    });
    expect(failed?.status).toBe(DETAILS.messageContentNotGenerated.status);
    expect(failed?.detail).toBe('Message content could not be generated');
    expect('providerId' in (failed ?? {})).toBe(false);
    expect(JSON.parse(failed?.raw ?? 'null')).toStrictEqual({
      error: expect.stringContaining('nosuchfilter'),
      path: 'subject',
    });
    expect(message()).toMatchObject({
      channel: 'email',
      status: 'sent',
      providerId: 'svc-email',
      content: '',
      subject: 'Hi {{ subscriber.firstName | nosuchfilter }}',
      overrides: { cc: ['c@example.com'], senderName: 'S' },
      email: 'ada@example.com',
    });
    expect(mails()).toStrictEqual([]);
  });

  it('an unrenderable body stores an empty subject when the subject is not text, and no email without an address', () => {
    const { trigger, message } = setup(
      { subject: 5, body: '{{ payload.x | nosuchfilter }}' },
      { subscribers: [{ subscriberId: 'ada' }] },
    );
    trigger({ overrides: { email: { toRecipient: '' } } });
    const stored = message();
    expect(stored?.subject).toBe('');
    expect(stored?.content).toBe('');
    expect(stored !== undefined && 'email' in stored).toBe(false);
  });

  it('an unrenderable control uses overrides.email.toRecipient as the stored email', () => {
    const { trigger, message } = setup({ subject: '{{ x | nosuchfilter }}', body: 'B' });
    trigger({ overrides: { email: { toRecipient: 'other@example.com' } } });
    expect(message()?.email).toBe('other@example.com');
  });

  it('an unrenderable control without an integration fails on the integration alone', () => {
    const { context, trigger, details, message, job } = setup({
      subject: '{{ x | nosuchfilter }}',
      body: 'B',
    });
    for (const entry of context.data.integrations) entry.active = false;
    trigger();
    expect(job()?.status).toBe('failed');
    expect(details().slice(2)).toStrictEqual([
      { status: 'Failed', detail: 'Subscriber does not have an active integration', raw: null },
    ]);
    expect(message()).toBeUndefined();
  });
});

describe('sendEmail: the body it renders', () => {
  function delivery(controls: Record<string, unknown>) {
    let next = 0;
    const svcEmail = {
      _id: 'i1',
      identifier: 'svc-email-1',
      providerId: 'svc-email',
      channel: 'email',
      credentials: {},
      active: true,
      deleted: false,
      primary: true,
      conditions: [],
      createdAt: AT,
    } as unknown as IntegrationRecord;
    const messages: unknown[] = [];
    const outbox: unknown[] = [];
    const data = { integrations: [svcEmail], tenants: new Map(), messages };
    const context = {
      scope: {
        data,
        state: { outbox, data: new Map([['env', data]]) },
        environment: { _id: 'env', _organizationId: 'org' },
        ids: {
          objectId: () => {
            next += 1;
            return `id${next}`;
          },
        },
        iso: () => AT,
        events: { observed: false },
      },
      workflow: { _id: 'wf', workflowId: 'w', tags: [] },
      notification: {
        _id: 'n1',
        _subscriberId: 's1',
        transactionId: 't1',
        payload: {},
        overrides: {},
      },
      subscriber: { subscriberId: 'ada', email: 'ada@example.com' },
      job: {
        _id: 'j1',
        step: { _id: 'st1', controlValues: { subject: 'Raw {{x}}' } },
        executionDetails: [],
      },
      controls,
    } as unknown as StepDelivery;
    return { context, messages, outbox };
  }

  it('renders the body control as given when it is text, as JSON otherwise, empty when absent', () => {
    const seen: string[] = [];
    const render = (body: string) => {
      seen.push(body);
      return { ok: true as const, value: `<p>${body}</p>` };
    };
    expect(sendEmail(delivery({ subject: 'S', body: 'text' }).context, render)).toBe('completed');
    sendEmail(delivery({ subject: 'S', body: { type: 'doc' } }).context, render);
    sendEmail(delivery({ subject: 'S' }).context, render);
    sendEmail(delivery({ subject: 'S', body: null }).context, render);
    expect(seen).toStrictEqual(['text', '{"type":"doc"}', '', '']);
  });

  it('a body the renderer refuses stores the message without content and fails the step', () => {
    const { context, messages, outbox } = delivery({ subject: 'S', body: 'x' });
    expect(sendEmail(context, () => ({ ok: false, error: 'bad body', path: '' }))).toBe('failed');
    expect(context.job.executionDetails.map(({ detail, raw }) => [detail, raw])).toStrictEqual([
      [
        'Integration instance selected',
        '{"providerId":"svc-email","identifier":"svc-email-1","_id":"i1"}',
      ],
      ['Message content could not be generated', '{"error":"bad body"}'],
    ]);
    expect(messages).toMatchObject([
      { channel: 'email', content: '', subject: 'Raw {{x}}', email: 'ada@example.com' },
    ]);
    expect(outbox).toStrictEqual([]);
  });
});

describe('the email HTML sanitiser', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps style tags and style attributes as written, drops scripts and handlers', () => {
    expect(
      sanitizeEmailHtml(
        '<style>p { color: red }</style><p style="color: red" onclick="x()">Hi</p><script>alert(1)</script>',
      ),
    ).toBe('<style>p { color: red }</style><p style="color: red">Hi</p>');
    expect(sanitizeEmailHtml('<p style="}{">x</p>')).toBe('<p style="}{">x</p>');
  });

  it('keeps images with src, srcset, alt, title, width, height, loading and style', () => {
    expect(
      sanitizeEmailHtml(
        '<img src="a.png" srcset="a.png 1x" alt="A" title="T" width="10" height="5" loading="lazy" style="border: 0" onerror="x()" data-x="1">',
      ),
    ).toBe(
      '<img src="a.png" srcset="a.png 1x" alt="A" title="T" width="10" height="5" loading="lazy" style="border: 0" />',
    );
  });

  it("keeps the defaults' attributes, encodes text and drops javascript: links", () => {
    expect(
      sanitizeEmailHtml(
        '<a href="https://x.test/?a=1&b=2" target="_blank">a < b</a><a href="javascript:alert(1)">j</a>',
      ),
    ).toBe('<a href="https://x.test/?a=1&amp;b=2" target="_blank">a &lt; b</a><a>j</a>');
  });

  it('empty HTML stays empty and no vulnerable-tags warning is printed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(sanitizeEmailHtml('')).toBe('');
    expect(sanitizeEmailHtml('<style>b{}</style>')).toBe('<style>b{}</style>');
    expect(warn).not.toHaveBeenCalled();
  });
});
