/**
 * The work one engine does outside requests: the tasks the clock fires (delays, digests, snooze
 * ends: store/task-timers.ts), the chunks of pending fan-outs (run/fan-out.ts, fan-out-pump.ts)
 * and the answers of bridge calls (bridge/bridge-pump.ts). Each is a change of its own, in a
 * transaction of its own (store/transaction.ts): all or nothing, and written to an attached
 * commit log as its own entry (engine-commits.ts).
 *
 * @module
 */

import { callBridge } from './bridge/bridge-client';
import { type BridgeOutcome, type BridgePump, createBridgePump } from './bridge/bridge-pump';
import { bridgeCallTarget, executeCall } from './bridge/execute-request';
import type { MockEngineOptions, SettleOptions } from './engine';
import type { EngineCommits } from './engine-commits';
import type { EngineCore } from './engine-core';
import { createFanOutPump, type FanOutPump } from './fan-out-pump';
import { endSnooze } from './inbox/notification-actions';
import { applyBridgeAnswer, runScheduledTask } from './run/execution';
import { FAN_OUT_SLICE, runFanOutChunk } from './run/fan-out';
import { withOperationBudget } from './run/work-budget';
import type { EngineScope } from './scope';
import { journaled } from './store/journal';
import { scheduledIndex, scheduledPosition } from './store/scheduled-order';
import type {
  EnvironmentRecord,
  PendingBridgeCallRecord,
  PendingFanOutRecord,
  ScheduledTaskRecord,
} from './store/state';
import { tables } from './store/tables';
import { createTaskTimers } from './store/task-timers';
import { inTransactionOf, readCommits, runTransaction } from './store/transaction';
import type { Write } from './store/writes';

/**
 * The engine's background work.
 *
 * @internal
 */
export interface BackgroundWork {
  /** Stores a task for the clock (its `seq` is given here) and arms its timer. */
  schedule(task: Omit<ScheduledTaskRecord, 'seq'>): void;
  /** Removes the pending tasks `drop` picks, from the state and from the clock (journaled). */
  unschedule(drop: (task: ScheduledTaskRecord) => boolean): void;
  /** Re-arms the clock's timers from the state's tasks (after the state was replaced). */
  resyncClock(): void;
  /** How long a trigger reaches recipients inside its own request. */
  readonly inlineSlice: { sliceMs: number };
  readonly fanOutPump: FanOutPump;
  readonly bridgePump: BridgePump;
  /** What `engine.settle()` does. */
  settle(options?: SettleOptions): Promise<void>;
}

/**
 * Creates an engine's background work; `scopeIn` is called only once work runs.
 *
 * @internal
 */
