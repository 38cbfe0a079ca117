/**
 * A stored in-app message in the two shapes the Inbox reads (`notification-shapes.ts`): the
 * notification of the Inbox API and the raw message its socket sends.
 *
 * @module
 */

import { workflowSummary } from '../resources/preferences';
import type { EnvironmentData, MessageRecord, SubscriberRecord } from '../store/state';
import { workflowByObjectId } from '../store/workflow-index';
import type {
  InboxAction,
  InboxNotification,
  InboxRedirect,
  InboxSeverity,
  InboxSocketMessage,
  InboxSubscriber,
  InboxWorkflow,
} from './notification-shapes';

function workflowOf(data: EnvironmentData, message: MessageRecord): InboxWorkflow | undefined {
  const workflow = workflowByObjectId(data, message._templateId);
  if (workflow === undefined) return undefined;
  return workflowSummary(workflow);
}

/** The severity of a message: its workflow's, `none` without one. */
export function severityOf(data: EnvironmentData, message: MessageRecord): InboxSeverity {
  const workflow = workflowByObjectId(data, message._templateId);
  return workflow?.severity ?? 'none';
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function redirectOf(value: unknown): InboxRedirect | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { url, target } = value as { url?: unknown; target?: unknown };
  const href = text(url);
  if (href === undefined) return undefined;
  return typeof target === 'string' ? { url: href, target } : { url: href };
}

interface StoredCta {
  data?: unknown;
  action?: {
    status?: string;
    buttons?: { type?: string; content?: string; url?: string; target?: string }[];
    result?: { type?: string };
  };
}

function actionOf(cta: StoredCta, type: 'primary' | 'secondary'): InboxAction | undefined {
  const button = cta.action?.buttons?.find((candidate) => candidate.type === type);
  if (button === undefined) return undefined;
  const redirect = redirectOf(button);
  return {
    label: button.content ?? '',
    isCompleted: cta.action?.status === 'done' && cta.action.result?.type === type,
    ...(redirect === undefined ? {} : { redirect }),
  };
}

/** The whole profile, which the socket sends and the Inbox API's `to` (its DTO) does not. */
interface SocketSubscriber extends InboxSubscriber {
  locale?: string;
  timezone?: string;
  email?: string;
  phone?: string;
  data?: Record<string, unknown>;
}

/** The recipient as the service's socket sends it: the whole profile. */
function subscriberOf(subscriber: SubscriberRecord): SocketSubscriber {
  const to: SocketSubscriber = { id: subscriber._id, subscriberId: subscriber.subscriberId };
  for (const field of [
    'firstName',
    'lastName',
    'avatar',
    'locale',
    'timezone',
    'email',
    'phone',
  ] as const) {
    const value = subscriber[field];
    if (typeof value === 'string') to[field] = value;
  }
  if (subscriber.data) to.data = structuredClone(subscriber.data);
  return to;
}

/**
 * The recipient as the Inbox API answers it: the service's mapper reads only the fields its
 * message query populates (`_id firstName lastName avatar subscriberId`).
 */
function recipientOf(subscriber: SubscriberRecord): InboxSubscriber {
  const to: InboxSubscriber = { id: subscriber._id, subscriberId: subscriber.subscriberId };
  for (const field of ['firstName', 'lastName', 'avatar'] as const) {
    const value = subscriber[field];
    if (typeof value === 'string') to[field] = value;
  }
  return to;
}

/** A stored date as the mapper passes it: left out when never set, `null` once cleared. */
const stamp = <K extends string>(key: K, value: string | null | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string | null>>;

/** A message is snoozed while its `snoozedUntil` lies ahead of the clock. */
export function isSnoozed(message: MessageRecord, now: number): boolean {
  return message.snoozedUntil !== undefined && Date.parse(message.snoozedUntil) > now;
}

/**
 * A stored in-app message as the Inbox API lists it, rendered from what the in-app step stored
 * (`content`, `subject`, `avatar`, `cta`, `data`).
 */
export function toInboxNotification(
  data: EnvironmentData,
  message: MessageRecord,
  subscriber: SubscriberRecord,
  now: number,
): InboxNotification {
  const cta = message.cta as StoredCta;
  const primaryAction = actionOf(cta, 'primary');
  const secondaryAction = actionOf(cta, 'secondary');
  const redirect = redirectOf(cta.data);
  const workflow = workflowOf(data, message);
  const snoozed = isSnoozed(message, now);
  return {
    id: message._id,
    transactionId: message.transactionId,
    ...(message.subject === undefined ? {} : { subject: message.subject }),
    body: message.content,
    to: recipientOf(subscriber),
    isRead: message.read,
    isSeen: message.seen,
    isArchived: message.archived,
    isSnoozed: snoozed,
    ...(snoozed ? { snoozedUntil: message.snoozedUntil } : {}),
    deliveredAt: [...message.deliveredAt],
    createdAt: message.createdAt,
    ...stamp('readAt', message.lastReadDate),
    ...stamp('firstSeenAt', message.firstSeenDate),
    ...stamp('archivedAt', message.archivedAt),
    ...(message.avatar === undefined ? {} : { avatar: message.avatar }),
    ...(primaryAction === undefined ? {} : { primaryAction }),
    ...(secondaryAction === undefined ? {} : { secondaryAction }),
    channelType: 'in_app',
    tags: [...message.tags],
    ...(message.data === undefined ? {} : { data: structuredClone(message.data) }),
    ...(redirect === undefined ? {} : { redirect }),
    ...(workflow === undefined ? {} : { workflow }),
    severity: workflow?.severity ?? 'none',
  };
}

/** A stored in-app message as the service's socket sends it. */
export function toSocketMessage(
  data: EnvironmentData,
  message: MessageRecord,
  subscriber: SubscriberRecord,
  now: number,
): InboxSocketMessage {
  const workflow = workflowOf(data, message);
  const optional = <K extends keyof MessageRecord>(key: K) =>
    message[key] === undefined ? {} : { [key]: structuredClone(message[key]) };
  return {
    _id: message._id,
    transactionId: message.transactionId,
    content: message.content,
    ...optional('subject'),
    read: message.read,
    seen: message.seen,
    archived: message.archived,
    ...(isSnoozed(message, now) ? { snoozedUntil: message.snoozedUntil } : {}),
    deliveredAt: [...message.deliveredAt],
    createdAt: message.createdAt,
    ...optional('lastReadDate'),
    ...optional('firstSeenDate'),
    ...optional('archivedAt'),
    channel: 'in_app',
    subscriber: { ...subscriberOf(subscriber), _id: subscriber._id },
    ...optional('avatar'),
    cta: structuredClone(message.cta),
    tags: [...message.tags],
    ...optional('data'),
    ...(workflow === undefined ? {} : { workflow }),
    severity: workflow?.severity ?? 'none',
  } as InboxSocketMessage;
}
