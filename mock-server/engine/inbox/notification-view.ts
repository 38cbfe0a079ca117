/**
 * The two shapes the Inbox reads a stored in-app message in: the notification of the Inbox API
 * (`GET /v1/inbox/notifications`) and the raw message its socket sends
 * (`notification_received { message }`); and the unread and unseen counts.
 *
 * @module
 */

import { isCritical } from '../resources/preferences';
import type { EnvironmentData, MessageRecord, SubscriberRecord } from '../store/state';
import { workflowByObjectId } from '../store/workflow-index';

/**
 * A workflow's severity, as the Inbox shows and counts it.
 *
 * @example
 * ```ts
 * const severity: InboxSeverity = 'high';
 * ```
 */
export type InboxSeverity = 'high' | 'medium' | 'low' | 'none';

/**
 * The workflow of a notification, as the Inbox shows it.
 *
 * @example
 * ```ts
 * const workflow: InboxWorkflow = { id: '...', identifier: 'welcome', name: 'Welcome', critical: false, tags: [], severity: 'none' };
 * ```
 */
export interface InboxWorkflow {
  id: string;
  identifier: string;
  name: string;
  critical: boolean;
  tags: string[];
  severity: InboxSeverity;
}

/**
 * A redirect of a notification or an action.
 *
 * @example
 * ```ts
 * const redirect: InboxRedirect = { url: '/billing', target: '_self' };
 * ```
 */
export interface InboxRedirect {
  url: string;
  target?: string;
}

/**
 * A button of a notification.
 *
 * @example
 * ```ts
 * const primaryAction: InboxAction = { label: 'Open', isCompleted: false, redirect: { url: '/open' } };
 * ```
 */
export interface InboxAction {
  label: string;
  isCompleted: boolean;
  redirect?: InboxRedirect;
}

/**
 * The subscriber a notification is addressed to.
 *
 * @example
 * ```ts
 * const to: InboxSubscriber = { id: '64da...', subscriberId: 'user-1' };
 * ```
 */
export interface InboxSubscriber {
  id: string;
  subscriberId: string;
  firstName?: string;
  lastName?: string;
  avatar?: string;
  locale?: string;
  timezone?: string;
  email?: string;
  phone?: string;
  data?: Record<string, unknown>;
}

/**
 * A notification as the Inbox API answers it (the service's `InboxNotificationDto`).
 *
 * @example
 * ```ts
 * const { data } = await (await fetch(`${apiUrl}/v1/inbox/notifications`, { headers })).json();
 * const first: InboxNotification = data[0];
 * ```
 */
export interface InboxNotification {
  id: string;
  transactionId: string;
  subject?: string;
  body: string;
  to: InboxSubscriber;
  isRead: boolean;
  isSeen: boolean;
  isArchived: boolean;
  isSnoozed: boolean;
  snoozedUntil?: string | null;
  deliveredAt: string[];
  createdAt: string;
  readAt?: string | null;
  firstSeenAt?: string | null;
  archivedAt?: string | null;
  avatar?: string;
  primaryAction?: InboxAction;
  secondaryAction?: InboxAction;
  channelType: 'in_app';
  tags: string[];
  data?: Record<string, unknown>;
  redirect?: InboxRedirect;
  workflow?: InboxWorkflow;
  severity: InboxSeverity;
}

/**
 * A stored message as the service's socket sends it (`notification_received { message }`),
 * which the Inbox client maps itself.
 *
 * @example
 * ```ts
 * socket.on('notification_received', ({ message }: { message: InboxSocketMessage }) => console.log(message.content));
 * ```
 */
export interface InboxSocketMessage {
  _id: string;
  transactionId: string;
  content: string;
  subject?: string;
  read: boolean;
  seen: boolean;
  archived: boolean;
  snoozedUntil?: string;
  deliveredAt: string[];
  createdAt: string;
  lastReadDate?: string;
  firstSeenDate?: string;
  archivedAt?: string;
  channel: 'in_app';
  subscriber: { _id: string; subscriberId: string } & Record<string, unknown>;
  avatar?: string;
  cta: Record<string, unknown>;
  tags: string[];
  data?: Record<string, unknown>;
  workflow?: InboxWorkflow;
  severity: InboxSeverity;
}

/**
 * Unread notifications in total and by the workflow's severity.
 *
 * @example
 * ```ts
 * const counts: UnreadCount = { total: 2, severity: { high: 1, medium: 0, low: 0, none: 1 } };
 * ```
 */
export interface UnreadCount {
  total: number;
  severity: Record<InboxSeverity, number>;
}

function workflowOf(data: EnvironmentData, message: MessageRecord): InboxWorkflow | undefined {
  const workflow =
    message._templateId === null ? undefined : workflowByObjectId(data, message._templateId);
  if (workflow === undefined) return undefined;
  return {
    id: workflow._id,
    identifier: workflow.workflowId,
    name: workflow.name,
    critical: isCritical(workflow),
    tags: [...workflow.tags],
    severity: workflow.severity,
  };
}

/** The severity of a message: its workflow's, `none` without one. */
export function severityOf(data: EnvironmentData, message: MessageRecord): InboxSeverity {
  const workflow =
    message._templateId === null ? undefined : workflowByObjectId(data, message._templateId);
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

function subscriberOf(subscriber: SubscriberRecord): InboxSubscriber {
  const to: InboxSubscriber = { id: subscriber._id, subscriberId: subscriber.subscriberId };
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
    to: subscriberOf(subscriber),
    isRead: message.read,
    isSeen: message.seen,
    isArchived: message.archived,
    isSnoozed: snoozed,
    ...(snoozed ? { snoozedUntil: message.snoozedUntil } : {}),
    deliveredAt: [...message.deliveredAt],
    createdAt: message.createdAt,
    readAt: message.read ? (message.lastReadDate ?? null) : null,
    firstSeenAt: message.firstSeenDate ?? null,
    archivedAt: message.archivedAt ?? null,
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

/** The subscriber's in-app messages, in stored (`_id`, oldest first) order. */
export function inAppMessagesOf(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
): MessageRecord[] {
  return data.messages.filter(
    (message) => message.channel === 'in_app' && message._subscriberId === subscriber._id,
  );
}

/**
 * The counts the Inbox shows: messages neither archived nor snoozed that are unread (in total
 * and by severity), and those unseen.
 */
export function inboxCounts(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  now: number,
): { unreadCount: UnreadCount; unseenCount: number } {
  const unreadCount: UnreadCount = { total: 0, severity: { high: 0, medium: 0, low: 0, none: 0 } };
  let unseenCount = 0;
  for (const message of inAppMessagesOf(data, subscriber)) {
    if (message.archived || isSnoozed(message, now)) continue;
    if (!message.seen) unseenCount += 1;
    if (message.read) continue;
    unreadCount.total += 1;
    const severity = severityOf(data, message);
    unreadCount.severity[severity] = (unreadCount.severity[severity] ?? 0) + 1;
  }
  return { unreadCount, unseenCount };
}
