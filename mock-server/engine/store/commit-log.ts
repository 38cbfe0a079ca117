/**
 * What the engine tells a durable store about each state change it commits, so the store can
 * write it down before the answer leaves and play it back after a restart
 * (docs/decisions/0142-keeping-data.md). The engine imports no file system: `svc-mock --data`
 * plugs a {@link CommitLog} in, the engine calls it.
 *
 * An entry is the change's effect, not its cause: the rows it changed and the clock time it ran
 * at. Put back in order on the state it followed, they make the same state again whatever the
 * rules of the build that reads them (docs/decisions/0142-keeping-data.md#rows-not-requests).
 *
 * @module
 */

import type { RowChange } from './row-changes';

/**
 * One committed state change: the rows it changed (store/row-changes.ts), read when it
 * committed, and the clock time it ran at. `kind` says what made it: an operation request (or an
 * in-process call), a scheduled task the clock ran outside any operation, a chunk of a pending
 * fan-out, or a bridge's answer to a code-first step.
 *
 * @example
 * ```ts
 * const entry: CommitEntry = { kind: 'task', at: Date.now(), changes: [] };
 * ```
 */
export interface CommitEntry {
  kind: 'operation' | 'task' | 'fan-out' | 'bridge';
  /** The clock time the change ran at (epoch ms). */
  at: number;
  changes: RowChange[];
}

/**
 * Where the engine writes its commits.
 *
 * @example
 * ```ts
 * const entries: CommitEntry[] = [];
 * engine.durability.attach({ write: (entry) => entries.push(entry), durable: async () => {} });
 * ```
 */
export interface CommitLog {
  /**
   * Writes an entry for a change just applied in memory. Throwing (a full disk) refuses the
   * change: an operation's writes are undone and it answers the error. A task's or fan-out
   * chunk's change stays; the log must keep that entry and write it before any later one.
   */
  write(entry: CommitEntry): void;
  /** Resolves once every entry written so far survives a crash. */
  durable(): Promise<void>;
}
