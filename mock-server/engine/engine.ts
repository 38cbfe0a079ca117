/**
 * The in-memory reference engine, composed of its parts: the shared core (engine-core.ts), the
 * scopes (engine-scopes.ts), the organizations (organizations.ts), the work done outside requests
 * (background-work.ts), the baseline that `reset()` returns to (baseline.ts), the one port
 * (perform.ts) with its in-process face (in-process-operations.ts), and what a data directory
 * keeps (engine-commits.ts, durability.ts). The parts import the engine's public types from here.
 *
 * @module
 */

import { createBackgroundWork } from './background-work';
import { createBaseline } from './baseline';
import type { BridgeOptions } from './bridge/bridge-options';
import type { DeliveryReportInput } from './delivery-reports';
import { reportDelivery } from './delivery-reports';
import { createDurability } from './durability';
import type { DurableImage } from './durable-image';
import { createEngineCommits } from './engine-commits';
import { createEngineCore } from './engine-core';
import { createScopes } from './engine-scopes';
import type { EngineEvents } from './event-feed';
import { inProcessOperations } from './in-process-operations';
import { inboxAnnouncer } from './inbox/inbox-announcer';
import type { EngineInbox } from './inbox/inbox-hub';
import { engineInbox } from './inbox/inbox-hub';
import type { EngineOperations } from './operations/index';
import { createOrganizations } from './organizations';
import type { OperationRequest, OperationResponse } from './perform';
import { createPerform } from './perform';
import type { EngineFaults } from './policy/faults';
import type { RateLimitOptions } from './policy/rate-limit';
import type { Outbox } from './resources/outbox';
import { createOutbox } from './resources/outbox';
import type { DeliveryWebhookResultDto } from './run/delivery-webhooks';
import type { EngineScope } from './scope';
import type { SeedData } from './seed';
import type { CommitEntry, CommitLog } from './store/commit-log';
import type { WriteWatcher } from './store/journal';
import type { RetentionOptions } from './store/retention';
import type { SchedulingClock } from './store/scheduler';
import type { EngineState, EnvironmentRecord, OrganizationRecord } from './store/state';
import { readCommits } from './store/transaction';

export type { DurableImage, EncodedEngineState } from './durable-image';
export type { EngineOperations } from './operations/index';
export type { OperationRequest, OperationResponse } from './perform';
export type { EngineScope, EnvironmentScope } from './scope';

/**
 * Options of {@link createMockEngine}.
 *
 * @example
 * ```ts
 * const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * ```
 */
