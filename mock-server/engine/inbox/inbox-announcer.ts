/**
 * The Inbox announcements, read from the writes each transaction committed (store/writes.ts,
 * store/transaction.ts `readCommits`): no operation announces anything itself, so a change made
 * by any operation, task or chunk is announced, and a rolled-back one never is. An in-app message
 * put into the messages table, or back from a snooze, is `received`; any other change of an
 * in-app message (read, seen, archived, snoozed, an action, deleted) is new `counts` for its
 * subscriber, once per commit, as is a notice of the messages table (a mark-all that changed none:
 * the service announces it all the same).
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type { EnvironmentData, MessageRecord } from '../store/state';
import { tables } from '../store/tables';
import type { CommitReader } from '../store/transaction';
import type { Write } from '../store/writes';
import type { InboxChanges } from './inbox-changes';
import { inboxCounts } from './inbox-counts';
import { toInboxNotification, toSocketMessage } from './notification-view';

/** What one commit changed in the Inbox of the subscribers of one environment. */
interface EnvironmentChanges {
  /** The messages received, in the order they were. */
  received: Set<MessageRecord>;
  /** The subscribers (`_id`) whose counts changed otherwise. */
  counted: Set<string>;
}

const isInApp = (row: unknown): row is MessageRecord =>
  row !== null && typeof row === 'object' && (row as MessageRecord).channel === 'in_app';

/** Reads one write of the messages table into what its environment's subscribers are told. */
function readMessageWrite(write: Write, changes: EnvironmentChanges): void {
  switch (write.kind) {
    case 'list':
      if (!isInApp(write.row)) return;
      if (write.present) changes.received.add(write.row);
      else changes.counted.add(write.row._subscriberId);
      return;
    case 'copy': {
      const message = write.record;
      if (!isInApp(message)) return;
      const wasSnoozed = write.before?.['snoozedUntil'] !== undefined;
      if (wasSnoozed && message.snoozedUntil === undefined) changes.received.add(message);
      else changes.counted.add(message._subscriberId);
      return;
    }
    case 'field': {
      // The table replaced its list by the messages it kept (`removeWhere`).
      const kept = new Set(write.value as readonly MessageRecord[]);
      for (const message of write.previous as readonly MessageRecord[]) {
        if (!kept.has(message) && isInApp(message)) changes.counted.add(message._subscriberId);
      }
      return;
    }
    case 'notice':
      changes.counted.add(write.subject as string);
      return;
    default:
  }
}

function announce(scope: EngineScope, changes: EnvironmentChanges, inbox: InboxChanges): void {
  const { environment, data } = scope;
  const now = scope.now();
  const receivedBy = new Set<string>();
  for (const message of changes.received) {
    // Received and gone again in the same commit: nothing to show.
    if (tables.messages.byId(data, message._id) !== message) continue;
    const subscriber = tables.subscribers.byObjectId(data, message._subscriberId);
    if (subscriber === undefined) continue;
    receivedBy.add(message._subscriberId);
    inbox.announce(() => ({
      environment,
      subscriberId: subscriber.subscriberId,
      ...inboxCounts(data, subscriber, now),
      kind: 'received',
      message: toSocketMessage(data, message, subscriber, now),
      notification: toInboxNotification(data, message, subscriber, now),
    }));
  }
  for (const subscriberObjectId of changes.counted) {
    // A `received` carries the counts already.
    if (receivedBy.has(subscriberObjectId)) continue;
    const subscriber = tables.subscribers.byObjectId(data, subscriberObjectId);
    if (subscriber === undefined) continue;
    inbox.announce(() => ({
      environment,
      subscriberId: subscriber.subscriberId,
      ...inboxCounts(data, subscriber, now),
      kind: 'counts',
    }));
  }
}

/**
 * The reader of committed writes that announces the Inbox changes of one engine to `inbox`'s
 * listeners; `scopeOf` answers the scope of an environment's data the engine handed out.
 *
 * @example
 * ```ts
 * readCommits(core.owner, inboxAnnouncer(scopes.scopeOfData, core.inbox.changes));
 * ```
 */
export function inboxAnnouncer(
  scopeOf: (data: EnvironmentData) => EngineScope | undefined,
  inbox: InboxChanges,
): CommitReader {
  return (writes) => {
    if (!inbox.listening()) return;
    let byData: Map<EnvironmentData, EnvironmentChanges> | undefined;
    for (const write of writes) {
      if (write.table !== tables.messages.tap) continue;
      byData ??= new Map();
      const data = write.owner as EnvironmentData;
      let changes = byData.get(data);
      if (changes === undefined) {
        changes = { received: new Set(), counted: new Set() };
        byData.set(data, changes);
      }
      readMessageWrite(write, changes);
    }
    if (byData === undefined) return;
    for (const [data, changes] of byData) {
      const scope = scopeOf(data);
      if (scope !== undefined) announce(scope, changes, inbox);
    }
  };
}
