/**
 * Retention: the activity an environment keeps (docs/security.md, "Caps and budgets"). The
 * service keeps activity for a plan-dependent window; the engine keeps notifications (with their
 * jobs), their messages, outbox entries and transaction ids for {@link RetentionOptions.maxAgeMs}
 * on the engine's clock and at most {@link RetentionOptions.maxNotifications} notifications per
 * environment, dropping the oldest first. It never drops a notification with work still ahead (a
 * job pending, queued, running or waiting on a delay or digest) or one a digest is still
 * collecting; one with an unread in-app message inside the age window is kept up to
 * {@link UNREAD_CEILING_FACTOR} times the cap.
 *
 * Enforced as writes happen (after each trigger), in passes: a pass runs once the environment
 * holds 10% more notifications than the cap, or every 1,000 new notifications for the age window,
 * so its cost (one walk over the notifications) is shared by the notifications between passes.
 *
 * @module
 */

import { journalAssign, journalDelete } from './journal';
import type { EngineState, EnvironmentData, NotificationRecord } from './state';

/**
 * How much activity an environment keeps.
 *
 * @example
 * ```ts
 * createMockEngine({ retention: { maxAgeMs: 24 * 60 * 60 * 1000, maxNotifications: 5_000 } });
 * ```
 */
export interface RetentionOptions {
  /** Age on the engine clock past which finished activity is dropped; `false` keeps any age. */
  maxAgeMs?: number | false;
  /** Notifications kept per environment (finished ones beyond it are dropped, oldest first). */
  maxNotifications?: number;
}

/**
 * The defaults: 7 days and 10,000 notifications per environment, more than a day's use of a test
 * or a team's shared server needs.
 *
 * @example
 * ```ts
 * DEFAULT_RETENTION.maxNotifications; // 10000
 * ```
 */
export const DEFAULT_RETENTION = {
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxNotifications: 10_000,
} as const;

const PASS_EVERY_NOTIFICATIONS = 1_000;

/**
 * How far past `maxNotifications` unread in-app messages inside the window keep their
 * notifications: beyond it the oldest finished notifications go, read or not, so an environment
 * that is sent far more than anyone reads still has a bounded footprint.
 */
export const UNREAD_CEILING_FACTOR = 3;

const UNFINISHED = new Set(['pending', 'queued', 'running', 'delayed']);

function collectingIds(data: EnvironmentData): Set<string> {
  const ids = new Set<string>();
  for (const open of data.digests.values()) {
    ids.add(open.notificationId);
    for (const id of open.notificationIds) ids.add(id);
  }
  return ids;
}

/**
 * Runs after a write that created notifications in `data` and, when a pass is due, drops what
 * retention allows; returns how many notifications it dropped.
 *
 * @example
 * ```ts
 * enforceRetention(scope.state, scope.data, scope.now(), { maxNotifications: 100 });
 * ```
 */
export function enforceRetention(
  state: EngineState,
  data: EnvironmentData,
  now: number,
  options: RetentionOptions = {},
): number {
  const maxAge = options.maxAgeMs ?? DEFAULT_RETENTION.maxAgeMs;
  const maxCount = options.maxNotifications ?? DEFAULT_RETENTION.maxNotifications;
  const count = data.notifications.length;
  const last = data.retentionPass ?? { count: 0, stuck: false };
  // Counted in notifications, not triggers: one broadcast can add thousands.
  const added = Math.max(0, count - last.count);
  if (!isRetentionPassDue(count, maxCount, added, last.stuck)) return 0;
  const cutoff = maxAge === false ? Number.NEGATIVE_INFINITY : now - maxAge;
  const { before, notBefore } = comparedTo(cutoff);
  const slack = Math.ceil(maxCount / 10);
  let excess = count - maxCount;
  const oldest = data.notifications[0];
  if (excess <= 0 && (oldest === undefined || !before(oldest.createdAt))) {
    // Under the cap with nothing past the age window: nothing to drop, no walk over the messages.
    journalAssign(data, 'retentionPass', { count, stuck: false });
    return 0;
  }
  const collecting = collectingIds(data);
  const unreadInWindow = new Set<string>();
  for (const message of data.messages) {
    if (message.channel === 'in_app' && !message.read && notBefore(message.createdAt)) {
      unreadInWindow.add(message._notificationId);
    }
  }
  const dropped = new Set<string>();
  for (const notification of data.notifications) {
    const old = before(notification.createdAt);
    if (!old && excess <= 0) break;
    if (!droppable(notification, collecting, unreadInWindow)) continue;
    dropped.add(notification._id);
    excess -= 1;
  }
  // Still past the ceiling: unread messages no longer hold their notifications (oldest first).
  let overCeiling = count - dropped.size - maxCount * UNREAD_CEILING_FACTOR;
  for (const notification of data.notifications) {
    if (overCeiling <= 0) break;
    if (dropped.has(notification._id) || !droppable(notification, collecting, EMPTY)) continue;
    dropped.add(notification._id);
    overCeiling -= 1;
  }
  if (dropped.size > 0) drop(state, data, dropped);
  journalAssign(data, 'retentionPass', {
    count: data.notifications.length,
    stuck: data.notifications.length > maxCount + slack,
  });
  return dropped.size;
}

