/**
 * What a subscriber does to their notifications from the Inbox: read, unread, seen, archive,
 * unarchive, snooze, unsnooze, complete or revert an action, delete; one by one or in bulk. The
 * same stored messages the admin API lists (`GET /v1/messages`), so each view shows the other's
 * changes.
 *
 * @module
 */

import { type MessageInteraction, recordInteractions } from '../run/interaction-details';
import type { EngineScope } from '../scope';
import { isObjectId } from '../store/ids';
import type { MessageRecord, SubscriberRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { inAppMessagesOf } from './inbox-counts';
import { filterFromJson, type InboxFilter, matchesFilter } from './notification-filter';
import type { InboxNotification } from './notification-shapes';
import { isSnoozed, toInboxNotification } from './notification-view';

/** The longest snooze, in hours (the service's highest plan: 90 days). */
export const MAX_SNOOZE_HOURS = 90 * 24;
/** How far ahead a snooze must end at least (the service's DTO: 60 seconds). */
const SNOOZE_LEEWAY_MS = 60 * 1000;

/** The Inbox's one-notification actions. */
export type NotificationAction =
  | 'read'
  | 'unread'
  | 'archive'
  | 'unarchive'
  | 'unsnooze'
  | 'snooze'
  | 'complete'
  | 'revert';

/**
 * The command each action builds; a malformed notification id fails its validation (422, the
 * message under `errors.notificationId`).
 */
const COMMAND_OF: Record<NotificationAction | 'delete', string> = {
  read: 'MarkNotificationAsCommand',
  unread: 'MarkNotificationAsCommand',
  archive: 'MarkNotificationAsCommand',
  unarchive: 'MarkNotificationAsCommand',
  snooze: 'SnoozeNotificationCommand',
  unsnooze: 'UnsnoozeNotificationCommand',
  complete: 'UpdateNotificationActionCommand',
  revert: 'UpdateNotificationActionCommand',
  delete: 'DeleteNotificationCommand',
};

function checkedId(notificationId: string, action: NotificationAction | 'delete'): string {
  if (!isObjectId(notificationId)) {
    throw ServiceError.commandValidation(COMMAND_OF[action], {
      notificationId: { messages: ['notificationId must be a mongodb id'], value: notificationId },
    });
  }
  return notificationId.toLowerCase();
}

function findOwn(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  id: string,
): MessageRecord | undefined {
  const message = tables.messages.byId(scope.data, id);
  return message?.channel === 'in_app' && message._subscriberId === subscriber._id
    ? message
    : undefined;
}

/**
 * The subscriber's own in-app message with this id: 422 for an id that is no ObjectId, 404 for
 * one the subscriber does not hold (another subscriber's included).
 */
export function ownMessage(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  notificationId: string,
  action: NotificationAction | 'delete' = 'read',
): MessageRecord {
  const message = findOwn(scope, subscriber, checkedId(notificationId, action));
  if (!message) {
    throw ServiceError.http(404, `Notification with id: ${notificationId} is not found.`);
  }
  return message;
}

/** The subscriber's own snoozed message: the unsnooze usecase finds only a snoozed one (404). */
function snoozedMessage(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  notificationId: string,
): MessageRecord {
  const message = findOwn(scope, subscriber, checkedId(notificationId, 'unsnooze'));
  if (!message || !isSnoozed(message, scope.now())) {
    throw ServiceError.http(
      404,
      `Could not find a snoozed notification with id '${notificationId}'. ` +
        'The notification may not exist or may not be in a snoozed state.',
    );
  }
  return message;
}

function markRead(message: MessageRecord, at: string): void {
  message.read = true;
  message.lastReadDate = at;
  markSeen(message, at);
}

function markSeen(message: MessageRecord, at: string): void {
  message.seen = true;
  message.lastSeenDate = at;
  message.firstSeenDate ??= at;
}

/** Drops the pending end of a message's snooze (unsnoozed, deleted). */
function cancelSnoozeEnd(scope: EngineScope, messageId: string): void {
  const drop = (task: { kind: string; notificationId: string }) =>
    task.kind === 'end-snooze' && task.notificationId === messageId;
  if (!tables.scheduled.some(scope.state, drop)) return;
  scope.unschedule(drop);
}

function snoozeEnd(body: unknown, now: number): number {
  const value =
    body !== null && typeof body === 'object'
      ? (body as Record<string, unknown>)['snoozeUntil']
      : undefined;
  const at =
    typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
  if (Number.isNaN(at)) throw ServiceError.dtoValidation(['snoozeUntil must be a Date instance']);
  if (at - now < SNOOZE_LEEWAY_MS) {
    throw ServiceError.dtoValidation([
      `Snooze time must be at least ${SNOOZE_LEEWAY_MS / 1000} seconds in the future`,
    ]);
  }
  if (at - now > MAX_SNOOZE_HOURS * 60 * 60 * 1000) {
    throw new ServiceError(402, 'Snooze Duration Limit Exceeded', {
      ctx: {
        reason:
          'The snooze duration you selected exceeds your current plan limit. Please upgrade your plan for extended snooze durations.',
      },
    });
  }
  return at;
}

function actionTypeOf(body: unknown): 'primary' | 'secondary' {
  const value =
    body !== null && typeof body === 'object'
      ? (body as Record<string, unknown>)['actionType']
      : undefined;
  if (value !== 'primary' && value !== 'secondary') {
    throw ServiceError.dtoValidation([
      'actionType must be one of the following values: primary, secondary',
    ]);
  }
  return value;
}

function setActionStatus(
  message: MessageRecord,
  type: 'primary' | 'secondary',
  done: boolean,
): void {
  const cta = structuredClone(message.cta) as {
    action?: { status?: string; buttons?: { type?: string }[]; result?: Record<string, unknown> };
  };
  if (!cta.action?.buttons?.some((button) => button.type === type)) {
    throw ServiceError.http(
      400,
      `Could not perform action on the ${type} button because it does not exist.`,
    );
  }
  cta.action.status = done ? 'done' : 'pending';
  cta.action.result = { type, payload: {} };
  message.cta = cta as Record<string, unknown>;
}

/**
 * The interactions the service traces on the message's job for an action (its mark-many usecase:
 * `read`/`unread` from the command's `read`, `archived`/`unarchived` from its `archived`, and
 * `snoozed` whenever it carries `snoozedUntil`, which an unsnooze sets to `null`).
 */
const INTERACTIONS_OF: Partial<Record<NotificationAction, MessageInteraction[]>> = {
  read: ['read'],
  unread: ['unread'],
  archive: ['archived'],
  unarchive: ['unarchived'],
  snooze: ['snoozed'],
};

/**
 * `PATCH /v1/inbox/notifications/{id}/{action}`: applies one action to the subscriber's own
 * notification and answers it as the Inbox lists it. Read, unread, archive, unarchive, snooze and
 * unsnooze also write their detail on the job that sent the message (`Message read`, ...), as the
 * service's activity feed shows them.
 */
export function actOnNotification(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  notificationId: string,
  action: NotificationAction,
  body: unknown,
): InboxNotification {
  const at = scope.iso();
  const now = scope.now();
  // Validated before anything changes: a refused snooze or action leaves the message as it was.
  const snoozeUntil = action === 'snooze' ? snoozeEnd(body, now) : undefined;
  const message =
    action === 'unsnooze'
      ? snoozedMessage(scope, subscriber, notificationId)
      : ownMessage(scope, subscriber, notificationId, action);
  const actionType = action === 'complete' || action === 'revert' ? actionTypeOf(body) : undefined;
  tables.messages.edit(scope.data, message);
  switch (action) {
    case 'read':
      markRead(message, at);
      break;
    case 'unread':
      // Unread and archived do not go together: the service's unread also unarchives.
      message.read = false;
      message.lastReadDate = null;
      if (message.archived) {
        message.archived = false;
        message.archivedAt = null;
      }
      break;
    case 'archive':
      if (!message.read) markRead(message, at);
      message.archived = true;
      message.archivedAt = at;
      break;
    case 'unarchive':
      message.archived = false;
      message.archivedAt = null;
      break;
    case 'snooze':
      markSeen(message, at);
      message.snoozedUntil = new Date(snoozeUntil as number).toISOString();
      cancelSnoozeEnd(scope, message._id);
      scope.schedule({
        at: snoozeUntil as number,
        kind: 'end-snooze',
        environmentId: scope.environment._id,
        notificationId: message._id,
        jobIndex: 0,
      });
      break;
    case 'unsnooze':
      delete message.snoozedUntil;
      message.deliveredAt = [...message.deliveredAt, at];
      cancelSnoozeEnd(scope, message._id);
      recordInteractions(scope, message, ['snoozed']);
      break;
    case 'complete':
    case 'revert':
      setActionStatus(message, actionType as 'primary' | 'secondary', action === 'complete');
      break;
  }
  message.updatedAt = at;
  recordInteractions(scope, message, INTERACTIONS_OF[action] ?? []);
  return toInboxNotification(scope.data, message, subscriber, now);
}

/**
 * The end of a snooze, run by the clock: the message returns to the Inbox with a new
 * `deliveredAt` entry (announced as received again: inbox/inbox-announcer.ts).
 */
export function endSnooze(scope: EngineScope, messageId: string): void {
  const message = tables.messages.byId(scope.data, messageId);
  if (!message || message.snoozedUntil === undefined) return;
  const at = scope.iso();
  tables.messages.edit(scope.data, message);
  delete message.snoozedUntil;
  message.deliveredAt = [...message.deliveredAt, at];
  message.updatedAt = at;
}

/**
 * `DELETE /v1/inbox/notifications/{id}/delete`: removes the message from every view; the job that
 * sent it records `Message deleted`, as the service's delete-many usecase traces it.
 */
export function deleteNotification(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  notificationId: string,
): void {
  const message = ownMessage(scope, subscriber, notificationId, 'delete');
  recordInteractions(scope, message, ['deleted']);
  cancelSnoozeEnd(scope, message._id);
  tables.messages.removeAt(
    scope.state,
    scope.data,
    tables.messages.values(scope.data).indexOf(message),
  );
}

/** The bulk actions of `POST /v1/inbox/notifications/{action}`. */
export type BulkAction = 'read' | 'archive' | 'read-archive' | 'delete' | 'seen';

function bulkFilter(body: unknown): InboxFilter {
  const input = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return filterFromJson({ tags: input['tags'], data: input['data'] });
}

function seenIds(body: unknown): string[] | undefined {
  const input = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const ids = input['notificationIds'];
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids) || !ids.every(isObjectId)) {
    throw ServiceError.dtoValidation(['each value in notificationIds must be a mongodb id']);
  }
  if (ids.length > 100) {
    throw ServiceError.dtoValidation(['notificationIds must contain no more than 100 elements']);
  }
  return (ids as string[]).map((id) => id.toLowerCase());
}

