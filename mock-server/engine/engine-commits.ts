/**
 * Where one engine's changes are written (docs/decisions/0142-keeping-data.md): the commit log
 * `svc-mock --data` attaches (store/commit-log.ts) and the transactions that are one commit entry
 * each (store/transaction.ts), whose writes collect the rows they change (store/row-changes.ts).
 *
 * @module
 */

import type { EngineCore } from './engine-core';
import type { OperationCommits } from './perform';
import type { CommitEntry, CommitLog } from './store/commit-log';
import { startRecording, stopRecording, takeWrites } from './store/journal';
import { createCollectionPaths, rowChangesOf } from './store/row-changes';
import { createTransaction, type Transaction, transactionOf } from './store/transaction';

/**
 * The engine's commit log.
 *
 * @internal
 */
export interface EngineCommits {
  /** The attached log, if any. */
  readonly log: CommitLog | undefined;
  /** Attaches (or, with `undefined`, detaches) a log. */
  attach(log: CommitLog | undefined): void;
  /** Whether a change made now is written: a log is attached. */
  logging(): boolean;
  /**
   * Whether a task the clock fires now is a change of its own: logging, and no transaction of
   * this engine that writes an entry is running (a task an operation runs is in its entry).
   */
  standalone(): boolean;
  /** A new transaction of this engine that is one commit entry (a task, a chunk, a bridge answer). */
  recordingTransaction(): Transaction;
  /** The hooks `perform` writes an operation's entry with, while logging. */
  operationCommits(): OperationCommits | undefined;
  /**
   * Writes the rows `transaction` changed as an entry of `kind` (nothing when it changed none);
   * a log that cannot keeps it and says so (the change happened).
   */
  write(
    kind: Exclude<CommitEntry['kind'], 'operation'>,
    transaction: Transaction,
    at: number,
    what: string,
  ): void;
}

/**
 * Creates an engine's commit state, no log attached.
 *
 * @internal
 */
export function createEngineCommits(core: EngineCore): EngineCommits {
  const { owner } = core;
  let log: CommitLog | undefined;
  const paths = createCollectionPaths(() => core.state);

  const entryOf = (
    kind: CommitEntry['kind'],
    transaction: Transaction,
    at: number,
  ): CommitEntry | undefined => {
    const changes =
      transaction.rows === undefined ? [] : rowChangesOf(core.state, takeWrites(transaction));
    return changes.length === 0 ? undefined : { kind, at, changes };
  };

  const hooks: OperationCommits = {
    around(transaction, operation) {
      if (transaction.rows !== undefined) return operation();
      startRecording(transaction, paths);
      try {
        return operation();
      } finally {
        stopRecording(transaction);
      }
    },
    write(transaction, at) {
      const entry = entryOf('operation', transaction, at);
      if (entry !== undefined) log?.write(entry);
    },
    durable: () => log?.durable() ?? Promise.resolve(),
  };

  const commits: EngineCommits = {
    get log() {
      return log;
    },
    attach(next) {
      log = next;
    },
    logging: () => log !== undefined,
    standalone: () => commits.logging() && transactionOf(owner)?.rows === undefined,
    recordingTransaction() {
      const transaction = createTransaction({ owner });
      if (log !== undefined) startRecording(transaction, paths);
      return transaction;
    },
    operationCommits: () => (commits.logging() ? hooks : undefined),
    write(kind, transaction, at, what) {
      const entry = entryOf(kind, transaction, at);
      if (entry === undefined) return;
      try {
        log?.write(entry);
      } catch (error) {
        // The log keeps an entry it could not write yet; the change has happened in memory.
        console.error(`[svc-mock] could not write ${what} to the data directory:`, error);
      }
    },
  };
  return commits;
}
