/**
 * The outbox's stored entries (issue 25's heap figure): an entry of a delivery keeps only what
 * its stored message does not hold (the message's `_id`, the environment, the recipient's
 * `subscriberId`, the integration's identifier, and what the delivery added: the mail's fields,
 * a phone, a webhook URL, device tokens), and the outbox builds the entry it answers from the
 * message on read, field for field and in the order the entry always had. A message the API
 * deletes leaves its entries a full copy first (`keepOutboxCopies`, called by the messages table),
 * so the outbox keeps answering what it delivered. State stays plain data: entries name their
 * message by id, so `structuredClone` (snapshots, reset, restore) needs nothing more.
 *
 * @module
 */

import { journalAssign } from './journal';
import { lowerBound } from './sorted-by-id';
import type { EngineState, EnvironmentData, MessageRecord, OutboxRecord } from './state';

/**
 * An outbox entry as stored for a message that is still stored: the message answers the rest.
 * Optional fields are absent when they equal what the message holds.
 */
export interface OutboxEntry {
  messageId: string;
  environmentId: string;
  subscriberId: string;
  integrationIdentifier: string;
  /** The integration's `providerId`; absent: the message's. */
  providerId?: string;
  /** The trigger's payload; absent: the message's (the same one when it has no attachments). */
  payload?: Record<string, unknown>;
  /** When it was sent; absent: the message's `createdAt`. */
  sentAt?: string;
  /** What the delivery added beyond the message (`OutboxDelivery`); absent: nothing. */
  recipient?: Record<string, unknown>;
}

/** A stored outbox item: an entry over its message, or a full copy (its message was deleted). */
export type StoredOutboxItem = OutboxEntry | OutboxRecord;

const isCopy = (item: StoredOutboxItem): item is OutboxRecord => 'channel' in item;

/**
 * The entry to store for a delivered message: only what the message does not hold.
 *
 * @example
 * ```ts
 * tables.outbox.push(state, outboxEntry(message, { environmentId, subscriberId, integrationIdentifier, providerId, payload, sentAt }, recipient));
 * ```
 */
export function outboxEntry(
  message: MessageRecord,
  sent: {
    environmentId: string;
    subscriberId: string;
    integrationIdentifier: string;
    providerId: string;
    payload: Record<string, unknown>;
    sentAt: string;
  },
  recipient: Record<string, unknown>,
): OutboxEntry {
  const entry: OutboxEntry = {
    messageId: message._id,
    environmentId: sent.environmentId,
    subscriberId: sent.subscriberId,
    integrationIdentifier: sent.integrationIdentifier,
  };
  if (sent.providerId !== message.providerId) entry.providerId = sent.providerId;
  if (sent.payload !== message.payload) entry.payload = sent.payload;
  if (sent.sentAt !== message.createdAt) entry.sentAt = sent.sentAt;
  for (const _key in recipient) {
    entry.recipient = recipient;
    break;
  }
  return entry;
}

/**
 * What the outbox stores for a delivered message: its entry (`outboxEntry`), or a full copy when
 * the message went into data the state no longer holds (a scope taken before a restore), as every
 * entry was before.
 *
 * @example
 * ```ts
 * tables.outbox.push(state, outboxItem(state, data, message, sent, recipient));
 * ```
 */
export function outboxItem(
  state: EngineState,
  data: EnvironmentData,
  message: MessageRecord,
  sent: Parameters<typeof outboxEntry>[1],
  recipient: Record<string, unknown>,
): StoredOutboxItem {
  const entry = outboxEntry(message, sent, recipient);
  return state.data.get(sent.environmentId) === data ? entry : fromMessage(entry, message);
}

/** The outbox record an entry stands for, built from its message (same fields, same order). */
function fromMessage(entry: OutboxEntry, message: MessageRecord): OutboxRecord {
  return {
    channel: message.channel,
    environmentId: entry.environmentId,
    subscriberId: entry.subscriberId,
    workflowId: message.templateIdentifier as string,
    transactionId: message.transactionId,
    notificationId: message._notificationId,
    messageId: message._id,
    providerId: entry.providerId ?? (message.providerId as string),
    integrationIdentifier: entry.integrationIdentifier,
    ...(message.subject === undefined ? {} : { subject: message.subject }),
    content: message.content,
    ...entry.recipient,
    payload: entry.payload ?? message.payload,
    sentAt: entry.sentAt ?? message.createdAt,
  };
}

function messageOf(state: EngineState, entry: OutboxEntry): MessageRecord {
  const messages = state.data.get(entry.environmentId)?.messages ?? [];
  const message = messages[lowerBound(messages, entry.messageId)];
  if (message === undefined || message._id !== entry.messageId) {
    throw new Error(`the outbox entry of message ${entry.messageId} has no stored message`);
  }
  return message;
}

/**
 * The outbox record a stored item answers (the item itself when it is a full copy). Shares
 * values with the message: callers hand out copies.
 *
 * @example
 * ```ts
 * const records = state.outbox.map((item) => outboxRecord(state, item));
 * ```
 */
export function outboxRecord(state: EngineState, item: StoredOutboxItem): OutboxRecord {
  return isCopy(item) ? item : fromMessage(item, messageOf(state, item));
}

/**
 * Before messages are deleted: their outbox entries become full copies (journaled), so the
 * outbox answers what it did. Called by the messages table with the messages it removes.
 *
 * @example
 * ```ts
 * keepOutboxCopies(state, [message]);
 * ```
 */
export function keepOutboxCopies(state: EngineState, removed: readonly MessageRecord[]): void {
  if (removed.length === 0 || state.outbox.length === 0) return;
  const byId = new Map(removed.map((message) => [message._id, message]));
  const outbox = state.outbox;
  for (let index = 0; index < outbox.length; index++) {
    const item = outbox[index] as StoredOutboxItem;
    if (isCopy(item)) continue;
    const message = byId.get(item.messageId);
    if (message === undefined || message._environmentId !== item.environmentId) continue;
    journalAssign(outbox, index, fromMessage(item, message));
  }
}
