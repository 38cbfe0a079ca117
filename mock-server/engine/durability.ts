/**
 * How `svc-mock --data` keeps one engine (docs/decisions/0142-keeping-data.md): the image it
 * saves and loads (durable-image.ts), the commit log it attaches (engine-commits.ts), and the
 * playback of the log's entries after a restart, each with its recorded time and ids; an
 * operation's entry is played back in a transaction that carries its Inbox session and fan-out
 * count (store/transaction.ts).
 *
 * @module
 */

import type { BackgroundWork } from './background-work';
import type { Baseline } from './baseline';
import type { BridgeOutcome } from './bridge/bridge-pump';
import { durableImageProblem, isEncoded } from './durable-image';
import type { EngineDurability } from './engine';
import type { EngineCommits } from './engine-commits';
import type { EngineCore } from './engine-core';
import type { Organizations } from './organizations';
import type { InProcessCall, OperationRequest, OperationResponse } from './perform';
import { runFanOutChunk } from './run/fan-out';
import { createIdGenerator } from './store/ids';
import { journaled, watchWrites } from './store/journal';
import { withCurrentShape } from './store/snapshot-check';
import type { EnvironmentRecord } from './store/state';
import { tables } from './store/tables';
import { inTransactionOf, type Playback } from './store/transaction';
import { ServiceError } from './wire/service-error';

/** The parts of the engine a playback acts through. */
interface DurabilityParts {
  commits: EngineCommits;
  background: BackgroundWork;
  baseline: Baseline;
  organizations: Organizations;
  performPlayback(request: OperationRequest, playback: Playback): Promise<OperationResponse>;
  performInProcess(operation: string, environment: EnvironmentRecord, call: InProcessCall): unknown;
}

/**
 * Creates an engine's durability face.
 *
 * @internal
 */
export function createDurability(core: EngineCore, parts: DurabilityParts): EngineDurability {
  const { clock, recorder, events } = core;
  const { commits, background, baseline, organizations } = parts;
  const { fanOutPump, bridgePump } = background;
  // How many times this engine's data was loaded from a data directory (a new id seed each time).
  let restarts = 0;

  async function playBack(entry: Parameters<EngineDurability['playBack']>[0]): Promise<void> {
    const state = core.state;
    commits.playing = true;
    // The pump waits for the journal's end: chunks run only as their entries say (attach resumes it).
    fanOutPump.hold();
    recorder.play(entry.ids);
    try {
      clock.rewind(entry.at);
      if (entry.kind === 'task') {
        const task = tables.scheduled.find(state, (pending) => pending.seq === entry.seq);
        if (task !== undefined) background.runTaskNow(task);
      } else if (entry.kind === 'bridge') {
        const record = tables.bridgeCalls.find(state, (pending) => pending.seq === entry.seq);
        if (record !== undefined) background.applyBridge(record, entry.outcome as BridgeOutcome);
      } else if (entry.kind === 'fan-out') {
        const record = tables.fanOuts.find(state, (pending) => pending.seq === entry.seq);
        if (record === undefined) {
          throw new Error(
            `The delivery chunk played back belongs to no pending fan-out (${entry.seq})`,
          );
        }
        if (entry.abandoned) tables.fanOuts.remove(state, record);
        else {
          const scope = background.fanOutScope(record);
          inTransactionOf(core.owner, () =>
            journaled(() => runFanOutChunk(scope, record, entry.reached)),
          );
        }
      } else if (entry.environmentId !== undefined) {
        // An in-process change (engine.operations, the inspector) acts in its environment again.
        const environment = tables.environments.get(state, entry.environmentId);
        if (environment === undefined) {
          throw new Error(`The environment ${entry.environmentId} of a change played back is gone`);
        }
        try {
          parts.performInProcess(entry.operation, environment, {
            params: entry.params,
            query: new URLSearchParams(entry.query),
            body: entry.body,
            ...(entry.prepared === undefined ? {} : { prepared: entry.prepared }),
          });
        } catch (error) {
          // A refusal was never written; one played back means the rules changed under it.
          if (!(error instanceof ServiceError)) throw error;
        }
      } else {
        const body = entry.body;
        await parts.performPlayback(
          {
            operation: entry.operation as OperationRequest['operation'],
            authorization: entry.authorization,
            params: entry.params,
            query: new URLSearchParams(entry.query),
            path: entry.path,
            ...(entry.idempotencyKey === undefined ? {} : { idempotencyKey: entry.idempotencyKey }),
            ...(entry.prepared === undefined ? {} : { prepared: entry.prepared }),
            readBody: async () => body,
          },
          { session: entry.session, fanOutInline: entry.fanOutInline },
        );
      }
      recorder.finishPlayback();
    } catch (error) {
      try {
        recorder.finishPlayback();
      } catch {
        // the first error is the one to report
      }
      throw error;
    } finally {
      commits.playing = false;
    }
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
      // Held until the journal is played back and a log attached (or detached).
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
      recorder.setSource(createIdGenerator((core.idSeed + restarts * 0x9e3779b1) >>> 0, clock.now));
      clock.rewind(image.now);
      background.resyncClock();
      events.emit({ type: 'state-replaced', reason: 'restore' });
    },
    playBack,
    synced: () => commits.log?.durable() ?? Promise.resolve(),
    attach(log) {
      commits.attach(log);
      // Tasks played back left their timers in the clock: keep only the ones still waiting.
      background.resyncClock();
      // Fan-outs the journal left part way (a crash between chunks) go on from here.
      fanOutPump.release();
      // Steps whose bridge answer the journal does not hold are asked again.
      bridgePump.release();
    },
  };
}
