/**
 * The delivery providers' webhook formats, both ways: how the service's provider parsers read
 * what a provider posts (`getMessageId`, `parseEventBody`), and the payload a provider would
 * post for a status, which `engine.reportDelivery` and the control API build
 * (docs/behaviour/channels.md#delivery-webhooks).
 *
 * @module
 */

import type { DeliveryEventStatus } from '../../../src/schemas/delivery-webhook';

/** One event as the service's parser gives it. */
export interface ParsedDeliveryEvent {
  status: DeliveryEventStatus;
  date: string;
  externalId?: string;
  attempts?: number;
  response?: string;
  row: unknown;
}

/** What a report to build a provider payload from says. */
export interface DeliveryReport {
  status: DeliveryEventStatus;
  /** The provider's response text (`550 mailbox unavailable`). */
  response?: string | undefined;
}

export interface ProviderFormat {
  channel: 'email' | 'sms';
  /** The message identifier an event names. */
  idOf(item: Record<string, unknown>): unknown;
  /** The provider's event name of an item. */
  eventOf(item: Record<string, unknown>): unknown;
  /** Provider event name → the service's status. */
  statuses: Readonly<Record<string, DeliveryEventStatus>>;
  /** `attempts` and `response` read from `attempt` and `response` (most parsers); else absent. */
  withAttempts: boolean;
  /** The event's date: the item's own (SES, Brevo), else the time of the call. */
  dateOf?(item: Record<string, unknown>): string | undefined;
  /** A provider payload naming `messageId` with `event` (the inverse of the parser). */
  build(messageId: string, event: string, report: DeliveryReport, now: string): unknown;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function isoOf(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The formats of the providers whose parsers the service has, by `providerId`. */
export const PROVIDER_FORMATS: Readonly<Record<string, ProviderFormat>> = {
  sendgrid: {
    channel: 'email',
    idOf: (item) => item['id'],
    eventOf: (item) => item['event'],
    statuses: {
      open: 'opened',
      bounce: 'bounced',
      click: 'clicked',
      dropped: 'dropped',
      delivered: 'delivered',
    },
    withAttempts: true,
    build: (id, event, report) => [
      { id, event, attempt: '1', ...(report.response ? { response: report.response } : {}) },
    ],
  },
  postmark: {
    channel: 'email',
    idOf: (item) => item['MessageID'],
    eventOf: (item) => item['RecordType'],
    statuses: {
      Open: 'opened',
      Click: 'clicked',
      Delivery: 'delivered',
      Bounce: 'bounced',
      SpamComplaint: 'spam',
      SubscriptionChange: 'unsubscribed',
    },
    withAttempts: true,
    build: (id, event, report) => ({
      MessageID: id,
      RecordType: event,
      ...(report.response ? { response: report.response } : {}),
    }),
  },
  ses: {
    channel: 'email',
    idOf: (item) => objectOf(item['mail'])['messageId'],
    eventOf: (item) => item['eventType'],
    statuses: {
      Bounce: 'bounced',
      Complaint: 'complaint',
      Delivery: 'delivered',
      Send: 'sent',
      Reject: 'rejected',
      Open: 'opened',
      Click: 'clicked',
      DeliveryDelay: 'delayed',
    },
    withAttempts: false,
    dateOf: (item) => isoOf(objectOf(item['mail'])['timestamp']),
    build: (id, event, _report, now) => ({
      eventType: event,
      mail: { messageId: id, timestamp: now },
    }),
  },
  mailjet: {
    channel: 'email',
    idOf: (item) => item['MessageID'],
    eventOf: (item) => item['event'],
    statuses: {
      open: 'opened',
      bounce: 'bounced',
      click: 'clicked',
      sent: 'sent',
      blocked: 'blocked',
      spam: 'spam',
      unsub: 'unsubscribed',
    },
    withAttempts: true,
    build: (id, event, report) => [
      { MessageID: id, event, ...(report.response ? { response: report.response } : {}) },
    ],
  },
  sendinblue: {
    channel: 'email',
    idOf: (item) => item['message-id'],
    eventOf: (item) => item['event'],
    statuses: {
      opened: 'opened',
      uniqueOpened: 'opened',
      proxy_open: 'opened',
      request: 'delivered',
      delivered: 'delivered',
      complaint: 'delivered',
      hardBounce: 'bounced',
      softBounce: 'bounced',
      blocked: 'bounced',
      unsubscribed: 'bounced',
      click: 'clicked',
      invalid_email: 'dropped',
      error: 'dropped',
    },
    withAttempts: false,
    dateOf: (item) => isoOf(item['date']),
    build: (id, event, _report, now) => ({ 'message-id': id, id, event, date: now }),
  },
  twilio: {
    channel: 'sms',
    idOf: (item) => item['MessageSid'],
    eventOf: (item) => item['MessageStatus'],
    statuses: {
      accepted: 'accepted',
      queued: 'queued',
      sending: 'sending',
      sent: 'sent',
      failed: 'failed',
      delivered: 'delivered',
      undelivered: 'undelivered',
    },
    withAttempts: true,
    build: (id, event, report) => ({
      MessageSid: id,
      MessageStatus: event,
      ...(report.response ? { response: report.response } : {}),
    }),
  },
  plivo: {
    channel: 'sms',
    idOf: (item) => item['messageUuid'],
    eventOf: (item) => item['status'],
    statuses: {
      queued: 'queued',
      sent: 'sent',
      failed: 'failed',
      undelivered: 'undelivered',
      delivered: 'delivered',
      rejected: 'rejected',
    },
    withAttempts: true,
    build: (id, event, report) => ({
      messageUuid: id,
      status: event,
      ...(report.response ? { response: report.response } : {}),
    }),
  },
};

/** The most events one webhook call may carry (a provider batches; the engine bounds the work). */
export const MAX_WEBHOOK_EVENTS = 1_000;

const itemsOf = (body: unknown): unknown[] => (Array.isArray(body) ? body : [body]);

/**
 * The message identifiers a provider's payload names, in order (the service's `getMessageId`);
 * items without a text id are skipped.
 *
 * @example
 * ```ts
 * messageIdsOf(PROVIDER_FORMATS.sendgrid, [{ id: 'm-1', event: 'bounce' }]); // ['m-1']
 * ```
 */
export function messageIdsOf(format: ProviderFormat, body: unknown): string[] {
  const ids: string[] = [];
  for (const item of itemsOf(body)) {
    const id = textOf(format.idOf(objectOf(item)));
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/**
 * The event a payload reports for `messageId` (the service's `parseEventBody`): its first item
 * naming the message, with a status the provider's parser knows; else none.
 *
 * @example
 * ```ts
 * parseDeliveryEvent(PROVIDER_FORMATS.sendgrid, [{ id: 'm-1', event: 'bounce' }], 'm-1', now)?.status; // 'bounced'
 * ```
 */
export function parseDeliveryEvent(
  format: ProviderFormat,
  body: unknown,
  messageId: string,
  now: string,
): ParsedDeliveryEvent | undefined {
  const item = itemsOf(body)
    .map(objectOf)
    .find((candidate) => textOf(format.idOf(candidate)) === messageId);
  if (item === undefined) return undefined;
  const event = textOf(format.eventOf(item));
  const status = event === undefined ? undefined : format.statuses[event];
  if (status === undefined) return undefined;
  const parsed: ParsedDeliveryEvent = {
    status,
    date: format.dateOf?.(item) ?? now,
    externalId: messageId,
    row: item,
  };
  if (format.withAttempts) {
    const attempt = Number.parseInt(String(item['attempt'] ?? ''), 10);
    parsed.attempts = Number.isNaN(attempt) ? 1 : attempt;
    parsed.response = textOf(item['response']) ?? '';
  }
  return parsed;
}

/**
 * The provider's event name for a status (the first one its parser maps to it), or `undefined`
 * when the provider never reports that status.
 *
 * @example
 * ```ts
 * providerEventFor(PROVIDER_FORMATS.postmark, 'bounced'); // 'Bounce'
 * ```
 */
export function providerEventFor(
  format: ProviderFormat,
  status: DeliveryEventStatus,
): string | undefined {
  return Object.entries(format.statuses).find(([, mapped]) => mapped === status)?.[0];
}
