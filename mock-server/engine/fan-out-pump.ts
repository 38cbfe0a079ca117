/**
 * The engine's fan-out pump (docs/decisions/0145-fan-out-in-chunks.md): runs the chunks of the
 * pending fan-outs (`state.fanOuts`, run/fan-out.ts), one per turn of the event loop, so requests
 * that arrive meanwhile are answered between chunks; and tells whoever waits (a trigger's answer,
 * `engine.settle()`) when the fan-outs they wait for are done.
 *
 * @module
 */

/** Runs `task` on a later turn of the event loop, after pending I/O (Node) or a zero timeout. */
type Macrotask = (task: () => void) => void;

// Taken at load time: fake timers installed by a test later do not stop the pump.
const laterTurn: Macrotask =
  typeof globalThis.setImmediate === 'function'
    ? globalThis.setImmediate.bind(globalThis)
    : (task) => globalThis.setTimeout(task, 0);

/**
 * A running pump.
 *
 * @example
 * ```ts
 * const pump = createFanOutPump({ pending: () => state.fanOuts.map((f) => f.seq), step });
 * await pump.wait([seq]);
 * ```
 */
export interface FanOutPump {
  /** Starts running chunks when fan-outs are pending (after a restore, a load, an operation). */
  kick(): void;
  /** Resolves once none of the fan-outs `seqs` is pending (at once when none is, or held). */
  wait(seqs: readonly number[]): Promise<void>;
  /** Resolves once no fan-out is pending (at once while held). */
  idle(): Promise<void>;
  /**
   * Stops running chunks until {@link FanOutPump.release} (a data directory loads and plays its
   * journal back); whoever waits is answered.
   */
  hold(): void;
  /** Runs chunks again. */
  release(): void;
}

interface Waiter {
  done(pending: readonly number[]): boolean;
  resolve(): void;
}

/**
 * Creates a pump over `pending` (the seqs of the pending fan-outs, oldest first) that calls
 * `step` (one chunk of the oldest) per turn. A `step` that throws is reported to `onError`; the
 * step itself must make progress (drop a fan-out it cannot go on with).
 *
 * @example
 * ```ts
 * const pump = createFanOutPump({ pending: () => state.fanOuts.map((f) => f.seq), step: runChunk });
 * ```
 */
export function createFanOutPump(deps: {
  pending(): readonly number[];
  step(): void;
  onError?: (error: unknown) => void;
}): FanOutPump {
  const onError =
    deps.onError ??
    ((error: unknown) => console.error('[svc-mock] a fan-out chunk failed:', error));
  let scheduled = false;
  let held = false;
  let waiters: Waiter[] = [];

  const settleWaiters = () => {
    if (waiters.length === 0) return;
    const pending = deps.pending();
    const still: Waiter[] = [];
    for (const waiter of waiters) {
      if (waiter.done(pending)) waiter.resolve();
      else still.push(waiter);
    }
    waiters = still;
  };

  const turn = () => {
    scheduled = false;
    if (held) return;
    if (deps.pending().length > 0) {
      try {
        deps.step();
      } catch (error) {
        onError(error);
      }
    }
    settleWaiters();
    schedule();
  };

  const schedule = () => {
    if (scheduled || held || deps.pending().length === 0) return;
    scheduled = true;
    laterTurn(turn);
  };

  // Held, nothing runs until the release: waiting would never end (a settle during a load).
  const waitFor = (done: Waiter['done']): Promise<void> => {
    if (held || done(deps.pending())) return Promise.resolve();
    const promise = new Promise<void>((resolve) => waiters.push({ done, resolve }));
    schedule();
    return promise;
  };

  return {
    kick() {
      settleWaiters();
      schedule();
    },
    wait: (seqs) =>
      seqs.length === 0
        ? Promise.resolve()
        : waitFor((pending) => !seqs.some((seq) => pending.includes(seq))),
    idle: () => waitFor((pending) => pending.length === 0),
    hold() {
      held = true;
      // A hold comes with a new state (a data directory's load): what they waited for is gone.
      for (const waiter of waiters.splice(0)) waiter.resolve();
    },
    release() {
      held = false;
      settleWaiters();
      schedule();
    },
  };
}
