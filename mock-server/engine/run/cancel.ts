/**
 * `DELETE /v1/events/trigger/{transactionId}` (docs/behaviour/events.md#cancel): cancels what a
 * transaction still has waiting on the engine clock, as the service's cancel does.
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import type { EngineScope } from '../scope';
import type { JobRecord, NotificationRecord, OpenDigestRecord } from '../store/state';
import { tables } from '../store/tables';
import { setStatus } from './execution';

/** The steps whose waiting makes the steps after them cancelable too (the service's action steps). */
const ACTION_STEP_TYPES = new Set<JobRecord['type']>(['delay', 'digest', 'throttle']);

interface TransactionJob {
  notification: NotificationRecord;
  job: JobRecord;
  index: number;
}

function setCanceled(scope: EngineScope, { notification, job }: TransactionJob): void {
  setStatus(scope, notification, job, 'canceled');
}

function jobsOf(
  notifications: NotificationRecord[],
  statuses: ReadonlySet<JobRecord['status']>,
): TransactionJob[] {
  const found: TransactionJob[] = [];
  for (const notification of notifications) {
    notification.jobs.forEach((job, index) => {
      if (statuses.has(job.status)) found.push({ notification, job, index });
    });
  }
  return found;
}

function openDigestOf(
  scope: EngineScope,
  predicate: (open: OpenDigestRecord) => boolean,
): [string, OpenDigestRecord] | undefined {
  for (const entry of tables.digests.entries(scope.data)) if (predicate(entry[1])) return entry;
  return undefined;
}

/** The digest events of the notifications still in a digest, in the order they came. */
function eventsOf(scope: EngineScope, notificationIds: string[]): JsonObject[] {
  return notificationIds.map(
    (id) => (tables.notifications.get(scope.data, id)?.payload ?? {}) as JsonObject,
  );
}

/**
 * A canceled main digest hands its open window to the first event merged into it: that event's
 * digest step waits again (its later steps become pending) and collects the remaining events,
 * closing when the window would have closed.
 */
function handOverDigest(scope: EngineScope, canceled: TransactionJob): void {
  const found = openDigestOf(
    scope,
    (open) => open.notificationId === canceled.notification._id && open.jobIndex === canceled.index,
  );
  if (!found) return;
  const [group, open] = found;
  const remaining = open.notificationIds.filter((id) => id !== canceled.notification._id);
  const follower =
    remaining[0] === undefined ? undefined : tables.notifications.get(scope.data, remaining[0]);
  const followerIndex = follower?.jobs.findIndex(
    (job) => job.status === 'merged' && job.step.stepId === canceled.job.step.stepId,
  );
  if (!follower || followerIndex === undefined || followerIndex < 0) {
    tables.digests.delete(scope.data, group);
    return;
  }
  tables.notifications.edit(scope.data, follower);
  const digestJob = follower.jobs[followerIndex] as JobRecord;
  const now = scope.iso();
  digestJob.status = 'delayed';
  digestJob.updatedAt = now;
  // A merged digest job holds the digest's settings (recorded when it was merged).
  if (digestJob.digest !== undefined) {
    digestJob.digest = { ...digestJob.digest, events: eventsOf(scope, remaining) };
  }
  for (const job of follower.jobs.slice(followerIndex + 1)) {
    if (job.status !== 'merged') continue;
    job.status = 'pending';
    job.updatedAt = now;
  }
  delete follower._digestedNotificationId;
  for (const id of remaining.slice(1)) {
    const merged = tables.notifications.get(scope.data, id);
    if (merged)
      tables.notifications.assign(scope.data, merged, '_digestedNotificationId', follower._id);
  }
  tables.digests.set(scope.data, group, {
    notificationId: follower._id,
    jobIndex: followerIndex,
    closesAt: open.closesAt,
    notificationIds: remaining,
  });
  scope.schedule({
    at: open.closesAt,
    kind: 'close-digest',
    environmentId: scope.environment._id,
    notificationId: follower._id,
    jobIndex: followerIndex,
  });
}

/** A canceled merged event leaves the open digest it was merged into. */
function leaveDigest(scope: EngineScope, canceled: TransactionJob): void {
  const found = openDigestOf(scope, (open) =>
    open.notificationIds.includes(canceled.notification._id),
  );
  if (!found) return;
  const [group, open] = found;
  const position = open.notificationIds.indexOf(canceled.notification._id);
  tables.digests.leave(scope.data, group, open, position);
  const first = tables.notifications.get(scope.data, open.notificationId);
  const events = first?.jobs[open.jobIndex]?.digest?.events;
  if (first && events) tables.notifications.removeDigestEvent(scope.data, first, events, position);
}

/**
 * Cancels a transaction's waiting work (docs/behaviour/events.md#cancel): its delayed and merged
 * jobs, and, when one of them is a delay, digest or throttle, its pending jobs too. Answers
 * whether any delayed or merged job was found. A canceled main digest hands its window to the
 * next merged event; the canceled jobs' clock tasks are dropped.
 */
export function cancelTransaction(scope: EngineScope, transactionId: string): boolean {
  const notifications = tables.notifications.where(
    scope.data,
    (notification) => notification.transactionId === transactionId,
  );
  let jobs = jobsOf(notifications, new Set(['delayed', 'merged']));
  if (jobs.some(({ job }) => ACTION_STEP_TYPES.has(job.type)) || jobs.length === 0) {
    // A code-first run's pending steps wait behind a step in flight on its bridge: the service
    // cancels them too (its cancel finds pending jobs); the step in flight ends with its answer.
    jobs = [...jobs, ...jobsOf(notifications, new Set(['pending']))];
  }
  if (jobs.length === 0) return false;
  const mainDigests = jobs.filter(({ job }) => job.type === 'digest' && job.status === 'delayed');
  const mergedDigests = jobs.filter(({ job }) => job.type === 'digest' && job.status === 'merged');
  // Changed in place below: kept for a rollback of the operation (store/journal.ts).
  for (const notification of notifications) tables.notifications.edit(scope.data, notification);
  for (const entry of jobs) setCanceled(scope, entry);
  for (const entry of mergedDigests) leaveDigest(scope, entry);
  for (const entry of mainDigests) handOverDigest(scope, entry);
  const canceled = new Set(jobs.map(({ notification, index }) => `${notification._id}:${index}`));
  scope.unschedule((task) => canceled.has(`${task.notificationId}:${task.jobIndex}`));
  return true;
}