export interface MockEngineOptions {
  /** Data seeded into the Development environment (or the one it names) at creation. */
  seed?: SeedData;
  /**
   * Seed of the id and key generator: the same number gives the same ids and keys. Default: a
   * random seed for ids (each engine makes its own transaction, message and record ids, so an
   * app that stores them does not collide across runs) and 1 for API keys.
   */
  randomSeed?: number;
  /**
   * Make the same ids on every run, as `randomSeed: 1` does (for snapshot tests). Default false:
   * ids are random per engine. `svc-mock --deterministic` sets it.
   *
   * @example
   * ```ts
   * createMockEngine({ deterministic: true }); // the first trigger's transactionId is the same every run
   * ```
   */
  deterministic?: boolean;
  /**
   * API keys of the first organization's environments, by name, instead of generated ones
   * (`svc-mock` passes fresh random keys, or the one pinned with `--api-key`). Each is 16 to 128
   * letters, digits, `_` or `-`.
   */
  apiKeys?: { Development?: string; Production?: string };
  /**
   * The first organization's environments' `identifier` (the Inbox's `applicationIdentifier`),
   * by name, instead of generated ones (`svc-mock --application-identifier`). Each is 4 to 64
   * letters, digits, `_` or `-`.
   */
  applicationIdentifiers?: { Development?: string; Production?: string };
  /** Where the virtual clock starts: a date, or `'real'` for the wall clock at creation. */
  clockStart?: Date | string | number | 'real';
  /** Honour `Idempotency-Key` on POST and PATCH (docs/behaviour/cross-cutting.md#idempotency). Default true. */
  idempotency?: boolean;
  /** Emulate the service's rate limits (docs/behaviour/cross-cutting.md#rate-limits). Default false (off). */
  rateLimit?: false | RateLimitOptions;
  /**
   * How much activity each environment keeps (docs/security.md, "Caps and budgets"): finished
   * notifications with their messages and outbox entries older than `maxAgeMs` on the engine
   * clock, or beyond `maxNotifications`, are dropped as new triggers come. Default 7 days and
   * 10,000 notifications; pending work, open digests and unread in-app messages inside the
   * window are never dropped.
   */
  retention?: RetentionOptions;
  /**
   * How long the engine reaches a trigger's recipients before it lets other requests in
   * (docs/decisions/0145-fan-out-in-chunks.md): `inlineMs` inside the trigger's own request,
   * `chunkMs` per later chunk, each reaching at least one recipient. The answer waits for every
   * chunk either way. Default 50 and 20 ms (`FAN_OUT_SLICE`); `{ inlineMs: 0, chunkMs: 0 }`
   * reaches one recipient per turn of the event loop.
   *
   * @example
   * ```ts
   * createMockEngine({ fanOutSlice: { inlineMs: 0, chunkMs: 0 } }); // one recipient at a time
   * ```
   */
  fanOutSlice?: { inlineMs?: number; chunkMs?: number };
  /**
   * Make `reset()` leave the clock where it is instead of returning it to the baseline time
   * (the time at creation). Default false. `reset({ keepClock })` decides per call.
   */
  keepClockOnReset?: boolean;
  /**
   * How the engine calls the bridges of code-first apps (docs/code-first.md): an in-process
   * handler instead of the network, the timeout and the retry delay.
   *
   * @example
   * ```ts
   * createMockEngine({ bridge: { handler: (request) => app.fetch(request), retryDelayMs: 10 } });
   * ```
   */
  bridge?: BridgeOptions;
}

/**
 * Options of {@link MockEngine.reset}.
 *
 * @example
 * ```ts
 * engine.reset({ keepClock: true }); // the data goes back, the time stays
 * ```
 */
export interface ResetOptions {
  /**
   * Leave the clock at its current time. Default: the engine's `keepClockOnReset` option
   * (false: the clock returns to the baseline time, the time at creation).
   */
  keepClock?: boolean;
}

/**
 * A snapshot of the whole engine, for {@link MockEngine.restore}.
 *
 * @example
 * ```ts
 * const before = engine.snapshot();
 * engine.seed({ subscribers: [{ subscriberId: 'temp' }] });
 * engine.restore(before); // 'temp' is gone
 * ```
 */
export interface EngineSnapshot {
  /** @internal */
  readonly state: EngineState;
}

/**
 * Options of {@link MockEngine.settle}.
 *
 * @example
 * ```ts
 * await engine.settle({ skipTime: true }); // run every pending delay and digest now
 * ```
 */
export interface SettleOptions {
  /**
   * Also move the clock through every pending delay and digest window until nothing waits
   * (default false: only work due now runs, the clock does not move).
   */
  skipTime?: boolean;
}

/**
 * The in-memory reference engine: the service's state and rules, without HTTP.
 *
 * @example
 * ```ts
 * const engine = createMockEngine();
 * const dev = engine.environment('Development');
 * engine.seed({ subscribers: [{ subscriberId: 'user-1' }] });
 * ```
 */
