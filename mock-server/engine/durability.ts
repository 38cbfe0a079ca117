/**
 * How `svc-mock --data` keeps one engine (docs/decisions/0142-keeping-data.md): the image it
 * saves and loads (durable-image.ts), the commit log it attaches (engine-commits.ts), and the
 * rows of the log's entries put back after a restart, each at its recorded time, without
 * running any rule (store/row-apply.ts).
 *
 * @module
 */

import type { BackgroundWork } from './background-work';
import type { Baseline } from './baseline';
import { durableImageProblem, isEncoded } from './durable-image';
import type { EngineDurability } from './engine';
import type { EngineCommits } from './engine-commits';
import type { EngineCore } from './engine-core';
import type { Organizations } from './organizations';
import type { CommitEntry } from './store/commit-log';
import { watchWrites } from './store/journal';
import { applyRowChanges } from './store/row-apply';
import { withCurrentShape } from './store/snapshot-check';
import type { EnvironmentRecord } from './store/state';
import { tables } from './store/tables';

/** The parts of the engine durability acts through. */
interface DurabilityParts {
  commits: EngineCommits;
  background: BackgroundWork;
  baseline: Baseline;
  organizations: Organizations;
}

/**
 * Creates an engine's durability face.
 *
 * @internal
 */
export function createDurability(core: EngineCore, parts: DurabilityParts): EngineDurability {
  const { clock, ids, events } = core;
  const { commits, background, baseline, organizations } = parts;
  const { fanOutPump, bridgePump } = background;
  // How many times this engine's data was loaded from a data directory (a new id seed each time).
  let restarts = 0;

  // A journal entry's rows go back as they were written: no rule runs (store/row-apply.ts).
  function playBack(entry: CommitEntry): void {
    clock.rewind(entry.at);
    applyRowChanges(core.state, entry.changes);
  }

  return {
    image: () => ({
      state: core.state,
      baseline: baseline.state,
      baselineTime: baseline.time,
      now: clock.now(),
      organizationId: organizations.first.organization._id,
      environmentIds: organizations.first.environments.map((environment) => environment._id),
      restarts,
    }),
    watchWrites,
    load(image) {
      const problem = durableImageProblem(image);
      if (problem !== undefined) throw new TypeError(`Not a saved engine: ${problem}`);
      const organization = tables.organizations.get(image.state, image.organizationId);
      const environments = image.environmentIds.map((id) =>
        tables.environments.get(image.state, id),
      );
      if (organization === undefined || environments.some((env) => env === undefined)) {
        throw new TypeError(
          "Not a saved engine: it does not hold its first organization's environments",
        );
      }
      // Held until the journal's rows are put back and a log attached (or detached).
      fanOutPump.hold();
      bridgePump.hold();
      core.replaceState(withCurrentShape(image.state));
      baseline.state = isEncoded(image.baseline)
        ? image.baseline
        : withCurrentShape(image.baseline);
      baseline.time = image.baselineTime;
      organizations.first = { organization, environments: environments as EnvironmentRecord[] };
      restarts = image.restarts + 1;
      // A restarted engine draws ids from a new seed: the same seed would make the ids again.
      ids.reseed((core.idSeed + restarts * 0x9e3779b1) >>> 0);
      clock.rewind(image.now);
      background.resyncClock();
      events.emit({ type: 'state-replaced', reason: 'restore' });
    },
    playBack,
    synced: () => commits.log?.durable() ?? Promise.resolve(),
    attach(log) {
      commits.attach(log);
      // The tasks the journal's rows left in the state get their timers (none ran on the way).
      background.resyncClock();
      // Fan-outs the journal left part way (a crash between chunks) go on from here.
      fanOutPump.release();
      // Steps whose bridge answer the journal does not hold are asked again.
      bridgePump.release();
    },
  };
}
