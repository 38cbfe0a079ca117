/**
 * The engine's bridge pump: sends the pending bridge calls of code-first runs
 * (`state.bridgeCalls`, run/bridge-step.ts), a few at a time, and hands each answer back to the
 * engine, which applies it as a change of its own. `idle()` is what `engine.settle()` waits on.
 *
 * An answer is dropped when the state it was asked for is gone (a reset, restore or load bumps
 * the generation) or its call is no longer pending.
 *
 * @module
 */

import type { PendingBridgeCallRecord } from '../store/state';
import type { BridgeFailure, BridgeResult } from './bridge-client';

/** What a call gave: the bridge's answer, or a failure found before any request was sent. */
export type BridgeOutcome = BridgeResult | { ok: false; failure: BridgeFailure };

/**
 * A running bridge pump.
 *
 * @example
 * ```ts
 * const pump = createBridgePump({ pending: () => state.bridgeCalls, send, apply, concurrency: 8 });
 * pump.kick();
 * await pump.idle();
 * ```
 */
export interface BridgePump {
  /** Sends the pending calls not yet in flight. */
  kick(): void;
  /** Resolves once no call is pending or in flight (at once while held). */
  idle(): Promise<void>;
  /** Forgets the calls in flight: their answers are dropped (the state was replaced). */
  forget(): void;
  /** Sends nothing until {@link BridgePump.release} (a data directory loads and plays back). */
  hold(): void;
  /** Sends again. */
  release(): void;
  /** Whether calls are held back. */
  readonly held: boolean;
}

/**
 * Creates a pump over `pending` (the pending calls, oldest first): `send` makes one call from
 * the state as it is then, `apply` applies an answer to the call still pending.
 *
 * @example
 * ```ts
 * const pump = createBridgePump({ pending: () => state.bridgeCalls, send, apply, concurrency: 8 });
 * ```
 */
export function createBridgePump(deps: {
  pending(): readonly PendingBridgeCallRecord[];
  send(record: PendingBridgeCallRecord): Promise<BridgeOutcome>;
  apply(record: PendingBridgeCallRecord, outcome: BridgeOutcome): void;
  concurrency: number;
}): BridgePump {
  const inFlight = new Set<PendingBridgeCallRecord>();
  let generation = 0;
  let held = false;
  const waiters: (() => void)[] = [];

  const isIdle = () => held || (inFlight.size === 0 && deps.pending().length === 0);

  const wake = () => {
    if (!isIdle()) return;
    for (const resolve of waiters.splice(0)) resolve();
  };

  const start = (record: PendingBridgeCallRecord) => {
    inFlight.add(record);
    const sentIn = generation;
    deps
      .send(record)
      .catch(
        (error: unknown): BridgeOutcome => ({
          ok: false,
          failure: {
            url: '',
            statusCode: 500,
            code: 'UNKNOWN_BRIDGE_REQUEST_ERROR',
            message: error instanceof Error ? error.message : String(error),
          },
        }),
      )
      .then((outcome) => {
        if (sentIn !== generation) return;
        inFlight.delete(record);
        if (deps.pending().includes(record)) {
          try {
            deps.apply(record, outcome);
          } catch (error) {
            console.error('[svc-mock] a bridge answer could not be applied:', error);
          }
        }
        kick();
        wake();
      });
  };

  function kick(): void {
    if (held) return;
    for (const record of deps.pending()) {
      if (inFlight.size >= deps.concurrency) break;
      if (!inFlight.has(record)) start(record);
    }
    wake();
  }

  return {
    kick,
    idle() {
      if (isIdle()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        kick();
      });
    },
    forget() {
      generation += 1;
      inFlight.clear();
      kick();
    },
    hold() {
      held = true;
      generation += 1;
      inFlight.clear();
      wake();
    },
    release() {
      held = false;
      kick();
    },
    get held() {
      return held;
    },
  };
}
