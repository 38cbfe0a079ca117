/**
 * Retention: the activity an environment keeps (docs/security.md, "Caps and budgets"). The
 * service keeps activity for a plan-dependent window; the engine keeps notifications (with their
 * jobs), their messages, outbox entries and transaction ids for {@link RetentionOptions.maxAgeMs}
 * on the engine's clock and at most {@link RetentionOptions.maxNotifications} notifications per
 * environment, dropping the oldest first. It never drops a notification with work still ahead (a
 * job pending, queued, running or waiting on a delay or digest), one a digest is still collecting,
 * or one with an unread in-app message inside the age window.
 *
 * Enforced as writes happen (after each trigger), in passes: a pass runs once the environment
 * holds 10% more notifications than the cap, or every 1,000 triggers for the age window, so its
 * cost (one walk over the notifications) is shared by the triggers between passes.
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

const PASS_EVERY_TRIGGERS = 1_000;

const UNFINISHED = new Set(['pending', 'queued', 'running', 'delayed']);

const triggersSincePass = new WeakMap<EnvironmentData, number>();
const stuckOverCount = new WeakSet<EnvironmentData>();

function collectingIds(data: EnvironmentData): Set<string> {
  const ids = new Set<string>();
  for (const open of data.digests.values()) {
    ids.add(open.notificationId);
    for (const id of open.notificationIds) ids.add(id);
  }
  return ids;
}

/**
 * Counts a trigger in `data` and, when a pass is due, drops what retention allows; returns how
 * many notifications it dropped.
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
  const since = (triggersSincePass.get(data) ?? 0) + 1;
  const slack = Math.ceil(maxCount / 10);
  if (!isRetentionPassDue(count, maxCount, since, stuckOverCount.has(data))) {
    triggersSincePass.set(data, since);
    return 0;
  }
  triggersSincePass.set(data, 0);
  const cutoff = maxAge === false ? Number.NEGATIVE_INFINITY : now - maxAge;
  const collecting = collectingIds(data);
  const unreadInWindow = new Set<string>();
  for (const message of data.messages) {
    if (message.channel === 'in_app' && !message.read && Date.parse(message.createdAt) >= cutoff) {
      unreadInWindow.add(message._notificationId);
    }
  }
  let excess = count - maxCount;
  const dropped = new Set<string>();
  for (const notification of data.notifications) {
    const old = Date.parse(notification.createdAt) < cutoff;
    if (!old && excess <= 0) break;
    if (!droppable(notification, collecting, unreadInWindow)) continue;
    dropped.add(notification._id);
    excess -= 1;
  }
  if (dropped.size > 0) drop(state, data, dropped);
  if (data.notifications.length > maxCount + slack) stuckOverCount.add(data);
  else stuckOverCount.delete(data);
  return dropped.size;
}

/**
 * Whether a retention pass runs on this trigger: `count` notifications kept against the cap
 * `maxCount`, `since` triggers since the last pass, `stuck` when that pass could not get back
 * under the cap.
 *
 * @example
 * ```ts
 * isRetentionPassDue(1_200, 1_000, 1, false); // true: 10% past the cap
 * ```
 */
export function isRetentionPassDue(
  count: number,
  maxCount: number,
  since: number,
  stuck: boolean,
): boolean {
  const slack = Math.ceil(maxCount / 10);
  // Stuck past the cap (unread, pending), a pass per trigger would walk every notification each
  // time: the next waits for `slack` more triggers.
  const overCount = count > maxCount + slack && (!stuck || since >= slack);
  return overCount || since >= PASS_EVERY_TRIGGERS;
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
