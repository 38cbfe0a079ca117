/**
 * What one engine goes back to: the baseline `reset()` restores (the state right after creation,
 * the `seed` option and every organization made since included) and the time it returns the
 * clock to; the data `seed()` adds; and `snapshot()` / `restore()`
 * (docs/virtual-clock.md#reset-snapshots-and-resuming-pending-work).
 *
 * @module
 */

import type { BackgroundWork } from './background-work';
import { copyOfBaseline, type EncodedEngineState, isEncoded, ownerOf } from './durable-image';
import type { EngineSnapshot, MockEngineOptions, ResetOptions } from './engine';
import type { EngineCore } from './engine-core';
import type { EngineScopes } from './engine-scopes';
import type { OrganizationEnvironments, Organizations } from './organizations';
import { applySeed, parseSeed, type SeedData } from './seed';
import { journaled, markWritesRead } from './store/journal';
import { copySnapshotState, snapshotProblem, withCurrentShape } from './store/snapshot-check';
import type { EngineState, EnvironmentData } from './store/state';
import { inTransactionOf } from './store/transaction';
import { checkJsonDepth } from './wire/json-depth';
import { checkNoProtoKeys } from './wire/prototype-keys';

/**
 * The engine's baseline and the calls that read or replace the whole state.
 *
 * @internal
 */
export interface Baseline {
  /** What `reset()` returns to (a data directory may hand it over still encoded). */
  state: EngineState | EncodedEngineState;
  /** What `reset()` returns the clock to. */
  time: number;
  seed(data: SeedData): void;
  reset(options?: ResetOptions): void;
  snapshot(): EngineSnapshot;
  restore(snapshot: EngineSnapshot): void;
  createOrganization(input: { name: string }): OrganizationEnvironments;
}

/**
 * Seeds the `seed` option and keeps the state as the baseline.
 *
 * @internal
 */
export function createBaseline(
  core: EngineCore,
  parts: { organizations: Organizations; scopes: EngineScopes; background: BackgroundWork },
  options: Pick<MockEngineOptions, 'seed' | 'keepClockOnReset'>,
): Baseline {
  const { organizations, scopes, background } = parts;
  const { clock, events } = core;

  function seed(input: SeedData): void {
    checkJsonDepth(input, 'The seed data');
    checkNoProtoKeys(input, 'The seed data');
    const parsed = parseSeed(input);
    const environment = organizations.find(parsed.environment ?? 'Development');
    // Written through the tables in a journal: a seed that fails half-way (an unknown
    // subscriberId in a topic) is undone and leaves the environment as it was. Not on a copy of
    // the environment: a copy would duplicate every string the records share.
    inTransactionOf(core.owner, () =>
      journaled(() => {
        applySeed(scopes.scopeIn(environment), parsed);
        // Seeded messages are data set up, not deliveries: an open Inbox hears nothing.
        markWritesRead();
      }),
    );
  }

  // The state now became another: the clock's timers, the pumps and the feed follow it.
  function replaced(reason: 'reset' | 'restore'): void {
    background.resyncClock();
    background.fanOutPump.kick();
    background.bridgePump.forget();
    if (reason === 'reset') events.forgetTriggers();
    events.emit({ type: 'state-replaced', reason });
  }

  if (options.seed) seed(options.seed);
  const baseline: Baseline = {
    state: structuredClone(core.state),
    // What reset() returns the clock to: seeding at creation does not move the clock, so this
    // is the time of creation (docs/virtual-clock.md#reset-snapshots-and-resuming-pending-work).
    time: clock.now(),
    seed,
    reset(resetOptions = {}) {
      // A copy of what reset() returns to (durable-image.ts): one that fails its check is refused.
      const next = copyOfBaseline(baseline.state, ownerOf(organizations.first));
      core.faults.clear();
      core.replaceState(next);
      if (!(resetOptions.keepClock ?? options.keepClockOnReset ?? false)) {
        clock.rewind(baseline.time);
      }
      replaced('reset');
    },
    snapshot: () => ({ state: structuredClone(core.state) }),
    restore(snapshot) {
      // Checked on a copy before anything changes: a bad snapshot is refused, the engine stays.
      const candidate = copySnapshotState(snapshot);
      const problem = snapshotProblem(candidate, ownerOf(organizations.first));
      if (problem !== undefined || candidate === undefined) {
        throw new TypeError(`Not an engine snapshot: ${problem ?? 'it cannot be copied'}`);
      }
      core.replaceState(withCurrentShape(candidate));
      replaced('restore');
    },
    createOrganization({ name }) {
      // A baseline kept encoded is decoded and checked first: one that fails changes nothing.
      let kept = isEncoded(baseline.state)
        ? copyOfBaseline(baseline.state, ownerOf(organizations.first))
        : baseline.state;
      const created = organizations.add(name);
      // Organizations are structure, not test data: reset keeps them (and their keys) working.
      const copy = structuredClone(core.state);
      kept.organizations.set(created.organization._id, created.organization);
      for (const environment of created.environments) {
        kept.environments.set(environment._id, environment);
        kept.apiKeys.set(environment.apiKey, environment._id);
        kept.data.set(environment._id, copy.data.get(environment._id) as EnvironmentData);
      }
      kept = structuredClone(kept);
      baseline.state = kept;
      return created;
    },
  };
  return baseline;
}
