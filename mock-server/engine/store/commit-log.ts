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
 * An {@link IdGenerator} that can record the ids it hands out (while a commit log is attached)
 * or hand out recorded ones (while entries are played back).
 *
 * @example
 * ```ts
 * const recorder = createIdRecorder(createIdGenerator(1, () => 0));
 * recorder.recording = true;
 * recorder.ids.objectId();
 * recorder.take(); // ['00000000...']
 * ```
 */
export interface IdRecorder {
  readonly ids: IdGenerator;
  /** Record the ids handed out (off until a log is attached). */
  recording: boolean;
  /** The ids handed out since the last call, and forgets them. */
  take(): string[];
  /** Hands out `ids` (in order) instead of new ones until {@link IdRecorder.finishPlayback}. */
  play(ids: readonly string[]): void;
  /** Ends a playback; throws when it did not use exactly the ids it was given. */
  finishPlayback(): void;
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
  let drawn: string[] = [];
  let playback: readonly string[] | undefined;
  let position = 0;
  const hand = (make: () => string): string => {
    if (playback !== undefined) {
      const id = playback[position];
      if (id === undefined)
        throw new Error('The entry played back generates more ids than it recorded');
      position += 1;
      return id;
    }
    const id = make();
    if (recorder.recording) drawn.push(id);
    return id;
  };
  const recorder: IdRecorder = {
    ids: {
      objectId: () => hand(() => source.objectId()),
      uuid: () => hand(() => source.uuid()),
      shortId: (length) => hand(() => source.shortId(length)),
    },
    recording: false,
    take() {
      const taken = drawn;
      drawn = [];
      return taken;
    },
    play(ids) {
      playback = ids;
      position = 0;
    },
    finishPlayback() {
      const given = playback?.length ?? 0;
      const used = position;
      playback = undefined;
      position = 0;
      if (used !== given) {
        throw new Error(`The entry played back used ${used} of its ${given} recorded ids`);
      }
    },
    setSource(next) {
      source = next;
    },
  };
  return recorder;
}
