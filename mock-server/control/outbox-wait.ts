/**
 * The long-poll of `GET /__svc/outbox?wait=10s`: a test in any language waits for a delivery
 * (a delay that fires on the real clock) instead of sleeping. The wait is capped, and so is the
 * number of requests waiting on one engine, so open requests cannot pile up on the server; a
 * waiter is woken only by a message it could answer with, and leaves when its client hangs up.
 *
 * @module
 */
import type { MockEngine } from '../engine/engine';
import type { EngineEvent } from '../engine/event-feed';
import type { OutboxFilter } from '../engine/resources/outbox';
import { parseDuration } from '../engine/store/durations';
import { ServiceError } from '../engine/wire/service-error';

/** The longest `wait` an outbox request may ask for. */
export const MAX_OUTBOX_WAIT_MS = 30_000;

/** How many outbox requests may wait on one engine at once; one more is refused with a 429. */
export const MAX_OUTBOX_WAITERS = 16;

const WAIT_RULE = `wait must be a duration such as 10s or 500ms, at most ${MAX_OUTBOX_WAIT_MS / 1000}s`;

/**
 * The `wait` query parameter in milliseconds (`undefined` when absent).
 *
 * @throws RangeError naming the rule for an unreadable or too long wait (a 400).
 */
export function parseOutboxWait(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  let ms: number;
  try {
    // A bare number would be ambiguous (seconds or milliseconds?): the unit is required.
    if (!/[a-z]\s*$/i.test(raw)) throw new RangeError(WAIT_RULE);
    ms = parseDuration(raw);
  } catch {
    throw new RangeError(`${WAIT_RULE}, got "${raw}"`);
  }
  if (ms > MAX_OUTBOX_WAIT_MS) throw new RangeError(`${WAIT_RULE}, got "${raw}"`);
  return ms;
}

const waiting = new WeakMap<MockEngine, number>();

/** What an outbox request waits for. */
export interface OutboxWaitFor {
  /** The request's filters: only a message they match (or a reset or restore) wakes the wait. */
  filter: OutboxFilter;
  /** Whether the request's page has something to answer; checked when woken. */
  ready: () => boolean;
  /** The request's hang-up: the wait ends, and its slot is freed, when it aborts. */
  signal?: AbortSignal | undefined;
}

/** Whether an engine event could put a message on the waiting request's page. */
function couldAnswer(event: EngineEvent, filter: OutboxFilter): boolean {
  if (event.type === 'state-replaced') return true;
  return (
    event.type === 'message-sent' &&
    (filter.channel === undefined || event.channel === filter.channel) &&
    (filter.subscriberId === undefined || event.subscriberId === filter.subscriberId) &&
    (filter.workflowId === undefined || event.workflowId === filter.workflowId) &&
    (filter.transactionId === undefined || event.transactionId === filter.transactionId) &&
    (filter.environmentId === undefined || event.environmentId === filter.environmentId)
  );
}

/**
 * Resolves as soon as `ready()` holds, checked now and after each engine event that could answer
 * the request (a message its filters match, the state replaced), after `ms`, or when the
 * request's `signal` aborts, whichever comes first. Other events cost a comparison, not a scan
 * of the outbox.
 *
 * @throws ServiceError 429 when {@link MAX_OUTBOX_WAITERS} requests already wait on the engine.
 */
export async function waitForOutbox(
  engine: MockEngine,
  { filter, ready, signal }: OutboxWaitFor,
  ms: number,
): Promise<void> {
  if (ms === 0 || signal?.aborted || ready()) return;
  const active = waiting.get(engine) ?? 0;
  if (active >= MAX_OUTBOX_WAITERS) {
    throw ServiceError.http(
      429,
      `${MAX_OUTBOX_WAITERS} outbox requests are already waiting: retry later, or without wait`,
    );
  }
  waiting.set(engine, active + 1);
  try {
    await new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        stop();
        signal?.removeEventListener('abort', finish);
        resolve();
      };
      const stop = engine.events.subscribe((event) => {
        if (couldAnswer(event, filter) && ready()) finish();
      });
      const timer = setTimeout(finish, ms);
      signal?.addEventListener('abort', finish, { once: true });
    });
  } finally {
    waiting.set(engine, (waiting.get(engine) ?? 1) - 1);
  }
}
