/**
 * Fan-out in chunks (docs/decisions/0145-fan-out-in-chunks.md): a trigger reaches its recipients
 * inside its operation for a short slice of time; what is left (a broadcast to thousands of
 * subscribers, a topic's, a bulk, or a run of costly renders) is stored as a pending fan-out and
 * reached later, one chunk per turn of the event loop, so the server answers other requests in
 * between. Each chunk is all or nothing and is a change of its own in a data directory's journal,
 * with the number of recipients it reached, so a restart plays the same chunks back.
 *
 * The fan-out context belongs to the running transaction (store/transaction.ts), as its journal
 * and budget do. Outside one (`engine.operations`, a seed) every recipient is reached at once.
 *
 * @module
 */

import { findSubscriber } from '../resources/subscribers';
import type { EngineScope } from '../scope';
import { enforceRetention } from '../store/retention';
import type { PendingFanOutRecord, WorkflowRecord } from '../store/state';
import { tables } from '../store/tables';
import {
  activeTransaction,
  createTransaction,
  type FanOutAllowance,
  type FanOutContext,
  type FanOutRun,
  runTransaction,
} from '../store/transaction';
import { workflowByObjectId } from '../store/workflow-index';
import { deliverTo, type NotificationEvent, type Recipient } from './new-notification';
import { currentOperationBudget, type OperationBudget, withOperationBudget } from './work-budget';

/**
 * How long the engine reaches recipients without yielding to other requests (docs/security.md,
 * "Caps and budgets"): `inlineMs` inside the trigger's own operation, `chunkMs` per later chunk;
 * each reaches at least one recipient. A recipient is the smallest unit: its whole run happens
 * at once. The engine's `fanOutSlice` option changes them.
 *
 * @example
 * ```ts
 * import { FAN_OUT_SLICE } from '@svc/api/mock';
 * FAN_OUT_SLICE.chunkMs; // 20
 * ```
 */
export const FAN_OUT_SLICE = {
  inlineMs: 50,
  chunkMs: 20,
} as const;

export type { FanOutAllowance, FanOutRun } from '../store/transaction';

// The clock is read through a reference taken at load time: fake timers in a test do not reach it.
const monotonicNow = performance.now.bind(performance);

/** What is left of each pending fan-out's operation budget (gone after a restart: a fresh one). */
const budgets = new WeakMap<PendingFanOutRecord, OperationBudget>();

/**
 * Runs `work` (one operation) with a fan-out context: triggers inside it may store the rest of
 * their delivery as pending fan-outs once `allowance` is used up. Nested calls share the outer.
 *
 * @example
 * ```ts
 * const run: FanOutRun = { delivered: 0, deferred: false, created: [] };
 * withFanOut({ sliceMs: 50 }, run, () => handle(scope, input));
 * run.created; // the pending fan-outs the answer waits for
 * ```
 */
export function withFanOut<T>(allowance: FanOutAllowance, run: FanOutRun, work: () => T): T {
  const transaction = activeTransaction();
  if (transaction?.fanOut !== undefined) return work();
  if (transaction === undefined) {
    return runTransaction(createTransaction(), () => withFanOut(allowance, run, work));
  }
  transaction.fanOut = { run, allowance, startedAt: monotonicNow() };
  try {
    return work();
  } finally {
    transaction.fanOut = undefined;
  }
}

/** Whether the operation reaches the next recipient itself (and counts it when so). */
function reachNow(context: FanOutContext | undefined): boolean {
  if (context === undefined) return true;
  const { run, allowance } = context;
  if (run.deferred) return false;
  const now = run.delivered === 0 || monotonicNow() - context.startedAt < allowance.sliceMs;
  if (now) run.delivered += 1;
  else run.deferred = true;
  return now;
}

/**
 * Reaches a trigger's recipients: each at once while the operation's slice lasts, the rest
 * stored as one pending fan-out (journaled: a rollback of the operation drops it).
 *
 * @example
 * ```ts
 * fanOut(scope, workflow, recipients, { transactionId, payload, overrides, contextKeys: [] });
 * ```
 */
export function fanOut(
  scope: EngineScope,
  workflow: WorkflowRecord,
  recipients: readonly Recipient[],
  event: NotificationEvent,
): void {
  // The request's transaction, carried by its scope (docs/decisions/0149-transaction-per-request.md).
  const context = scope.transaction?.fanOut;
  for (const [index, recipient] of recipients.entries()) {
    if (reachNow(context)) {
      deliverTo(scope, workflow, recipient, event);
      continue;
    }
    const record: PendingFanOutRecord = {
      seq: tables.nextTaskSequence(scope.state),
      environmentId: scope.environment._id,
      workflowId: workflow._id,
      transactionId: event.transactionId,
      payload: event.payload,
      overrides: event.overrides,
      ...(event.actorId === undefined ? {} : { actorId: event.actorId }),
      ...(event.tenantId === undefined ? {} : { tenantId: event.tenantId }),
      contextKeys: event.contextKeys,
      recipients: recipients.slice(index).map((rest) => ({
        subscriberId: rest.subscriber.subscriberId,
        to: rest.to,
        topics: rest.topics,
        subscriptions: rest.subscriptions,
      })),
      next: 0,
    };
    tables.fanOuts.push(scope.state, record);
    const budget = currentOperationBudget();
    if (budget !== undefined) budgets.set(record, budget);
    context?.run.created.push(record.seq);
    return;
  }
}

/**
 * Reaches the next recipients of a pending fan-out in `scope` (its environment) for a time slice
 * (at least one), then runs what fell due and the retention pass, as a trigger does. The fan-out is dropped once every recipient was
 * reached, or when its workflow is gone. Call it inside a journal; returns how many it reached.
 *
 * A subscriber deleted since the trigger is passed over (counted, reached by nothing).
 *
 * @example
 * ```ts
 * const reached = journaled(() => runFanOutChunk(scope, scope.state.fanOuts[0], { sliceMs: 20 }));
 * ```
 */
export function runFanOutChunk(
  scope: EngineScope,
  record: PendingFanOutRecord,
  slice: FanOutAllowance,
): number {
  const workflow = workflowByObjectId(scope.data, record.workflowId);
  if (workflow === undefined) {
    tables.fanOuts.remove(scope.state, record);
    return 0;
  }
  const event: NotificationEvent = {
    transactionId: record.transactionId,
    payload: record.payload as NotificationEvent['payload'],
    overrides: record.overrides as NotificationEvent['overrides'],
    actorId: record.actorId,
    tenantId: record.tenantId,
    contextKeys: record.contextKeys,
  };
  const startedAt = monotonicNow();
  let reached = 0;
  withOperationBudget(() => {
    while (record.next + reached < record.recipients.length) {
      if (reached > 0 && monotonicNow() - startedAt >= slice.sliceMs) break;
      const pending = record.recipients[
        record.next + reached
      ] as PendingFanOutRecord['recipients'][number];
      reached += 1;
      const subscriber = findSubscriber(scope.data, pending.subscriberId);
      if (subscriber === undefined) continue;
      deliverTo(scope, workflow, { ...pending, subscriber }, event);
    }
    scope.runDue();
  }, budgets.get(record));
  if (record.next + reached >= record.recipients.length) tables.fanOuts.remove(scope.state, record);
  else tables.fanOuts.advance(scope.state, record, record.next + reached);
  enforceRetention(scope.state, scope.data, scope.now(), scope.retention);
  return reached;
}
