/**
 * What the engine tells a durable store about each state change it commits, so the store can
 * write it down before the answer leaves and play it back after a restart
 * (docs/decisions/0142-keeping-data.md). The engine imports no file system: `svc-mock --data`
 * plugs a {@link CommitLog} in, the engine calls it.
 *
 * An entry is the change's cause, not its effect: the operation request (or the scheduled task)
 * with the clock time it ran at and every id it generated. Played back in order on the state it
 * followed, the engine's code makes the same change again.
 *
 * @module
 */

import type { IdGenerator } from './ids';

/** An operation request that was performed (anything but a GET). */
export interface OperationCommit {
  kind: 'operation';
  /** The clock time the operation ran at (epoch ms). */
  at: number;
  operation: string;
  authorization: string | null;
  params: Readonly<Record<string, string>>;
  /** The query string, without `?`. */
  query: string;
  path: string;
  idempotencyKey?: string;
  body?: unknown;
  /**
   * The environment of an in-process call (`engine.operations`, the inspector), which has no
   * key; absent for a request.
   */
  environmentId?: string;
  /** What the operation gathered outside the engine first (a bridge's discovery), replayed as is. */
  prepared?: unknown;
  /** An Inbox change's session (environment, subscriber, context), kept instead of its token. */
  session?: { environmentId: string; subscriberObjectId: string; contextKeys: string[] };
  /**
   * How many recipients the operation reached itself when it left the rest of a fan-out for
   * later chunks (run/fan-out.ts); absent when it reached them all.
   */
  fanOutInline?: number;
  /** The ids the operation generated, in order. */
  ids: string[];
}

/** A scheduled task (a delay or digest falling due) that ran outside any operation. */
export interface TaskCommit {
  kind: 'task';
  /** The clock time the task ran at. */
  at: number;
  /** The task's `seq` in `state.scheduled`. */
  seq: number;
  ids: string[];
}

/** A chunk of a pending fan-out (run/fan-out.ts) that ran outside any operation. */
export interface FanOutCommit {
  kind: 'fan-out';
  /** The clock time the chunk ran at. */
  at: number;
  /** The fan-out's `seq` in `state.fanOuts`. */
  seq: number;
  /** How many recipients the chunk reached. */
  reached: number;
  /** Set when the chunk failed: its writes were undone and the fan-out was dropped. */
  abandoned?: true;
  ids: string[];
}

/**
 * A bridge's answer to a code-first step (run/bridge-step.ts), applied outside any operation: the
 * answer is kept, so a replay applies it without calling the bridge again.
 */
export interface BridgeCommit {
  kind: 'bridge';
  /** The clock time the answer was applied at. */
  at: number;
  /** The call's `seq` in `state.bridgeCalls`. */
  seq: number;
  /** What the call gave (bridge/bridge-pump.ts `BridgeOutcome`). */
  outcome: unknown;
  ids: string[];
}

/** One committed state change. */
export type CommitEntry = OperationCommit | TaskCommit | FanOutCommit | BridgeCommit;

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
