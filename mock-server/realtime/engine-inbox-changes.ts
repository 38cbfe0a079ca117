/**
 * The Inbox changes an engine makes, read from its event feed: an in-app message sent is a
 * `received` change, messages marked are a `counts` change (docs/inbox.md#real-time).
 *
 * @module
 */

import type { MockEngine } from '../engine/engine';
import type { EngineEvent } from '../engine/event-feed';
import { findSubscriber, toSubscriberDto } from '../engine/resources/subscribers';
import type { EnvironmentData, MessageRecord, SubscriberRecord } from '../engine/store/state';
import type { InboxChange, InboxChangeSource, InboxCounts, SeverityCounts } from './inbox-changes';

/** A message that no longer counts: archived, or snoozed until later. */
function hidden(message: MessageRecord): boolean {
  const { archived, snoozedUntil } = message as MessageRecord & { snoozedUntil?: unknown };
  return archived || (snoozedUntil !== undefined && snoozedUntil !== null);
}

/** The severity of each workflow of an environment, by the workflow's `_id`. */
function severities(data: EnvironmentData): (message: MessageRecord) => keyof SeverityCounts {
  const byWorkflow = new Map(data.workflows.map((workflow) => [workflow._id, workflow.severity]));
  return (message) =>
    (message._templateId === null ? undefined : byWorkflow.get(message._templateId)) ?? 'none';
}

/**
 * The counts the Inbox shows for these messages: unseen and unread among the ones neither
 * archived nor snoozed, the unread ones by their workflow's severity.
 *
 * @example
 * ```ts
 * const counts = inboxCounts(messages, () => 'none');
 * ```
 */
export function inboxCounts(
  messages: readonly MessageRecord[],
  severityOf: (message: MessageRecord) => keyof SeverityCounts,
): InboxCounts {
  const counts: InboxCounts = {
    unseen: 0,
    unread: 0,
    unreadBySeverity: { high: 0, medium: 0, low: 0, none: 0 },
  };
  for (const message of messages) {
    if (hidden(message)) continue;
    if (!message.seen) counts.unseen += 1;
    if (!message.read) {
      counts.unread += 1;
      counts.unreadBySeverity[severityOf(message)] += 1;
    }
  }
  return counts;
}

/** A subscriber's changes since the last flush: the in-app messages sent, by `_id`, in order. */
type Pending = Map<string, string[]>;

/**
 * The changes of one environment's subscribers: one pass over the environment's messages for all
 * of them, so a trigger to many subscribers costs one scan, not one per subscriber.
 */
function changesOf(data: EnvironmentData, environment: string, pending: Pending): InboxChange[] {
  const subscribers = new Map<string, { record: SubscriberRecord; messages: MessageRecord[] }>();
  for (const subscriberId of pending.keys()) {
    const record = findSubscriber(data, subscriberId);
    if (record) subscribers.set(record._id, { record, messages: [] });
  }
  for (const message of data.messages) {
    if (message.channel !== 'in_app') continue;
    subscribers.get(message._subscriberId)?.messages.push(message);
  }
  const severityOf = severities(data);
  const changes: InboxChange[] = [];
  for (const { record, messages } of subscribers.values()) {
    const { subscriberId } = record;
    const counts = inboxCounts(messages, severityOf);
    const sent = new Set(pending.get(subscriberId));
    const delivered = messages.filter((message) => sent.has(message._id));
    if (delivered.length === 0) changes.push({ kind: 'counts', environment, subscriberId, counts });
    for (const message of delivered) {
      const notification = { ...structuredClone(message), subscriber: toSubscriberDto(record) };
      changes.push({ kind: 'received', environment, subscriberId, notification, counts });
    }
  }
  return changes;
}

/**
 * The Inbox changes of an engine, from its event feed (`engine.events`): each in-app message
 * sent becomes a `received` change carrying the stored message (with its subscriber, as the
 * messages list shows it) and the subscriber's counts; `POST
 * /v1/subscribers/{id}/messages/mark-as` becomes a `counts` change. Changes are read once the
 * operation that made them has finished (a microtask later), so a trigger that failed and was
 * undone announces nothing.
 *
 * @example
 * ```ts
 * const server = await startMockServer({
 *   inboxSocket: { resolveSession, changes: engineInboxChanges(engine) },
 * });
 * ```
 */
export function engineInboxChanges(engine: MockEngine): InboxChangeSource {
  return {
    subscribe(listener) {
      /** Environment `_id` → subscriber → what happened to them since the last flush. */
      let pending = new Map<string, Pending>();
      let scheduled = false;

      const flush = () => {
        scheduled = false;
        const batch = pending;
        pending = new Map();
        for (const [environment, subscribers] of batch) {
          try {
            let data: EnvironmentData;
            try {
              data = engine.scope(environment).data;
            } catch {
              continue; // the environment went away with a reset
            }
            for (const change of changesOf(data, environment, subscribers)) listener(change);
          } catch (error) {
            console.error('[svc-mock] an Inbox change could not be announced:', error);
          }
        }
      };

      const note = (environment: string, subscriberId: string, messageId?: string) => {
        let subscribers = pending.get(environment);
        if (!subscribers) {
          subscribers = new Map();
          pending.set(environment, subscribers);
        }
        let sent = subscribers.get(subscriberId);
        if (!sent) {
          sent = [];
          subscribers.set(subscriberId, sent);
        }
        if (messageId !== undefined) sent.push(messageId);
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(flush);
        }
      };

      return engine.events.subscribe((event: EngineEvent) => {
        if (event.type === 'message-sent' && event.channel === 'in_app') {
          note(event.environmentId, event.subscriberId, event.messageId);
        } else if (event.type === 'messages-marked') {
          note(event.environmentId, event.subscriberId);
        }
      });
    },
  };
}