const EMPTY: ReadonlySet<string> = new Set();

/** The length of `Date.prototype.toISOString()` for years 0 to 9999 (`2026-01-01T00:00:00.000Z`). */
const ISO_LENGTH = 24;

const isIsoText = (text: string) =>
  text.length === ISO_LENGTH && text.charCodeAt(ISO_LENGTH - 1) === 90 && text[10] === 'T';

/**
 * `createdAt < cutoff` and `createdAt >= cutoff` (as `Date.parse` reads it). A pass asks it of
 * every notification and message, so the engine's own timestamps (the `toISOString()` form,
 * which sorts as text in time order) are compared as text without being parsed; any other form
 * (a seeded date) is parsed.
 */
function comparedTo(cutoff: number): {
  before: (createdAt: string) => boolean;
  notBefore: (createdAt: string) => boolean;
} {
  const date = new Date(cutoff);
  const cutoffText = Number.isNaN(date.getTime()) ? '' : date.toISOString();
  if (!isIsoText(cutoffText)) {
    return {
      before: (createdAt) => Date.parse(createdAt) < cutoff,
      notBefore: (createdAt) => Date.parse(createdAt) >= cutoff,
    };
  }
  return {
    before: (createdAt) =>
      isIsoText(createdAt) ? createdAt < cutoffText : Date.parse(createdAt) < cutoff,
    notBefore: (createdAt) =>
      isIsoText(createdAt) ? createdAt >= cutoffText : Date.parse(createdAt) >= cutoff,
  };
}

/**
 * Whether a retention pass runs now: `count` notifications kept against the cap `maxCount`,
 * `added` notifications since the last pass, `stuck` when that pass could not get back under the
 * cap.
 *
 * @example
 * ```ts
 * isRetentionPassDue(1_200, 1_000, 1, false); // true: 10% past the cap
 * ```
 */
export function isRetentionPassDue(
  count: number,
  maxCount: number,
  added: number,
  stuck: boolean,
): boolean {
  const slack = Math.ceil(maxCount / 10);
  // Stuck past the cap (unread, pending), a pass per trigger would walk every notification each
  // time: the next waits for `slack` more notifications.
  const overCount = count > maxCount + slack && (!stuck || added >= slack);
  return overCount || added >= PASS_EVERY_NOTIFICATIONS;
}

function droppable(
  notification: NotificationRecord,
  collecting: ReadonlySet<string>,
  unreadInWindow: ReadonlySet<string>,
): boolean {
  if (collecting.has(notification._id) || unreadInWindow.has(notification._id)) return false;
  return !notification.jobs.some((job) => UNFINISHED.has(job.status));
}

function drop(state: EngineState, data: EnvironmentData, ids: ReadonlySet<string>): void {
  const transactions = new Set<string>();
  for (const id of ids) {
    const notification = data.notificationsById.get(id);
    if (notification) transactions.add(notification.transactionId);
    journalDelete(data.notificationsById, id);
  }
  journalAssign(
    data,
    'notifications',
    data.notifications.filter((notification) => !ids.has(notification._id)),
  );
  // A transaction id stays taken while a notification of it is kept.
  for (const notification of data.notifications) transactions.delete(notification.transactionId);
  if (transactions.size > 0) {
    const kept = new Set(data.transactionIds);
    for (const transactionId of transactions) kept.delete(transactionId);
    journalAssign(data, 'transactionIds', kept);
  }
  const messageIds = new Set<string>();
  for (const message of data.messages) {
    if (ids.has(message._notificationId)) messageIds.add(message._id);
  }
  if (messageIds.size > 0) {
    journalAssign(
      data,
      'messages',
      data.messages.filter((message) => !messageIds.has(message._id)),
    );
  }
  journalAssign(
    state,
    'outbox',
    state.outbox.filter((item) =>
      'channel' in item ? !ids.has(item.notificationId) : !messageIds.has(item.messageId),
    ),
  );
}
