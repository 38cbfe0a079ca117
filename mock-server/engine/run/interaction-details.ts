/**
 * What a subscriber does to a delivered message, written on the job that sent it. The service
 * traces `read`, `unread`, `archived`, `unarchived` and `snoozed` on the message's step run (its
 * Inbox mark-many usecase, which snooze and unsnooze go through too), and `seen` and `deleted`
 * (its mark-as-seen and delete-many usecases); its activity feed shows each trace as one more
 * execution detail of that job, so an in-app step read in the Inbox ends with five: `Step queued`,
 * `Start sending message`, `Message created`, `Message sent`, `Message read`
 * (docs/behaviour/notifications.md#execution-details).
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type { MessageRecord } from '../store/state';
import { tables } from '../store/tables';
import { addDetail } from './channels/delivery';
import { DETAILS, type DetailText } from './detail-texts';

/** An interaction the service traces on the message's job. */
export type MessageInteraction =
  | 'read'
  | 'unread'
  | 'archived'
  | 'unarchived'
  | 'snoozed'
  | 'seen'
  | 'deleted';

const DETAIL_OF: Record<MessageInteraction, DetailText> = {
  read: DETAILS.messageRead,
  unread: DETAILS.messageUnread,
  archived: DETAILS.messageArchived,
  unarchived: DETAILS.messageUnarchived,
  snoozed: DETAILS.messageSnoozed,
  seen: DETAILS.messageSeen,
  deleted: DETAILS.messageDeleted,
};

/** The usecases that trace `seen` and `deleted` give them an empty `raw`; the mark-many one none. */
const EMPTY_RAW = new Set<MessageInteraction>(['seen', 'deleted']);

const INTERACTION_TEXTS = new Set(Object.values(DETAIL_OF).map((text) => text.detail));

/**
 * The most interaction details one job keeps (docs/http-server.md, "Caps and budgets"): a
 * subscriber toggling read and unread forever must not grow a job without bound. Past it the
 * message still changes; the job records no more.
 */
export const MAX_INTERACTION_DETAILS = 100;

/**
 * Records the interactions on the job that sent `message`, in the order given, as the service's
 * Inbox marks do: `Message read`, ... (`Success`; `raw` `''` for seen and deleted, else none). A
 * message whose notification is gone (past retention) records nothing, as the service finds no
 * step run for it.
 *
 * @example
 * ```ts
 * recordInteractions(scope, message, ['read']);
 * ```
 */
export function recordInteractions(
  scope: EngineScope,
  message: MessageRecord,
  interactions: readonly MessageInteraction[],
): void {
  const notification = tables.notifications.get(scope.data, message._notificationId);
  const job = notification?.jobs.find((candidate) => candidate._id === message._jobId);
  if (notification === undefined || job === undefined || interactions.length === 0) return;
  let kept = job.executionDetails.filter((detail) => INTERACTION_TEXTS.has(detail.detail)).length;
  if (kept >= MAX_INTERACTION_DETAILS) return;
  // The job belongs to a stored notification: kept for a rollback of the operation.
  tables.notifications.edit(scope.data, notification);
  for (const interaction of interactions) {
    if (kept >= MAX_INTERACTION_DETAILS) return;
    addDetail(
      { scope, job },
      DETAIL_OF[interaction],
      EMPTY_RAW.has(interaction) ? { raw: '' } : {},
    );
    kept += 1;
  }
}
