/**
 * Where one engine's changes are written (docs/decisions/0142-keeping-data.md): the commit log
 * `svc-mock --data` attaches (store/commit-log.ts), whether its entries are being played back,
 * and the transactions that are one commit entry each (store/transaction.ts).
 *
 * @module
 */

import type { EngineCore } from './engine-core';
import type { OperationCommits } from './perform';
import type { CommitEntry, CommitLog } from './store/commit-log';
import { createTransaction, type Transaction, transactionOf } from './store/transaction';

/**
 * The engine's commit log and playback state.
 *
 * @internal
 */
export interface EngineCommits {
  /** The attached log, if any. */
  readonly log: CommitLog | undefined;
  /** Attaches (or, with `undefined`, detaches) a log; ids are recorded while one is. */
  attach(log: CommitLog | undefined): void;
  /** Whether a journal's entries are being played back now. */
  playing: boolean;
  /** Whether a change made now is written: a log is attached and nothing is played back. */
  logging(): boolean;
  /**
   * Whether a task the clock fires now is a change of its own: logging, and no transaction of
   * this engine that writes an entry is running (a task an operation runs is in its entry).
   */
  standalone(): boolean;
  /** A new transaction of this engine that is one commit entry (a chunk, a bridge answer). */
  recordingTransaction(): Transaction;
  /** The hooks `perform` writes an operation's entry with, while logging. */
  operationCommits(): OperationCommits | undefined;
  /** Writes a change's entry; a log that cannot keeps it and says so (the change happened). */
  write(entry: CommitEntry, what: string): void;
}

/**
 * Creates an engine's commit state, no log attached.
 *
 * @internal
 */
export function createEngineCommits(core: EngineCore): EngineCommits {
  const { owner, recorder } = core;
  let log: CommitLog | undefined;

  const hooks: OperationCommits = {
    around(transaction, operation) {
      if (transaction.recording) return operation();
      recorder.take(); // ids drawn outside any commit (a read) belong to none
      transaction.recording = true;
      try {
        return operation();
      } finally {
        transaction.recording = false;
      }
    },
    write(entry) {
      log?.write({ kind: 'operation', ...entry, ids: recorder.take() });
    },
    durable: () => log?.durable() ?? Promise.resolve(),
  };

  const commits: EngineCommits = {
    get log() {
      return log;
    },
    attach(next) {
      log = next;
      recorder.recording = next !== undefined;
      recorder.take();
    },
    playing: false,
    logging: () => log !== undefined && !commits.playing,
    standalone: () => commits.logging() && transactionOf(owner)?.recording !== true,
    recordingTransaction() {
      const transaction = createTransaction({ owner });
      transaction.recording = true;
      return transaction;
    },
    operationCommits: () => (commits.logging() ? hooks : undefined),
    write(entry, what) {
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