/**
 * `POST /v1/inbox/notifications/{read,archive,read-archive,delete,seen}`: the action on every
 * notification of the subscriber that the body's `tags` and `data` select (for `seen`, the given
 * `notificationIds` when present). `seen` adds `Message seen` to the job of each message it marks,
 * as the service's mark-as-seen usecase traces them.
 */
export function actOnAll(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  action: BulkAction,
  body: unknown,
): void {
  const filter = bulkFilter(body);
  const ids = action === 'seen' ? seenIds(body) : undefined;
  const now = scope.now();
  const at = scope.iso();
  const selected = inAppMessagesOf(scope.data, subscriber).filter((message) =>
    ids === undefined ? matchesFilter(scope.data, message, filter, now) : ids.includes(message._id),
  );
  for (const message of selected) {
    if (action === 'delete') continue;
    const wanted =
      action === 'read'
        ? !message.read && !message.archived
        : action === 'archive'
          ? !message.archived
          : action === 'read-archive'
            ? message.read && !message.archived
            : !message.seen;
    if (!wanted) continue;
    tables.messages.edit(scope.data, message);
    if (action === 'read') markRead(message, at);
    else if (action === 'seen') {
      markSeen(message, at);
      recordInteractions(scope, message, ['seen']);
    } else {
      if (!message.read) markRead(message, at);
      message.archived = true;
      message.archivedAt = at;
    }
    message.updatedAt = at;
  }
  if (action === 'delete' && selected.length > 0) {
    const dropped = new Set(selected.map((message) => message._id));
    for (const id of dropped) cancelSnoozeEnd(scope, id);
    tables.messages.removeWhere(scope.state, scope.data, (message) => dropped.has(message._id));
  }
}
