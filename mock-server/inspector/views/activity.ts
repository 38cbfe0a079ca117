/**
 * The inspector's activity: triggers grouped by transaction, each with the body the engine
 * received, its answer, and every notification it made with its jobs and execution details.
 *
 * @module
 */
import type { EngineScope, MockEngine } from '../../engine/engine';
import type { TriggerExchange } from '../../engine/event-feed';
import { type ActivityDto, toActivityDto } from '../../engine/resources/notifications';
import type { MessageRecord, NotificationRecord } from '../../engine/store/state';

/** Filters of the activity; every given one must match. */
export interface ActivityFilter {
  workflowId?: string;
  subscriberId?: string;
  /** A channel a notification used (`email`, `in_app`, ...). */
  channel?: string;
  /** A job status (`completed`, `delayed`, `failed`, ...), or the trigger's answer status. */
  status?: string;
  transactionId?: string;
  /** How many transactions at most (newest first). Default 50. */
  limit?: number;
}

/** What one step sent: its message, in short, for the run's view (linked to the message). */
export interface SentMessage {
  _id: string;
  /** The job (step run) that sent it. */
  jobId: string | null;
  channel: string;
  status: MessageRecord['status'];
  subject: string | null;
  /** The first 140 characters of the body as text. */
  excerpt: string;
}

const EXCERPT = 140;

function sentMessage(message: MessageRecord): SentMessage {
  const content =
    typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
  // A bounded read: a long body is cut before its tags are stripped.
  const body = content.slice(0, 20 * EXCERPT);
  // An email's HTML is shown as its text.
  const text = (message.channel === 'email' ? body.replace(/<[^>]*>/g, ' ') : body)
    .replace(/\s+/g, ' ')
    .trim();
  return {
    _id: message._id,
    jobId: message._jobId ?? null,
    channel: message.channel,
    status: message.status,
    subject: message.subject ?? null,
    excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text,
  };
}

/** One transaction: the trigger (when remembered) and the notifications it made. */
export interface ActivityGroup {
  /** The transaction id; a refused trigger that had none is keyed `trigger-<id>`. */
  key: string;
  transactionId: string | null;
  workflowId: string | null;
  /** When the trigger arrived (or the first notification was made). */
  at: string;
  trigger: TriggerExchange | null;
  notifications: ActivityDto[];
  /** The messages the transaction's steps stored, oldest first. */
  messages: SentMessage[];
}

const ACTIVITY_FILTERS = ['workflowId', 'subscriberId', 'channel', 'status', 'transactionId'];

/** Reads the activity filters from a URL's query; an unknown name is a `TypeError` (a 400). */
export function activityFilter(url: URL): ActivityFilter {
  const filter: ActivityFilter = {};
  for (const [name, value] of url.searchParams) {
    if (name === 'environment' || value === '') continue;
    if (name === 'limit') {
      const limit = Number(value);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
        throw new TypeError('limit must be a whole number from 1 to 500');
      }
      filter.limit = limit;
    } else if (ACTIVITY_FILTERS.includes(name)) {
      (filter as Record<string, string>)[name] = value;
    } else {
      throw new TypeError(
        `Unknown activity filter "${name}": use ${[...ACTIVITY_FILTERS, 'limit', 'environment'].join(', ')}`,
      );
    }
  }
  return filter;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function answerText(trigger: TriggerExchange | null): string | undefined {
  const answer = trigger?.answer as { status?: unknown } | undefined;
  return typeof answer?.status === 'string' ? answer.status : undefined;
}

function groupMatches(group: ActivityGroup, filter: ActivityFilter): boolean {
  const { notifications, trigger } = group;
  if (filter.transactionId !== undefined && group.transactionId !== filter.transactionId) {
    return false;
  }
  if (filter.workflowId !== undefined && group.workflowId !== filter.workflowId) return false;
  if (
    filter.subscriberId !== undefined &&
    !notifications.some((item) => item.subscriber?.subscriberId === filter.subscriberId)
  ) {
    return false;
  }
  const channel = filter.channel;
  if (channel !== undefined && !notifications.some((item) => item.channels.includes(channel))) {
    return false;
  }
  const status = filter.status;
  if (status !== undefined) {
    const jobStatus = notifications.some((item) => item.jobs.some((job) => job.status === status));
    const triggerStatus = answerText(trigger) === status || String(trigger?.status) === status;
    if (!jobStatus && !triggerStatus) return false;
  }
  return true;
}

/** The environment's transactions, newest first, filtered. */
export function activity(
  engine: MockEngine,
  context: EngineScope,
  filter: ActivityFilter,
): ActivityGroup[] {
  const environmentId = context.environment._id;
  const groups = new Map<string, ActivityGroup>();
  const byTransaction = new Map<string, NotificationRecord[]>();
  for (const record of context.data.notifications) {
    const list = byTransaction.get(record.transactionId);
    if (list) list.push(record);
    else byTransaction.set(record.transactionId, [record]);
  }
  for (const trigger of engine.events.triggers()) {
    if (trigger.environmentId !== environmentId) continue;
    const body = trigger.body as Record<string, unknown> | null;
    const answer = trigger.answer as Record<string, unknown> | undefined;
    const transactionId = text(answer?.['transactionId']) ?? text(body?.['transactionId']);
    const key = transactionId ?? `trigger-${trigger.triggerId}`;
    groups.set(key, {
      key,
      transactionId,
      workflowId: text(body?.['name']),
      at: trigger.receivedAt,
      trigger,
      notifications: [],
      messages: [],
    });
  }
  for (const [transactionId, records] of byTransaction) {
    const first = records[0] as NotificationRecord;
    const notifications = records.map((record) => toActivityDto(context.data, record));
    const existing = groups.get(transactionId);
    if (existing && existing.notifications.length === 0) {
      existing.notifications = notifications;
      continue;
    }
    groups.set(transactionId, {
      key: transactionId,
      transactionId,
      workflowId: notifications[0]?.template?.triggers[0]?.identifier ?? null,
      at: first.createdAt,
      trigger: null,
      notifications,
      messages: [],
    });
  }
  for (const message of context.data.messages) {
    groups.get(message.transactionId)?.messages.push(sentMessage(message));
  }
  const ordered = [...groups.values()].sort(
    (a, b) => b.at.localeCompare(a.at) || (b.trigger?.triggerId ?? 0) - (a.trigger?.triggerId ?? 0),
  );
  return ordered.filter((group) => groupMatches(group, filter)).slice(0, filter.limit ?? 50);
}