export interface MockEngine {
  /**
   * The engine's virtual clock. `advance(ms | '30s' | '5m' | '2h' | '1d')` and `set(date)` run
   * every delay and digest that falls due, in time order, before they return.
   */
  readonly clock: SchedulingClock;
  /** Every message the engine delivered (what application tests assert on). */
  readonly outbox: Outbox;
  /** Fault injection: failing requests and provider deliveries; `reset()` clears it. */
  readonly faults: EngineFaults;
  /**
   * What the engine does, as it happens (triggers and their answers, job statuses, sent
   * messages), and the last triggers: what the inspector shows live (docs/inspector.md).
   */
  readonly events: EngineEvents;
  /**
   * Waits for every fan-out still reaching its recipients (the rest of a large broadcast, which
   * goes on in chunks between requests: docs/decisions/0145-fan-out-in-chunks.md), then runs all
   * work that is due now (and, with `skipTime`, everything still waiting by moving the clock).
   */
  settle(options?: SettleOptions): Promise<void>;
  /** The first organization. */
  readonly organization: OrganizationRecord;
  /** The first organization's environments: Development, Production, then those `POST /v1/environments` made. */
  readonly environments: readonly EnvironmentRecord[];
  /** An environment of any organization, by name (first organization) or `_id`. */
  environment(nameOrId: string): EnvironmentRecord;
  /** Creates another organization with its own Development and Production environments. */
  createOrganization(input: { name: string }): {
    organization: OrganizationRecord;
    environments: EnvironmentRecord[];
  };
  /** Adds data to an environment (Development unless `environment` names another). */
  seed(data: SeedData): void;
  /**
   * Goes back to the state right after creation (including the `seed` option), with the clock
   * back at the time of creation, so every test starts at the same time; pass
   * `{ keepClock: true }` (or create the engine with `keepClockOnReset`) to keep the time.
   */
  reset(options?: ResetOptions): void;
  /** Copies the whole state. */
  snapshot(): EngineSnapshot;
  /**
   * Puts a snapshot's state back. Anything but a snapshot of this engine is refused with a
   * `TypeError` and the engine is left as it was.
   */
  restore(snapshot: EngineSnapshot): void;
  /** The environment `environment()` finds, with its data: what `operations` act in. */
  scope(nameOrId?: string): EngineScope;
  /**
   * Answers one operation request the way the service does: authentication, rate limit, body,
   * idempotency and the operation, all or nothing. Every transport (msw, the HTTP server, the
   * fetch handler) calls this one entry; a refusal is an answer with the service's error body.
   */
  perform(request: OperationRequest): Promise<OperationResponse>;
  /** The operations without HTTP (see {@link EngineOperations}). */
  readonly operations: EngineOperations;
  /**
   * The Inbox (`/v1/inbox/*`) for a real-time layer: `resolveSession(token)` and
   * `onChange(listener)` (docs/inbox.md).
   */
  readonly inbox: EngineInbox;
  /** @internal What `svc-mock --data` keeps the engine with (docs/decisions/0142-keeping-data.md). */
  readonly durability: EngineDurability;
  /**
   * Reports a delivery event ("this message bounced") as the message's provider would post it to
   * the delivery-provider webhook; answers what that route answers (docs/outbox.md#delivery-events).
   *
   * @example
   * ```ts
   * engine.reportDelivery(engine.outbox.last({ channel: 'email' })!.messageId, { status: 'bounced' });
   * ```
   */
  reportDelivery(messageId: string, report: DeliveryReportInput): DeliveryWebhookResultDto[];
}

/**
 * How a durable store saves, loads and replays an engine.
 *
 * @internal
 */
export interface EngineDurability {
  /** The engine as it is now (not a copy: serialize it before anything else runs). */
  image(): DurableImage;
  /**
   * Calls `watcher` before each write to an object of the state (any engine's: the write helpers
   * are shared), until the returned function is called: what lets a compaction save the state as
   * it was at its start while requests go on changing it.
   */
  watchWrites(watcher: WriteWatcher): () => void;
  /** Replaces the whole engine with a saved one; a `TypeError` when it does not check out. */
  load(image: DurableImage): void;
  /** Puts one committed change's rows back, at its recorded time (no rule runs). */
  playBack(entry: CommitEntry): void;
  /**
   * Attaches (or, with `undefined`, detaches) the log every later change is written to; after a
   * journal's rows were put back, attaching arms the timers of the tasks still waiting.
   */
  attach(log: CommitLog | undefined): void;
  /**
   * Resolves once every change written so far survives a crash (what an in-process write, which
   * `engine.operations` answers at once, waits for before a transport acknowledges it).
   */
  synced(): Promise<void>;
}

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
    },
    options.retention ?? {},
  );
  readCommits(core.owner, inboxAnnouncer(scopes.scopeOfData, core.inbox.changes));
  const organizations = createOrganizations(core, scopes.scopeOf, options);
  const background = createBackgroundWork(core, {
    scopeIn: scopes.scopeIn,
    commits,
    fanOutSlice: options.fanOutSlice,
  });
  const baseline = createBaseline(core, { organizations, scopes, background }, options);
  const { perform, performInProcess } = createPerform({
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
    }),
  };
}