export function createBackgroundWork(
  core: EngineCore,
  deps: {
    scopeIn(environment: EnvironmentRecord): EngineScope;
    commits: EngineCommits;
    fanOutSlice: MockEngineOptions['fanOutSlice'];
  },
): BackgroundWork {
  const { clock, owner, events } = core;
  const { scopeIn, commits } = deps;
  for (const [name, ms] of Object.entries(deps.fanOutSlice ?? {})) {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new TypeError(`fanOutSlice.${name} must be a number of milliseconds, 0 or more`);
    }
  }
  const inlineSlice = { sliceMs: deps.fanOutSlice?.inlineMs ?? FAN_OUT_SLICE.inlineMs };
  const chunkSlice = { sliceMs: deps.fanOutSlice?.chunkMs ?? FAN_OUT_SLICE.chunkMs };

  // Runs a pending task when its timer fires (store/task-timers.ts): with a data directory
  // attached and no entry running, its rows are an entry of their own.
  function runTask(task: ScheduledTaskRecord): void {
    const state = core.state;
    const index = scheduledIndex(tables.scheduled.values(state), task.at, task.seq);
    if (index === -1) return;
    const run = () => {
      tables.scheduled.removeAt(state, index);
      const environment = tables.environments.get(state, task.environmentId);
      if (environment === undefined) return;
      const scope = scopeIn(environment);
      inTransactionOf(owner, () =>
        journaled(() => {
          if (task.kind === 'end-snooze') endSnooze(scope, task.notificationId);
          // A firing outside any request has an operation's budget of its own, as a request has.
          else withOperationBudget(() => runScheduledTask(scope, task));
        }),
      );
    };
    // A task run by the clock is a change of its own; one an operation runs is in its entry.
    if (!commits.standalone()) {
      run();
      return;
    }
    const transaction = commits.recordingTransaction();
    runTransaction(transaction, run);
    commits.write('task', transaction, clock.now(), 'a task');
  }

  // Tasks are state data and the clock holds only lookups (store/task-timers.ts).
  const timers = createTaskTimers(clock, runTask);

  function fanOutScope(record: PendingFanOutRecord): EngineScope {
    const environment = tables.environments.get(core.state, record.environmentId);
    if (environment === undefined) {
      throw new Error(`The environment ${record.environmentId} of a pending fan-out is gone`);
    }
    return scopeIn(environment);
  }

  // One chunk of the oldest pending fan-out, as a change of its own (run/fan-out.ts): all or
  // nothing, and written to the commit log with how many recipients it reached.
  function runFanOutStep(): void {
    const record = tables.fanOuts.at(core.state, 0);
    if (record === undefined) return;
    const at = clock.now();
    const transaction = commits.recordingTransaction();
    try {
      runTransaction(transaction, () =>
        journaled(() => runFanOutChunk(fanOutScope(record), record, chunkSlice)),
      );
    } catch (error) {
      // Its writes are undone; going on would fail the same way on every turn.
      runTransaction(transaction, () => tables.fanOuts.remove(core.state, record));
      console.error(
        `[svc-mock] a delivery chunk of transaction ${record.transactionId} failed; its remaining recipients are not reached:`,
        error,
      );
    }
    commits.write('fan-out', transaction, at, 'a delivery chunk');
  }

  // A bridge answer is a change of its own, as a task is: journaled all or nothing, its rows one
  // commit entry with those of the tasks due on the way.
  function applyBridge(record: PendingBridgeCallRecord, outcome: BridgeOutcome): void {
    const environment = tables.environments.get(core.state, record.environmentId);
    if (environment === undefined) return;
    const scope = scopeIn(environment);
    const at = clock.now();
    const transaction = commits.recordingTransaction();
    try {
      runTransaction(transaction, () =>
        journaled(() => {
          withOperationBudget(() => applyBridgeAnswer(scope, record, outcome));
          clock.runDue();
        }),
      );
    } catch (error) {
      // Its writes are undone; the call is dropped so it is not sent again and again.
      runTransaction(transaction, () => tables.bridgeCalls.remove(core.state, record));
      console.error('[svc-mock] a bridge answer could not be applied:', error);
    }
    commits.write('bridge', transaction, at, 'a bridge answer');
  }

  const bridgePump = createBridgePump({
    pending: () => tables.bridgeCalls.values(core.state),
    concurrency: 8,
    async send(record): Promise<BridgeOutcome> {
      const environment = tables.environments.get(core.state, record.environmentId);
      const scope = environment && scopeIn(environment);
      const target = scope && bridgeCallTarget(scope, record);
      const call = scope && target && executeCall(scope, target, record);
      if (call === undefined || target === undefined) {
        return {
          ok: false,
          failure: {
            url: '',
            statusCode: 404,
            code: 'BRIDGE_ENDPOINT_NOT_FOUND',
            message: 'The environment has no bridge URL: sync the app first (POST /v1/bridge/sync)',
          },
        };
      }
      const sentAt = clock.iso();
      const result = await callBridge(core.bridge, call);
      // The inspector's run view shows each call (event-feed.ts); a bounded window.
      events.bridgeCalled({
        environmentId: record.environmentId,
        transactionId: target.notification.transactionId,
        notificationId: target.notification._id,
        jobId: target.job._id,
        stepId: target.job.step.stepId,
        action: call.action,
        url: result.url,
        sentAt,
        request: call.body,
        ok: result.ok,
        answer: result.ok ? result.body : result.failure,
        ms: result.ms,
        attempts: result.attempts,
      });
      return result;
    },
    apply: applyBridge,
  });

  // A step that waits for its bridge call is sent once the write that queued it committed.
  readCommits(owner, (writes) => {
    const queued = (write: Write) =>
      write.table === tables.bridgeCalls.tap && write.kind === 'list' && write.present;
    if (writes.some(queued)) bridgePump.kick();
  });

  const fanOutPump = createFanOutPump({
    pending: () => tables.fanOuts.values(core.state).map((fanOut) => fanOut.seq),
    step: runFanOutStep,
  });

  return {
    schedule(task) {
      const state = core.state;
      const record: ScheduledTaskRecord = { ...task, seq: tables.nextTaskSequence(state) };
      tables.scheduled.insert(
        state,
        scheduledPosition(tables.scheduled.values(state), record),
        record,
      );
      timers.added(record);
    },
    unschedule: (drop) => timers.removed(tables.scheduled.removeWhere(core.state, drop)),
    resyncClock: () => timers.replaceAll(tables.scheduled.values(core.state)),
    inlineSlice,
    fanOutPump,
    bridgePump,
    async settle(settleOptions = {}) {
      // Fan-outs, due work and bridge calls feed each other: drain until none is left.
      const drain = async () => {
        do {
          await fanOutPump.idle();
          clock.runDue();
          await bridgePump.idle();
        } while (
          !bridgePump.held &&
          (tables.bridgeCalls.size(core.state) > 0 || tables.fanOuts.size(core.state) > 0)
        );
      };
      await drain();
      if (settleOptions.skipTime) {
        for (let due = clock.nextDueAt(); due !== undefined; due = clock.nextDueAt()) {
          clock.set(Math.max(due, clock.now()));
          await drain();
        }
      }
    },
  };
}
