/**
 * What every part of an engine shares (engine.ts composes them): the state, which a reset, a
 * restore or a data directory's load replaces whole; the clock; the id generator (store/ids.ts);
 * the event feed, faults, Inbox hub and bridge transport; and the token its transactions carry
 * (store/transaction.ts).
 *
 * @module
 */

import type { BridgeTransport } from './bridge/bridge-client';
import { bridgeTransport } from './bridge/bridge-options';
import type { MockEngineOptions } from './engine';
import { createEventFeed, type EventFeed } from './event-feed';
import { createInboxHub, type InboxHub } from './inbox/inbox-hub';
import { createFaults, type EngineFaults } from './policy/faults';
import { createIdGenerator, type SeededIdGenerator } from './store/ids';
import { createSchedulingClock, type SchedulingClock } from './store/scheduler';
import {
  createState,
  type EngineState,
  type EnvironmentData,
  type EnvironmentRecord,
} from './store/state';
import { tables } from './store/tables';

/** A seed from the platform's random source (Web Crypto: Node 20+ and browsers). */
const randomUint32 = (): number => crypto.getRandomValues(new Uint32Array(1))[0] as number;

/**
 * The shared core of one engine.
 *
 * @internal
 */
export interface EngineCore {
  /** The state now (read it each time: {@link EngineCore.replaceState} swaps it). */
  readonly state: EngineState;
  /** Puts another state in place (a reset, a restore, a load) and points the faults at it. */
  replaceState(next: EngineState): void;
  /** What this engine's transactions carry as their owner (store/transaction.ts). */
  readonly owner: object;
  readonly clock: SchedulingClock;
  /** The seed ids are drawn from (a restart of a data directory draws from a new one). */
  readonly idSeed: number;
  /** The engine's ids (a restart of a data directory reseeds them). */
  readonly ids: SeededIdGenerator;
  readonly events: EventFeed;
  readonly faults: EngineFaults;
  readonly inbox: InboxHub;
  readonly bridge: BridgeTransport;
  /** The data of an environment of the state (an `Error` when it has none). */
  dataOf(environment: EnvironmentRecord): EnvironmentData;
}

/**
 * Creates an engine's core with an empty state.
 *
 * @internal
 */
export function createEngineCore(options: MockEngineOptions): EngineCore {
  const clock = createSchedulingClock(
    options.clockStart === 'real' ? Date.now() : options.clockStart,
  );
  const idSeed = options.randomSeed ?? (options.deterministic ? 1 : randomUint32());
  let state: EngineState = createState();
  const faults = createFaults();
  faults.bind(state);
  return {
    get state() {
      return state;
    },
    replaceState(next) {
      state = next;
      faults.bind(next);
    },
    owner: {},
    clock,
    idSeed,
    ids: createIdGenerator(idSeed, clock.now),
    events: createEventFeed(clock.iso),
    faults,
    inbox: createInboxHub(() => state, clock.now),
    bridge: bridgeTransport(options.bridge),
    dataOf(environment) {
      const data = tables.environments.dataOf(state, environment._id);
      if (!data) throw new Error(`No data for environment ${environment._id}`);
      return data;
    },
  };
}
