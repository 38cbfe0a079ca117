/**
 * The engine's event feed: what happened, as it happens (a trigger received and answered, a job's
 * status changed, a message sent, in-app messages marked, the state replaced). Observers (the
 * inspector's live view, a test) subscribe; the engine itself never reads it. The last triggers
 * are kept so a view opened later still shows their bodies and answers (docs/inspector.md).
 *
 * @module
 */

import type { JobRecord, OutboxRecord } from './store/state';
import { keptBody } from './wire/excerpt';

/**
 * One thing the engine did. `seq` grows by one per event, so an observer that reconnects can ask
 * for what it missed.
 *
 * @example
 * ```ts
 * engine.events.subscribe((event: EngineEvent) => {
 *   if (event.type === 'message-sent') console.log(event.channel, event.subscriberId);
 * });
 * ```
 */
export type EngineEvent = { seq: number; at: string } & (
  | {
      type: 'trigger-received';
      triggerId: number;
      environmentId: string;
      /**
       * The request body as the engine received it; past 64,000 characters of JSON, an excerpt
       * (`{ truncated: true, length, hash, excerpt }`, engine/wire/excerpt.ts).
       */
      body: unknown;
    }
  | {
      type: 'trigger-answered';
      triggerId: number;
      environmentId: string;
      /** The HTTP status the trigger answered (201, or the error's status). */
      status: number;
      /** The `data` of a 201, or the error body (an excerpt past 64,000 characters, as `body`). */
      answer: unknown;
    }
  | {
      type: 'job-status';
      environmentId: string;
      notificationId: string;
      transactionId: string;
      jobId: string;
      stepId: string;
      jobType: JobRecord['type'];
      status: JobRecord['status'];
    }
  | {
      type: 'message-sent';
      environmentId: string;
      channel: OutboxRecord['channel'];
      messageId: string;
      notificationId: string;
      transactionId: string;
      subscriberId: string;
      workflowId: string;
    }
  | {
      type: 'messages-marked';
      environmentId: string;
      subscriberId: string;
      messageIds: string[];
      markAs: string;
    }
  | {
      type: 'bridge-called';
      callId: number;
      environmentId: string;
      transactionId: string;
      notificationId: string;
      jobId: string;
      stepId: string;
      /** Whether the bridge answered 2xx with JSON. */
      ok: boolean;
    }
  | { type: 'state-replaced'; reason: 'reset' | 'restore' }
);

/** An event before the feed numbers and dates it. */
export type EngineEventInput = EngineEvent extends infer E
  ? E extends EngineEvent
    ? Omit<E, 'seq' | 'at'>
    : never
  : never;

/**
 * A trigger as the feed remembers it: the body it received and, once answered, the answer.
 *
 * @example
 * ```ts
 * const last: TriggerExchange | undefined = engine.events.triggers().at(-1);
 * console.log(last?.status, last?.answer);
 * ```
 */
export interface TriggerExchange {
  triggerId: number;
  environmentId: string;
  receivedAt: string;
  body: unknown;
  /** Set when answered. */
  status?: number;
  answer?: unknown;
}

/**
 * One call a code-first run made to its app's bridge (`action=execute` of a step), as the feed
 * remembers it for the inspector's run view: the request body, the answer (the bridge's JSON, or
 * the failure as the run recorded it), how long it took and how many attempts it made.
 *
 * @example
 * ```ts
 * const last: BridgeCallExchange | undefined = engine.events.bridgeCalls().at(-1);
 * console.log(last?.stepId, last?.ok, last?.ms);
 * ```
 */
export interface BridgeCallExchange {
  callId: number;
  environmentId: string;
  transactionId: string;
  notificationId: string;
  jobId: string;
  stepId: string;
  action: string;
  url: string;
  /** When it was sent, on the engine clock. */
  sentAt: string;
  /** The request body (an excerpt past 64,000 characters of JSON, as a trigger's body). */
  request: unknown;
  ok: boolean;
  /** The bridge's JSON answer, or the failure (`{ url, statusCode, message, code, data? }`). */
  answer: unknown;
  /** Wall-clock milliseconds from the first attempt to the answer. */
  ms: number;
  attempts: number;
}

/**
 * Receives events, in order, synchronously while the engine works: keep it quick and never
 * change the engine from it.
 *
 * @example
 * ```ts
 * const listener: EngineEventListener = (event) => console.log(event.seq, event.type);
 * ```
 */
export type EngineEventListener = (event: EngineEvent) => void;

/**
 * The read side of the feed, on {@link MockEngine.events}.
 *
 * @example
 * ```ts
 * const stop = engine.events.subscribe((event) => console.log(event.type));
 * engine.events.triggers(); // the last triggers, oldest first
 * stop();
 * ```
 */
