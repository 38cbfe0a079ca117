/**
 * The inspector's messages: every stored message of an environment as its recipient would get
 * it (an email's envelope, subject and HTML; an SMS, chat or push text with its target), and
 * a subscriber's in-app inbox.
 *
 * @module
 */
import type { EngineScope } from '../../engine/engine';
import { findSubscriber, subscriberByObjectId } from '../../engine/resources/subscribers';
import type { EnvironmentData, MessageRecord } from '../../engine/store/state';
import { tables } from '../../engine/store/tables';
import { ServiceError } from '../../engine/wire/service-error';

const CHANNELS = ['in_app', 'email', 'sms', 'chat', 'push'];

/** Filters of the message list. */
export interface MessageFilter {
  channel?: string;
  subscriberId?: string;
  transactionId?: string;
  /** Default 100. */
  limit?: number;
}

/** Reads the message filters from a URL's query; bad values are a `TypeError` (a 400). */
export function messageFilter(url: URL): MessageFilter {
  const filter: MessageFilter = {};
  for (const [name, value] of url.searchParams) {
    if (name === 'environment' || value === '') continue;
    if (name === 'channel') {
      if (!CHANNELS.includes(value)) {
        throw new TypeError(`channel must be one of ${CHANNELS.join(', ')}`);
      }
      filter.channel = value;
    } else if (name === 'subscriberId' || name === 'transactionId') {
      filter[name] = value;
    } else if (name === 'limit') {
      const limit = Number(value);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
        throw new TypeError('limit must be a whole number from 1 to 500');
      }
      filter.limit = limit;
    } else {
      throw new TypeError(
        `Unknown message filter "${name}": use channel, subscriberId, transactionId, limit, environment`,
      );
    }
  }
  return filter;
}

const stringList = (value: unknown): string[] | undefined => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return undefined;
};

/**
 * An email's envelope as the provider would send it, from the overrides the message stores (the
 * trigger's `overrides.email` with `overrides.<providerId>` on top, docs/behaviour/runs.md#overrides):
 * `from` from them or the integration's credentials, `to` the recipient plus `overrides.to`,
 * `cc`/`bcc`/`replyTo`/`headers` from them (docs/inspector.md).
 */
function envelope(data: EnvironmentData, message: MessageRecord) {
  const overrides = message.overrides;
  const integration = tables.integrations.find(
    data,
    (item) => item.channel === 'email' && item.providerId === message.providerId && !item.deleted,
  );
  const credentials = integration?.credentials ?? {};
  const address = overrides['from'] ?? credentials['from'];
  const name = overrides['senderName'] ?? credentials['senderName'];
  const from =
    typeof address === 'string'
      ? typeof name === 'string' && name !== ''
        ? `${name} <${address}>`
        : address
      : null;
  const headers = overrides['headers'];
  return {
    from,
    to: [
      ...new Set([
        ...(message.email === undefined ? [] : [message.email]),
        ...(stringList(overrides['to']) ?? []),
      ]),
    ],
    cc: stringList(overrides['cc']) ?? [],
    bcc: stringList(overrides['bcc']) ?? [],
    replyTo: typeof overrides['replyTo'] === 'string' ? overrides['replyTo'] : null,
    headers:
      headers !== null && typeof headers === 'object' ? (headers as Record<string, unknown>) : {},
  };
}

/** A stored message as the inspector shows it. */
export function messageView(data: EnvironmentData, message: MessageRecord) {
  const subscriber = subscriberByObjectId(data, message._subscriberId);
  return {
    _id: message._id,
    channel: message.channel,
    subscriberId: subscriber?.subscriberId ?? null,
    transactionId: message.transactionId,
    workflowId: message.templateIdentifier ?? null,
    providerId: message.providerId ?? null,
    status: message.status,
    ...(message.errorText === undefined ? {} : { errorText: message.errorText }),
    createdAt: message.createdAt,
    subject: message.subject ?? null,
    content: structuredClone(message.content),
    read: message.read,
    seen: message.seen,
    archived: message.archived,
    ...(message.channel === 'email' ? { email: envelope(data, message) } : {}),
    target: {
      ...(message.phone === undefined ? {} : { phone: message.phone }),
      ...(message.directWebhookUrl === undefined ? {} : { webhookUrl: message.directWebhookUrl }),
      ...(message.deviceTokens === undefined ? {} : { deviceTokens: [...message.deviceTokens] }),
    },
    ...(message.channel === 'in_app'
      ? {
          inApp: {
            title: message.title ?? null,
            avatar: message.avatar ?? null,
            cta: structuredClone(message.cta),
            data: structuredClone(message.data ?? {}),
          },
        }
      : {}),
  };
}

/** A message as the inspector shows it. */
export type MessageView = ReturnType<typeof messageView>;

/** The environment's messages, newest first, filtered. */
export function messages(context: EngineScope, filter: MessageFilter): MessageView[] {
  const { data } = context;
  const subscriber =
    filter.subscriberId === undefined ? undefined : findSubscriber(data, filter.subscriberId);
  if (filter.subscriberId !== undefined && !subscriber) return [];
  const found: MessageView[] = [];
  const limit = filter.limit ?? 100;
  const stored = tables.messages.values(data);
  for (let index = stored.length - 1; index >= 0 && found.length < limit; index--) {
    const message = stored[index] as MessageRecord;
    if (filter.channel !== undefined && message.channel !== filter.channel) continue;
    if (subscriber && message._subscriberId !== subscriber._id) continue;
    if (filter.transactionId !== undefined && message.transactionId !== filter.transactionId) {
      continue;
    }
    found.push(messageView(data, message));
  }
  return found;
}

/** A subscriber's in-app inbox, newest first, with read, seen and archived state. */
export function inbox(context: EngineScope, subscriberId: string) {
  const subscriber = findSubscriber(context.data, subscriberId);
  if (!subscriber) throw ServiceError.http(404, `Subscriber ${subscriberId} not found`);
  const list = messages(context, { channel: 'in_app', subscriberId, limit: 500 });
  return {
    subscriberId,
    unread: list.filter((message) => !message.read).length,
    unseen: list.filter((message) => !message.seen).length,
    messages: list,
  };
}
