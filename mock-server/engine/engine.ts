/**
 * The in-memory reference engine, composed of its parts: the shared core (engine-core.ts), the
 * scopes (engine-scopes.ts), the organizations (organizations.ts), the work done outside requests
 * (background-work.ts), the baseline that `reset()` returns to (baseline.ts), the one port
 * (perform.ts) with its in-process face (in-process-operations.ts), and what a data directory
 * keeps (engine-commits.ts, durability.ts). Its public types are in engine-api.ts.
 *
 * @module
 */

import { createBackgroundWork } from './background-work';
import { createBaseline } from './baseline';
import { reportDelivery } from './delivery-reports';
import { createDurability } from './durability';
import type { MockEngine, MockEngineOptions } from './engine-api';
import { createEngineCommits } from './engine-commits';
import { createEngineCore } from './engine-core';
import { createScopes } from './engine-scopes';
import { inProcessOperations } from './in-process-operations';
import { engineInbox } from './inbox/inbox-hub';
import { createOrganizations } from './organizations';
import { createPerform } from './perform';
import { createOutbox } from './resources/outbox';

export type { DurableImage, EncodedEngineState } from './durable-image';
export type {
  EngineDurability,
  EngineSnapshot,
  MockEngine,
  MockEngineOptions,
  RequestContext,
  ResetOptions,
  SettleOptions,
} from './engine-api';
export type { EngineOperations } from './operations/index';
export type { OperationRequest, OperationResponse } from './perform';
export type { EngineScope, EnvironmentScope } from './scope';

/**
 * Creates an engine with one organization and its Development and Production environments, each
 * with the service's default integrations.
 *
 * @example
 * ```ts
 * import { createMockEngine } from '@svc/api/mock';
 * import { createHandlers } from '@svc/api/mock/msw';
 * const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * const handlers = createHandlers(engine);
 * ```
 */
export function createMockEngine(options: MockEngineOptions = {}): MockEngine {
  const core = createEngineCore(options);
  const commits = createEngineCommits(core);
  // Scopes reach the background work only once used (it needs the scopes to run).
  const scopes = createScopes(
    core,
    {
      schedule: (task) => background.schedule(task),
      unschedule: (drop) => background.unschedule(drop),
      bridgeCallQueued: () => background.bridgePump.kick(),
    },
    options.retention ?? {},
  );
  const organizations = createOrganizations(core, scopes.scopeOf, options);
  const background = createBackgroundWork(core, {
    scopeIn: scopes.scopeIn,
    commits,
    fanOutSlice: options.fanOutSlice,
  });
  const baseline = createBaseline(core, { organizations, scopes, background }, options);
  const { perform, performPlayback, performInProcess } = createPerform({
    state: () => core.state,
    scopeOf: scopes.scopeIn,
    now: core.clock.now,
    iso: core.clock.iso,
    idempotency: options.idempotency ?? true,
    rateLimit: options.rateLimit || undefined,
    inbox: core.inbox,
    owner: core.owner,
    commits: commits.operationCommits,
    fanOut: { inline: background.inlineSlice, done: (seqs) => background.fanOutPump.wait(seqs) },
  });
  const operations = inProcessOperations(performInProcess);

  return {
    clock: core.clock,
    outbox: createOutbox(() => core.state),
    faults: core.faults,
    events: core.events,
    settle: background.settle,
    get organization() {
      return organizations.first.organization;
    },
    get environments() {
      return organizations.firstEnvironments();
    },
    environment: organizations.find,
    createOrganization: baseline.createOrganization,
    seed: baseline.seed,
    reset: baseline.reset,
    snapshot: baseline.snapshot,
    restore: baseline.restore,
    scope: (nameOrId = 'Development') => scopes.scopeIn(organizations.find(nameOrId)),
    perform,
    operations,
    inbox: engineInbox(core.inbox),
    reportDelivery: (messageId, report) =>
      reportDelivery(
        {
          state: () => core.state,
          environments: () => organizations.first.environments,
          scope: scopes.scopeIn,
          operations,
        },
        messageId,
        report,
      ),
    durability: createDurability(core, {
      commits,
      background,
      baseline,
      organizations,
      performPlayback,
      performInProcess,
    }),
  };
}
