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

import type { IdGenerator } from './ids';
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

/**
 * An {@link IdGenerator} whose source can be replaced: a restarted engine draws its ids from a
 * new seed, so a virtual clock at the same second cannot make an id again.
 *
 * @example
 * ```ts
 * const recorder = createIdRecorder(createIdGenerator(1, () => 0));
 * recorder.setSource(createIdGenerator(2, () => 0));
 * recorder.ids.objectId();
 * ```
 */
export interface IdRecorder {
  readonly ids: IdGenerator;
  /** Replaces the generator behind (a restarted engine draws from a new seed). */
  setSource(source: IdGenerator): void;
}

/**
 * Wraps an id generator as an {@link IdRecorder}.
 *
 * @example
 * ```ts
 * const recorder = createIdRecorder(createIdGenerator(1, clock.now));
 * ```
 */
export function createIdRecorder(initial: IdGenerator): IdRecorder {
  let source = initial;
  return {
    ids: {
      objectId: () => source.objectId(),
      uuid: () => source.uuid(),
      shortId: (length) => source.shortId(length),
    },
    setSource(next) {
      source = next;
    },
  };
}
