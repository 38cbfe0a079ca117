/**
 * One request's transaction (docs/decisions/0149-transaction-per-request.md): everything an
 * operation carries besides its input, in one object the engine creates per request, per task
 * the clock fires, per fan-out chunk and per bridge answer: the undo log and the callbacks that
 * wait for the commit (store/journal.ts), the work budget (run/work-budget.ts), the fan-out
 * allowance (run/fan-out.ts), and whether it is one commit entry of a data directory's journal,
 * with the rows its writes changed (store/row-changes.ts).
 *
 * The journal's write helpers reach the transaction running now through one pointer, set and
 * cleared only by {@link runTransaction}: a handler runs synchronously, so one transaction is
 * running at a time, and an await between two parts of a request leaves no transaction running.
 * Two engines in one process each run their own; a transaction of one engine started inside
 * another's (an event listener calling a second engine) runs apart and leaves the outer one as
 * it was.
 *
 * @module
 */

import type { RowLog } from './row-changes';

/** How to undo one write. */
export type Undo = () => void;

/**
 * What is left of one operation's work budget (run/work-budget.ts).
 *
 * @example
 * ```ts
 * const budget: OperationBudget = { renderMsLeft: 3000 };
 * ```
 */
export interface OperationBudget {
  renderMsLeft: number;
}

/**
 * How many recipients a step may reach: for a time slice (`{ sliceMs }`, at least one), or
 * exactly a number (an in-process call: all of them).
 *
 * @example
 * ```ts
 * const allowance: FanOutAllowance = { sliceMs: 50 };
 * ```
 */
export type FanOutAllowance = { sliceMs: number } | number;

/**
 * One operation's fan-out: how many recipients it reached itself, whether it left some for
 * later, and the pending fan-outs it stored (what its answer waits for).
 *
 * @example
 * ```ts
 * const run: FanOutRun = { delivered: 0, deferred: false, created: [] };
 * ```
 */
export interface FanOutRun {
  delivered: number;
  deferred: boolean;
  readonly created: number[];
}

/** The fan-out of the operation running: its allowance, what it reached, since when. */
export interface FanOutContext {
  readonly run: FanOutRun;
  readonly allowance: FanOutAllowance;
  readonly startedAt: number;
}

/**
 * One request's transaction. `owner` is the engine it belongs to (a bare journal has none).
 *
 * @example
 * ```ts
 * const transaction = createTransaction({ owner: engineToken });
 * runTransaction(transaction, () => journaled(() => handle(scope, input)));
 * ```
 */
export interface Transaction {
  readonly owner: object | undefined;
  /** The undo log while its journal is open; writes outside a journal are not logged. */
  undo: Undo[] | undefined;
  /** Callbacks waiting for the outermost journal to commit. */
  committed: (() => void)[];
  /** The work budget, once the operation has one. */
  budget: OperationBudget | undefined;
  /** The fan-out allowance and run, once the operation has one. */
  fanOut: FanOutContext | undefined;
  /**
   * Whether it is one commit entry of a data directory's journal: the tasks it runs on the way
   * belong to that entry (a task run outside one is an entry of its own).
   */
  recording: boolean;
  /**
   * The rows its writes changed, while it is a commit a data directory keeps (store/row-changes.ts).
   */
  rows: RowLog | undefined;
}

/**
 * A new transaction, nothing open yet.
 *
 * @example
 * ```ts
 * const transaction = createTransaction({ owner: engineToken });
 * ```
 */
export function createTransaction(
  init: { owner?: object; budget?: OperationBudget } = {},
): Transaction {
  return {
    owner: init.owner,
    undo: undefined,
    committed: [],
    budget: init.budget,
    fanOut: undefined,
    recording: false,
    rows: undefined,
  };
}

let running: Transaction | undefined;

/**
 * The transaction running now, if any (what the journal's write helpers, the work budget and
 * the fan-out reach).
 *
 * @example
 * ```ts
 * activeTransaction()?.undo?.push(undo);
 * ```
 */
export function activeTransaction(): Transaction | undefined {
  return running;
}

/**
 * Runs `work` (synchronous) as `transaction`, then puts back whatever ran before: the one place
 * the running transaction changes.
 *
 * @example
 * ```ts
 * runTransaction(createTransaction({ owner }), () => journaled(() => handle(scope, input)));
 * ```
 */
export function runTransaction<T>(transaction: Transaction, work: () => T): T {
  const outer = running;
  running = transaction;
  try {
    return work();
  } finally {
    running = outer;
  }
}

/**
 * Runs `work` in the running transaction when it is `owner`'s (nested parts of one request share
 * it) or a bare journal's (no owner: what a test or a seed wraps round engine calls), or else in
 * a new one of `owner`'s.
 *
 * @example
 * ```ts
 * inTransactionOf(engineToken, () => runScheduledTask(scope, task));
 * ```
 */
export function inTransactionOf<T>(owner: object, work: (transaction: Transaction) => T): T {
  const current = running;
  if (current !== undefined && (current.owner === owner || current.owner === undefined)) {
    return work(current);
  }
  const transaction = createTransaction({ owner });
  return runTransaction(transaction, () => work(transaction));
}

/**
 * The running transaction a call of `owner`'s joins (as {@link inTransactionOf} does): `owner`'s
 * own or a bare journal's; what an engine's shared scope answers as its `transaction`.
 *
 * @example
 * ```ts
 * const context = joinedTransaction(engineToken)?.fanOut;
 * ```
 */
export function joinedTransaction(owner: object): Transaction | undefined {
  return running !== undefined && (running.owner === owner || running.owner === undefined)
    ? running
    : undefined;
}

/**
 * The running transaction when it is `owner`'s.
 *
 * @example
 * ```ts
 * const standalone = transactionOf(engineToken)?.recording !== true;
 * ```
 */
export function transactionOf(owner: object): Transaction | undefined {
  return running?.owner === owner ? running : undefined;
}
