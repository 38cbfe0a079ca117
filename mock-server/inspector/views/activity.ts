/**
 * The inspector's activity: triggers grouped by transaction, each with the body the engine
 * received, its answer, and every notification it made with its jobs and execution details.
 *
 * @module
 */
import type { EngineScope, MockEngine } from '../../engine/engine';
import type { BridgeCallExchange, TriggerExchange } from '../../engine/event-feed';
import { type ActivityDto, toActivityDto } from '../../engine/resources/notifications';
import { subscriberByObjectId } from '../../engine/resources/subscribers';
import type { MessageRecord, NotificationRecord } from '../../engine/store/state';
import { tables } from '../../engine/store/tables';
import { workflowByObjectId } from '../../engine/store/workflow-index';

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
  /** Only transactions older than this one: the `cursor` of the last group of the page before. */
  before?: ActivityCursor;
}

/** Where a group stands in the activity's order: its time, its trigger's id (0 for none), its key. */
type ActivityCursor = [at: string, triggerId: number, key: string];

/** A notification as the service's activity answers it, each job with its stored `error`. */
export type InspectedNotification = Omit<ActivityDto, 'jobs'> & {
  jobs: (ActivityDto['jobs'][number] & { error?: string })[];
};

/** The inspector shows why a job failed, which the service's activity answer leaves out. */
function inspected(
  data: Parameters<typeof toActivityDto>[0],
  record: NotificationRecord,
): InspectedNotification {
  const dto = toActivityDto(data, record);
  const jobs = dto.jobs.map((job, index) => {
    const error = record.jobs[index]?.error;
    return error === undefined ? job : { ...job, error };
  });
  return { ...dto, jobs };
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
  notifications: InspectedNotification[];
  /** The messages the transaction's steps stored, oldest first. */
  messages: SentMessage[];
  /** A code-first run's calls to its app's bridge (the last ones remembered), oldest first. */
  bridgeCalls: BridgeCallExchange[];
  /** Pass it as `before` to get the groups after this one (the next, older page). */
  cursor: string;
}

const ACTIVITY_FILTERS = ['workflowId', 'subscriberId', 'channel', 'status', 'transactionId'];

/** The longest `before` taken: a cursor holds a time, a number and a transaction id. */
const MAX_CURSOR_LENGTH = 2_048;

function readCursor(value: string): ActivityCursor {
  let cursor: unknown;
  try {
    cursor = value.length <= MAX_CURSOR_LENGTH ? JSON.parse(value) : undefined;
  } catch {
    cursor = undefined;
  }
  if (
    !Array.isArray(cursor) ||
    cursor.length !== 3 ||
    typeof cursor[0] !== 'string' ||
    !Number.isInteger(cursor[1]) ||
    typeof cursor[2] !== 'string'
  ) {
    throw new TypeError("before must be a group's cursor from an earlier page of the activity");
  }
  return cursor as ActivityCursor;
}

