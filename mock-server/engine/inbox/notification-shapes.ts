/**
 * The shapes the Inbox reads a stored in-app message in: the notification of the Inbox API
 * (`GET /v1/inbox/notifications`), the raw message its socket sends
 * (`notification_received { message }`), and the unread counts.
 *
 * @module
 */

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
 * The subscriber a notification is addressed to, as the Inbox API answers it (the fields its
 * message query populates; the socket sends the whole profile).
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
  /** Left out until first read; `null` after an unread. */
  readAt?: string | null;
  /** Left out until first seen. */
  firstSeenAt?: string | null;
  /** Left out until first archived; `null` after an unarchive. */
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
  lastReadDate?: string | null;
  firstSeenDate?: string;
  archivedAt?: string | null;
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