export interface EngineEvents {
  /** Calls `listener` with every later event; returns the function that stops it. */
  subscribe(listener: EngineEventListener): () => void;
  /** The last triggers (up to 200, `TRIGGER_HISTORY`), oldest first (copies). */
  triggers(): TriggerExchange[];
  /**
   * @internal The last triggers themselves, oldest first, without a copy: what a view pages
   * through before it copies the few it shows. Read them, never change them.
   */
  readTriggers(): readonly Readonly<TriggerExchange>[];
  /** The last bridge calls of code-first runs (up to 200, `BRIDGE_CALL_HISTORY`), oldest first (copies). */
  bridgeCalls(): BridgeCallExchange[];
  /** @internal The last bridge calls themselves, oldest first: read them, never change them. */
  readBridgeCalls(): readonly Readonly<BridgeCallExchange>[];
  /** The `seq` of the last event so far (0 before any). */
  lastSeq(): number;
}

/** The feed as the engine holds it: {@link EngineEvents} plus emitting. */
export interface EventFeed extends EngineEvents {
  /** Whether anyone listens (emitters skip building events nobody reads). */
  readonly observed: boolean;
  emit(event: EngineEventInput): void;
  /** Remembers a trigger's body and tells the listeners; returns its id. */
  triggerReceived(environmentId: string, body: unknown): number;
  /** Remembers a trigger's answer and tells the listeners. */
  triggerAnswered(triggerId: number, status: number, answer: unknown): void;
  /** Forgets the remembered triggers and bridge calls (the engine's reset). */
  forgetTriggers(): void;
  /** Remembers a bridge call of a run (its body and answer kept as a trigger's are) and tells the listeners. */
  bridgeCalled(call: Omit<BridgeCallExchange, 'callId'>): void;
}

/** How many bridge calls the feed remembers (a bounded window, as `TRIGGER_HISTORY`). */
export const BRIDGE_CALL_HISTORY = 200;

/**
 * How many triggers the feed remembers: a bounded window, so a long-running server does not grow.
 */
export const TRIGGER_HISTORY = 200;

/** Creates an empty feed; `iso()` dates the events (the engine's clock). */
export function createEventFeed(iso: () => string): EventFeed {
  const listeners = new Set<EngineEventListener>();
  const history: TriggerExchange[] = [];
  const bridgeHistory: BridgeCallExchange[] = [];
  let callSeq = 0;
  let seq = 0;
  let triggerSeq = 0;

  function emit(input: EngineEventInput): void {
    seq += 1;
    if (listeners.size === 0) return;
    const event = { ...input, seq, at: iso() } as EngineEvent;
    for (const listener of listeners) listener(event);
  }

  return {
    get observed() {
      return listeners.size > 0;
    },
    emit,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    triggers: () => structuredClone(history),
    readTriggers: () => history,
    bridgeCalls: () => structuredClone(bridgeHistory),
    readBridgeCalls: () => bridgeHistory,
    bridgeCalled(call) {
      callSeq += 1;
      const kept: BridgeCallExchange = {
        ...call,
        callId: callSeq,
        request: keptBody(call.request),
        answer: keptBody(call.answer),
      };
      bridgeHistory.push(kept);
      if (bridgeHistory.length > BRIDGE_CALL_HISTORY) bridgeHistory.shift();
      emit({
        type: 'bridge-called',
        callId: callSeq,
        environmentId: kept.environmentId,
        transactionId: kept.transactionId,
        notificationId: kept.notificationId,
        jobId: kept.jobId,
        stepId: kept.stepId,
        ok: kept.ok,
      });
    },
    lastSeq: () => seq,
    triggerReceived(environmentId, received) {
      const body = keptBody(received);
      triggerSeq += 1;
      history.push({ triggerId: triggerSeq, environmentId, receivedAt: iso(), body });
      if (history.length > TRIGGER_HISTORY) history.shift();
      emit({ type: 'trigger-received', triggerId: triggerSeq, environmentId, body });
      return triggerSeq;
    },
    triggerAnswered(triggerId, status, given) {
      const answer = keptBody(given);
      const exchange = history.findLast((entry) => entry.triggerId === triggerId);
      if (exchange) Object.assign(exchange, { status, answer });
      emit({
        type: 'trigger-answered',
        triggerId,
        environmentId: exchange?.environmentId ?? '',
        status,
        answer,
      });
    },
    forgetTriggers() {
      history.length = 0;
      bridgeHistory.length = 0;
    },
  };
}