/** Reads the activity filters from a URL's query; an unknown name is a `TypeError` (a 400). */
export function activityFilter(url: URL): ActivityFilter {
  const filter: ActivityFilter = {};
  for (const [name, value] of url.searchParams) {
    if (name === 'environment' || value === '') continue;
    if (name === 'before') filter.before = readCursor(value);
    else if (name === 'limit') {
      const limit = Number(value);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
        throw new TypeError('limit must be a whole number from 1 to 500');
      }
      filter.limit = limit;
    } else if (ACTIVITY_FILTERS.includes(name)) {
      (filter as Record<string, string>)[name] = value;
    } else {
      throw new TypeError(
        `Unknown activity filter "${name}": use ${[...ACTIVITY_FILTERS, 'limit', 'before', 'environment'].join(', ')}`,
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

/** A transaction before it is shown: references only, nothing copied or converted. */
interface GroupHead {
  key: string;
  transactionId: string | null;
  workflowId: string | null;
  at: string;
  trigger: Readonly<TriggerExchange> | null;
  notifications: NotificationRecord[];
}

/** Newest first: by time, then trigger id (later triggers first), then key. */
function compareHeads(
  a: Pick<GroupHead, 'at' | 'key'> & { triggerId: number },
  b: Pick<GroupHead, 'at' | 'key'> & { triggerId: number },
): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.triggerId !== b.triggerId) return b.triggerId - a.triggerId;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

const positionOf = (head: GroupHead) => ({
  at: head.at,
  key: head.key,
  triggerId: head.trigger?.triggerId ?? 0,
});

function headMatches(context: EngineScope, head: GroupHead, filter: ActivityFilter): boolean {
  const { notifications, trigger } = head;
  if (filter.transactionId !== undefined && head.transactionId !== filter.transactionId) {
    return false;
  }
  if (filter.workflowId !== undefined && head.workflowId !== filter.workflowId) return false;
  const subscriberId = filter.subscriberId;
  if (
    subscriberId !== undefined &&
    !notifications.some(
      (item) =>
        subscriberByObjectId(context.data, item._subscriberId)?.subscriberId === subscriberId,
    )
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

/**
 * The environment's transactions, newest first, filtered, one page (`limit`, after `before`).
 * Every transaction is grouped and ordered by reference; only the page's groups are converted,
 * copied and given their messages, so a call costs one page, not the whole history.
 */
export function activity(
  engine: MockEngine,
  context: EngineScope,
  filter: ActivityFilter,
): ActivityGroup[] {
  const environmentId = context.environment._id;
  const heads = new Map<string, GroupHead>();
  for (const trigger of engine.events.readTriggers()) {
    if (trigger.environmentId !== environmentId) continue;
    const body = trigger.body as Record<string, unknown> | null;
    const answer = trigger.answer as Record<string, unknown> | undefined;
    const transactionId = text(answer?.['transactionId']) ?? text(body?.['transactionId']);
    const key = transactionId ?? `trigger-${trigger.triggerId}`;
    heads.set(key, {
      key,
      transactionId,
      workflowId: text(body?.['name']),
      at: trigger.receivedAt,
      trigger,
      notifications: [],
    });
  }
  // A transaction whose trigger is remembered takes its notifications; one whose trigger is
  // forgotten (older than the last 200, or a reset) is a group of its notifications.
  for (const record of tables.notifications.values(context.data)) {
    const transactionId = record.transactionId;
    let head = heads.get(transactionId);
    if (head === undefined) {
      head = {
        key: transactionId,
        transactionId,
        workflowId: workflowByObjectId(context.data, record._templateId)?.workflowId ?? null,
        at: record.createdAt,
        trigger: null,
        notifications: [],
      };
      heads.set(transactionId, head);
    }
    head.notifications.push(record);
  }
  const before = filter.before;
  const after =
    before === undefined ? undefined : { at: before[0], triggerId: before[1], key: before[2] };
  const ordered = [...heads.values()]
    .filter((head) => after === undefined || compareHeads(positionOf(head), after) > 0)
    .sort((a, b) => compareHeads(positionOf(a), positionOf(b)));
  const page: GroupHead[] = [];
  const limit = filter.limit ?? 50;
  for (const head of ordered) {
    if (page.length >= limit) break;
    if (headMatches(context, head, filter)) page.push(head);
  }
  const groups = page.map(
    (head): ActivityGroup => ({
      key: head.key,
      transactionId: head.transactionId,
      workflowId: head.workflowId,
      at: head.at,
      trigger: head.trigger === null ? null : structuredClone(head.trigger),
      notifications: head.notifications.map((record) => inspected(context.data, record)),
      messages: [],
      bridgeCalls: [],
      cursor: JSON.stringify([head.at, head.trigger?.triggerId ?? 0, head.key]),
    }),
  );
  const byKey = new Map(groups.map((group) => [group.key, group]));
  for (const message of tables.messages.values(context.data)) {
    byKey.get(message.transactionId)?.messages.push(sentMessage(message));
  }
  for (const call of engine.events.readBridgeCalls()) {
    if (call.environmentId !== environmentId) continue;
    byKey.get(call.transactionId)?.bridgeCalls.push(structuredClone(call));
  }
  return groups;
}
