/**
 * One request's transaction (docs/decisions/0149-transaction-per-request.md): everything an
 * operation carries besides its input, in one object the engine creates per request, per task
 * the clock fires, per fan-out chunk and per bridge answer: its stream of writes, which its undo,
 * its rows and the readers of committed writes read (store/writes.ts), the work budget (run/work-budget.ts), the fan-out
 * allowance (run/fan-out.ts), and whether it is one commit entry of a data directory's journal
 * (store/row-changes.ts).
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

import type { CollectionPaths } from './row-changes';
import type { Write } from './writes';

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
 * How long a step may reach recipients itself: a time slice, at least one recipient (an
 * in-process call's is endless: it reaches all of them).
 *
 * @example
 * ```ts
 * const allowance: FanOutAllowance = { sliceMs: 50 };
 * ```
 */
export interface FanOutAllowance {
  sliceMs: number;
}

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
  /**
   * Its stream of writes (store/writes.ts) while a journal is open or it records rows: what a
   * rollback undoes, the row log locates and the readers of committed writes read.
   */
  writes: Write[] | undefined;
  /** How many journals are open (the outermost one commits). */
  journals: number;
  /** The first write the readers of committed writes have not read. */
  readFrom: number;
  /** The first write whose rows are not in a commit entry yet. */
  rowsFrom: number;
  /** The work budget, once the operation has one. */
  budget: OperationBudget | undefined;
  /** The fan-out allowance and run, once the operation has one. */
  fanOut: FanOutContext | undefined;
  /**
   * Where the collections of its engine's state are, while it is one commit entry of a data
   * directory's journal (its writes locate the rows they change): the tasks it runs on the way
   * belong to that entry (a task run outside one is an entry of its own).
   */
  rows: CollectionPaths | undefined;
  /** The engines whose calls joined it, when it is a bare journal's (their readers read it too). */
  joined: Set<object> | undefined;
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
    writes: undefined,
    journals: 0,
    readFrom: 0,
    rowsFrom: 0,
    budget: init.budget,
    fanOut: undefined,
    rows: undefined,
    joined: undefined,
  };
}

/**
 * Reads the writes an engine's transaction committed (store/writes.ts), after its outermost
 * journal returned: a rolled-back write is never read. The list is the reader's own: what the
 * reader itself makes the engine write is read after it, once.
 *
 * @example
 * ```ts
 * const reader: CommitReader = (writes) => announceChanges(writes);
 * ```
 */
export type CommitReader = (writes: readonly Write[]) => void;

const readers = new WeakMap<object, CommitReader[]>();

/**
 * Calls `reader` with the writes each transaction of `owner` commits (and a bare journal that
 * `owner`'s calls joined), until the returned function is called.
 *
 * @example
 * ```ts
 * const stop = readCommits(engineToken, (writes) => kickPump(writes));
 * ```
 */
export function readCommits(owner: object, reader: CommitReader): () => void {
  readers.set(owner, [...(readers.get(owner) ?? []), reader]);
  return () => {
    readers.set(
      owner,
      (readers.get(owner) ?? []).filter((other) => other !== reader),
    );
  };
}

/**
 * Hands the writes `transaction` committed since its readers last read to the readers of its
 * engine (and of the engines that joined it).
 *
 * @example
 * ```ts
 * readCommitted(transaction);
 * ```
 */
export function readCommitted(transaction: Transaction): void {
  const writes = transaction.writes;
  if (writes === undefined) return;
  const from = transaction.readFrom;
  transaction.readFrom = writes.length;
  if (from === writes.length) return;
  const owners = transaction.owner === undefined ? (transaction.joined ?? []) : [transaction.owner];
  // A copy: a reader that calls the engine commits (and lets go of) writes of its own meanwhile.
  const committed = writes.slice(from);
  for (const owner of owners) {
    for (const reader of readers.get(owner) ?? []) {
      try {
        reader(committed);
      } catch (error) {
        // The writes are kept: what reads them cannot take them back.
        console.error('[svc-mock] a reader of committed writes threw:', error);
      }
    }
  }
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
  const current = joinedTransaction(owner);
  if (current !== undefined) return work(current);
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
  const current = running;
  if (current === undefined) return undefined;
  if (current.owner === owner) return current;
  if (current.owner !== undefined) return undefined;
  current.joined ??= new Set();
  current.joined.add(owner);
  return current;
}

/**
 * The running transaction when it is `owner`'s.
 *
 * @example
 * ```ts
 * const standalone = transactionOf(engineToken)?.rows === undefined;
 * ```
 */
export function transactionOf(owner: object): Transaction | undefined {
  return running?.owner === owner ? running : undefined;
}
