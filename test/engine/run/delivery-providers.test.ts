// The delivery providers' webhook formats as the service's parsers read them, and the webhook
// route's other refusals and bounds, through engine.operations (docs/behaviour/channels.md#delivery-webhooks).
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import {
  messageIdsOf,
  PROVIDER_FORMATS,
  parseDeliveryEvent,
  providerEventFor,
} from '../../../mock-server/engine/run/delivery-providers';
import { MAX_WEBHOOK_DETAILS } from '../../../mock-server/engine/run/delivery-webhooks';

const NOW = '2026-01-01T00:00:00.000Z';

describe('provider formats', () => {
  it.each([
    ['sendgrid', [{ id: 'm', event: 'open' }], 'opened'],
    ['postmark', { MessageID: 'm', RecordType: 'SpamComplaint' }, 'spam'],
    ['ses', { eventType: 'Complaint', mail: { messageId: 'm', timestamp: NOW } }, 'complaint'],
    ['mailjet', [{ MessageID: 'm', event: 'unsub' }], 'unsubscribed'],
    ['sendinblue', { 'message-id': 'm', event: 'hardBounce', date: NOW }, 'bounced'],
    ['twilio', { MessageSid: 'm', MessageStatus: 'undelivered' }, 'undelivered'],
    ['plivo', { messageUuid: 'm', status: 'rejected' }, 'rejected'],
  ])('%s: its payload names the message and its status', (providerId, body, status) => {
    const format = PROVIDER_FORMATS[providerId];
    if (format === undefined) throw new Error(providerId);
    expect(messageIdsOf(format, body)).toEqual(['m']);
    expect(parseDeliveryEvent(format, body, 'm', NOW)?.status).toBe(status);
  });

  it('skips an event its parser does not know, and items without an id', () => {
    const format = PROVIDER_FORMATS['sendgrid'];
    if (format === undefined) throw new Error('sendgrid');
    expect(parseDeliveryEvent(format, [{ id: 'm', event: 'processed' }], 'm', NOW)).toBeUndefined();
    expect(messageIdsOf(format, [{ event: 'open' }, 'text', null])).toEqual([]);
  });

  it('builds, for every status a provider reports, a payload its parser reads back', () => {
    for (const format of Object.values(PROVIDER_FORMATS)) {
      for (const status of new Set(Object.values(format.statuses))) {
        const event = providerEventFor(format, status) as string;
        const body = format.build('m', event, { status, response: 'r' }, NOW);
        expect(parseDeliveryEvent(format, body, 'm', NOW)?.status).toBe(status);
      }
    }
  });
});

function engineWith(integrations: Record<string, unknown>[]) {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada', email: 'ada@example.com', phone: '+15550001' }],
      integrations: integrations as never,
      workflows: [
        {
          workflowId: 'mail',
          steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 'S', body: 'B' } }],
        },
      ],
    },
  });
  const scope = engine.scope('Development');
  engine.operations['events.trigger'](scope, { body: { name: 'mail', to: 'ada' } });
  const track = (identifier: string, body: unknown) =>
    engine.operations['deliveryWebhooks.track'](scope, {
      params: {
        environmentId: scope.environment._id,
        integrationId:
          scope.data.integrations.find((integration) => integration.identifier === identifier)
            ?._id ?? identifier,
      },
      body: body as never,
    });
  return { engine, scope, track };
}

describe('deliveryWebhooks.track refusals and bounds', () => {
  it('answers 404 for a provider without a parser and for another channel', () => {
    const { track } = engineWith([
      {
        providerId: 'mailgun',
        channel: 'email',
        identifier: 'mailgun',
        active: true,
        primary: true,
        credentials: { apiKey: 'k' },
      },
      {
        providerId: 'slack',
        channel: 'chat',
        identifier: 'slack',
        active: true,
        credentials: { a: 'b' },
      },
    ]);
    expect(() => track('mailgun', {})).toThrow('Provider with mailgun can not handle webhooks');
    expect(() => track('slack', {})).toThrow('Handler for integration of slack was not found');
    expect(() => track('nope', {})).toThrow('Integration for nope was not found');
  });

  it('takes a provider id for the integration id, as the service does', () => {
    const { engine, track } = engineWith([
      {
        providerId: 'sendgrid',
        channel: 'email',
        identifier: 'sg',
        active: true,
        primary: true,
        credentials: { apiKey: 'k' },
      },
    ]);
    const id = engine.outbox.last({ channel: 'email' })?.messageId;
    expect(track('sendgrid', { id, event: 'click' })).toHaveLength(1);
  });

  it(`keeps at most ${MAX_WEBHOOK_DETAILS} webhook details on a job; the message still changes`, () => {
    const { engine, scope, track } = engineWith([
      {
        providerId: 'sendgrid',
        channel: 'email',
        identifier: 'sg',
        active: true,
        primary: true,
        credentials: { apiKey: 'k' },
      },
    ]);
    const id = engine.outbox.last({ channel: 'email' })?.messageId as string;
    const events = Array.from({ length: MAX_WEBHOOK_DETAILS + 5 }, () => ({ id, event: 'open' }));
    for (const event of events) track('sg', event);
    track('sg', { id, event: 'bounce' });
    const job = scope.data.notifications[0]?.jobs.find((item) => item.type === 'email');
    const webhook = job?.executionDetails.filter((detail) => detail.source === 'Webhook') ?? [];
    expect(webhook).toHaveLength(MAX_WEBHOOK_DETAILS);
    expect(scope.data.messages.find((message) => message._id === id)?.status).toBe('error');
  });

  it('engine.reportDelivery reports an SMS status through Twilio', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada', phone: '+15550001' }],
        integrations: [
          {
            providerId: 'twilio',
            channel: 'sms',
            identifier: 'twilio',
            active: true,
            primary: true,
            credentials: { accountSid: 'a', token: 't', from: '+15550000' },
          },
        ],
        workflows: [
          {
            workflowId: 'text',
            steps: [{ type: 'sms', name: 'Sms', controlValues: { body: 'B' } }],
          },
        ],
      },
    });
    const scope = engine.scope('Development');
    engine.operations['events.trigger'](scope, { body: { name: 'text', to: 'ada' } });
    const id = engine.outbox.last({ channel: 'sms' })?.messageId as string;
    expect(engine.reportDelivery(id, { status: 'undelivered' })[0]?.event.status).toBe(
      'undelivered',
    );
    const job = scope.data.notifications[0]?.jobs.find((item) => item.type === 'sms');
    expect(job?.executionDetails.at(-1)).toMatchObject({
      source: 'Webhook',
      status: 'Failed',
      detail: ' - (undelivered)',
    });
    expect(() => engine.reportDelivery(id, { status: 'nope' as never })).toThrow(TypeError);
  });
});
