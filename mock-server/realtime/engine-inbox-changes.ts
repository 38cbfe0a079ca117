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

function severityOf(data: EnvironmentData, message: MessageRecord): keyof SeverityCounts {
  const workflow = data.workflows.find((candidate) => candidate._id === message._templateId);
  return workflow?.severity ?? 'none';
}

/** The subscriber's in-app messages, in stored order. */
function inAppMessages(data: EnvironmentData, subscriber: SubscriberRecord): MessageRecord[] {
  return data.messages.filter(
    (message) => message.channel === 'in_app' && message._subscriberId === subscriber._id,
  );
}

/**
 * The counts the Inbox shows for these messages: unseen and unread among the ones neither
 * archived nor snoozed.
 *
 * @example
 * ```ts
 * const counts = inboxCounts(scope.data, messages);
 * ```
 */
export function inboxCounts(
  data: EnvironmentData,
  messages: readonly MessageRecord[],
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
      counts.unreadBySeverity[severityOf(data, message)] += 1;
    }
  }
  return counts;
}

/** What happened to one subscriber since the last flush. */
interface Pending {
  environment: string;
  subscriberId: string;
  /** In-app messages sent, by `_id`, in the order they were sent. */
  sent: string[];
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
      let pending = new Map<string, Pending>();
      let scheduled = false;

      const flushOne = ({ environment, subscriberId, sent }: Pending) => {
        let data: EnvironmentData;
        try {
          data = engine.scope(environment).data;
        } catch {
          return; // the environment went away with a reset
        }
        const subscriber = findSubscriber(data, subscriberId);
        if (!subscriber) return;
        const messages = inAppMessages(data, subscriber);
        const counts = inboxCounts(data, messages);
        const wanted = new Set(sent);
        const delivered = messages.filter((message) => wanted.has(message._id));
        const changes: InboxChange[] =
          delivered.length === 0
            ? [{ kind: 'counts', environment, subscriberId, counts }]
            : delivered.map((message) => ({
                kind: 'received',
                environment,
                subscriberId,
                notification: {
                  ...structuredClone(message),
                  subscriber: toSubscriberDto(subscriber),
                },
                counts,
              }));
        for (const change of changes) listener(change);
      };

      const flush = () => {
        scheduled = false;
        const batch = pending;
        pending = new Map();
        for (const entry of batch.values()) {
          try {
            flushOne(entry);
          } catch (error) {
            console.error('[svc-mock] an Inbox change could not be announced:', error);
          }
        }
      };

      const note = (environment: string, subscriberId: string, messageId?: string) => {
        const key = JSON.stringify([environment, subscriberId]);
        let entry = pending.get(key);
        if (!entry) {
          entry = { environment, subscriberId, sent: [] };
          pending.set(key, entry);
        }
        if (messageId !== undefined) entry.sent.push(messageId);
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
