import { encodeQuery } from '../../src/routes/route';
import { callBridge } from './bridge/bridge-client';
import { type BridgeOptions, bridgeTransport } from './bridge/bridge-options';
import { type BridgeOutcome, createBridgePump } from './bridge/bridge-pump';
import { bridgeCallTarget, executeCall } from './bridge/execute-request';
import { type DeliveryReportInput, reportDelivery } from './delivery-reports';
import { createEventFeed, type EngineEvents } from './event-feed';
import { createFanOutPump } from './fan-out-pump';
import type { DeliveryWebhookResultDto } from './run/delivery-webhooks';

/** A call of `engine.operations` as the engine reads it. */
interface OperationCall {
  params?: Readonly<Record<string, string>>;
  query?: URLSearchParams | Record<string, unknown>;
  body?: unknown;
  /** @internal What an operation with a `prepare` step gathered (a bridge's discovery). */
  prepared?: unknown;
}

import type { DurableImage, EncodedEngineState } from './durable-image';
import { copyOfBaseline, durableImageProblem, isEncoded, ownerOf } from './durable-image';
import { createInboxHub, type EngineInbox, engineInbox } from './inbox/inbox-hub';
import { endSnooze } from './inbox/notification-actions';
import { type EngineOperations, OPERATIONS } from './operations/index';
import { createPerform, type OperationRequest, type OperationResponse } from './perform';
import { createFaults, type EngineFaults } from './policy/faults';
import type { RateLimitOptions } from './policy/rate-limit';
import { addDefaultIntegrations } from './resources/integrations';
import { createOutbox, type Outbox } from './resources/outbox';
import { applyBridgeAnswer, runScheduledTask } from './run/execution';
import { FAN_OUT_SLICE, type FanOutAllowance, runFanOutChunk } from './run/fan-out';
import { withOperationBudget } from './run/work-budget';
import type { EngineScope, EnvironmentScope } from './scope';
import { applySeed, parseSeed, type SeedData } from './seed';
import {
  type CommitEntry,
  type CommitLog,
  createIdRecorder,
  type OperationCommit,
} from './store/commit-log';
import { createIdGenerator, createRandom } from './store/ids';
import { journaled, type WriteWatcher, watchWrites } from './store/journal';
import type { RetentionOptions } from './store/retention';
import { scheduledIndex } from './store/scheduled-order';
import { createSchedulingClock, type SchedulingClock } from './store/scheduler';
import { copySnapshotState, snapshotProblem, withCurrentShape } from './store/snapshot-check';
import {
  createEnvironmentData,
  createState,
  type EngineState,
  type EnvironmentData,
  type EnvironmentRecord,
  type OrganizationRecord,
  type PendingBridgeCallRecord,
  type PendingFanOutRecord,
  type ScheduledTaskRecord,
} from './store/state';
import { tables } from './store/tables';
import { createTaskTimers } from './store/task-timers';
import { checkJsonDepth } from './wire/json-depth';
import { checkNoProtoKeys } from './wire/prototype-keys';
import { ServiceError } from './wire/service-error';

const API_KEY = /^[\w-]{16,128}$/;
const APPLICATION_IDENTIFIER = /^[\w-]{4,64}$/;
const NO_QUERY = new URLSearchParams();

/** A seed from the platform's random source (Web Crypto: Node 20+ and browsers). */
const randomUint32 = (): number => crypto.getRandomValues(new Uint32Array(1))[0] as number;

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
   * chunk either way. Default {@link FAN_OUT_SLICE} (50 and 20 ms); `{ inlineMs: 0, chunkMs: 0 }`
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
 * The environment a request acts in.
 *
 * @deprecated The same type as {@link EnvironmentScope}; use that name.
 *
 * @example
 * ```ts
 * const context: RequestContext = engine.scope('Development');
 * ```
 */
export type RequestContext = EnvironmentScope;

export type { DurableImage, EncodedEngineState } from './durable-image';
export type { EngineOperations } from './operations/index';
export type { OperationRequest, OperationResponse } from './perform';
export type { EngineScope, EnvironmentScope } from './scope';

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
  /** Makes one committed change again, with its recorded time and ids. */
  playBack(entry: CommitEntry): Promise<void>;
  /**
   * Attaches (or, with `undefined`, detaches) the log every later change is written to; after a
   * playback, attaching re-registers the timers of the tasks still waiting.
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
  const clock = createSchedulingClock(
    options.clockStart === 'real' ? Date.now() : options.clockStart,
  );
  const idSeed = options.randomSeed ?? (options.deterministic ? 1 : randomUint32());
  const recorder = createIdRecorder(createIdGenerator(idSeed, clock.now));
  const ids = recorder.ids;
  // The commit log `svc-mock --data` attaches (store/commit-log.ts), and whether an operation
  // is running (the tasks it runs belong to its entry) or entries are being played back.
  let commitLog: CommitLog | undefined;
  let operationDepth = 0;
  let playingBack = false;
  let playingSession: OperationCommit['session'];
  let playingFanOutInline: number | undefined;
  // In-process keys stay deterministic (docs/security.md); svc-mock passes random ones.
  const keyRandom = createRandom((options.randomSeed ?? 1) ^ 0x5eed);
  let state: EngineState = createState();
  // One scope per environment data set, made once: a request's operation only reads it.
  const scopes = new WeakMap<EnvironmentData, EngineScope>();
  const faults = createFaults();
  faults.bind(state);
  const events = createEventFeed(clock.iso);
  const transport = bridgeTransport(options.bridge);
  const inboxHub = createInboxHub(() => state, clock.now);

  const apiKey = () =>
    Array.from({ length: 32 }, () => Math.floor(keyRandom() * 16).toString(16)).join('');
  const givenKeys: Record<string, string | undefined> = { ...options.apiKeys };
  for (const [name, key] of Object.entries(givenKeys)) {
    if (key !== undefined && !API_KEY.test(key)) {
      throw new TypeError(
        `apiKeys.${name} must be 16 to 128 letters, digits, "_" or "-" (got ${key.length} characters)`,
      );
    }
  }

  const givenIdentifiers: Record<string, string | undefined> = {
    ...options.applicationIdentifiers,
  };
  for (const [name, identifier] of Object.entries(givenIdentifiers)) {
    if (identifier !== undefined && !APPLICATION_IDENTIFIER.test(identifier)) {
      throw new TypeError(
        `applicationIdentifiers.${name} must be 4 to 64 letters, digits, "_" or "-" (got ${JSON.stringify(identifier.slice(0, 80))})`,
      );
    }
  }

  function addOrganization(
    target: EngineState,
    name: string,
    keys: typeof givenKeys = {},
    identifiers: typeof givenIdentifiers = {},
  ) {
    const organization: OrganizationRecord = { _id: ids.objectId(), name, createdAt: clock.iso() };
    target.organizations.set(organization._id, organization);
    const environments = ['Development', 'Production'].map((envName) => {
      const environment: EnvironmentRecord = {
        _id: ids.objectId(),
        _organizationId: organization._id,
        name: envName,
        identifier: identifiers[envName] ?? ids.shortId(12),
        apiKey: keys[envName] ?? apiKey(),
        createdAt: clock.iso(),
      };
      const data = createEnvironmentData();
      target.environments.set(environment._id, environment);
      target.apiKeys.set(environment.apiKey, environment._id);
      target.data.set(environment._id, data);
      addDefaultIntegrations(scopeOf({ environment, data }));
      return environment;
    });
    return { organization, environments };
  }

  let first = addOrganization(state, 'Acme', givenKeys, givenIdentifiers);

  function findEnvironment(nameOrId: string): EnvironmentRecord {
    const byId = state.environments.get(nameOrId);
    if (byId) return byId;
    const byName = firstEnvironments().find((env) => env.name === nameOrId);
    if (byName) return byName;
    throw ServiceError.http(404, `Environment ${nameOrId} not found`);
  }

  // The first organization's environments in the state: Development, Production, then the ones
  // `POST /v1/environments` made (the inspector, `/__svc/environments` and the banner list these).
  function firstEnvironments(): EnvironmentRecord[] {
    const organizationId = first.organization._id;
    return [...state.environments.values()].filter((env) => env._organizationId === organizationId);
  }

  function dataOf(environment: EnvironmentRecord): EnvironmentData {
    const data = state.data.get(environment._id);
    if (!data) throw new Error(`No data for environment ${environment._id}`);
    return data;
  }

  function seed(input: SeedData) {
    checkJsonDepth(input, 'The seed data');
    checkNoProtoKeys(input, 'The seed data');
    const parsed = parseSeed(input);
    const environment = findEnvironment(parsed.environment ?? 'Development');
    // Written through the tables in a journal: a seed that fails half-way (an unknown
    // subscriberId in a topic) is undone and leaves the environment as it was. Not on a copy of
    // the environment: a copy would duplicate every string the records share.
    journaled(() => applySeed(scopeOf({ environment, data: dataOf(environment) }), parsed));
  }

  if (options.seed) seed(options.seed);
  let baseline: EngineState | EncodedEngineState = structuredClone(state);
  // What reset() returns the clock to: seeding at creation does not move the clock, so this is
  // the time of creation (docs/virtual-clock.md#reset-snapshots-and-resuming-pending-work).
  let baselineTime = clock.now();
  // How many times this engine's data was loaded from a data directory (a new id seed each time).
  let restarts = 0;
  const rateLimit = options.rateLimit || undefined;
  for (const [name, ms] of Object.entries(options.fanOutSlice ?? {})) {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new TypeError(`fanOutSlice.${name} must be a number of milliseconds, 0 or more`);
    }
  }
  const inlineSlice = { sliceMs: options.fanOutSlice?.inlineMs ?? FAN_OUT_SLICE.inlineMs };
  const chunkSlice = { sliceMs: options.fanOutSlice?.chunkMs ?? FAN_OUT_SLICE.chunkMs };

  // A copy of what reset() returns to (durable-image.ts): one that fails its check is refused.
  const baselineCopy = (): EngineState => copyOfBaseline(baseline, ownerOf(first));

  // Runs a pending task when its timer fires (store/task-timers.ts), or from the data
  // directory's journal on playback.
  function runTask(task: ScheduledTaskRecord): void {
    const index = scheduledIndex(state.scheduled, task.at, task.seq);
    if (index === -1) return;
    const standalone = commitLog !== undefined && operationDepth === 0 && !playingBack;
    if (standalone) recorder.take(); // ids drawn outside any commit (a read) belong to none
    tables.scheduled.removeAt(state, index);
    const environment = state.environments.get(task.environmentId);
    if (environment) {
      const scope = scopeOf({ environment, data: dataOf(environment) });
      if (task.kind === 'end-snooze') endSnooze(scope, task.notificationId);
      // A firing outside any request has an operation's budget of its own, as a request has.
      else withOperationBudget(() => runScheduledTask(scope, task));
    }
    // A task run by the clock is a change of its own; one an operation runs is in its entry.
    if (standalone) {
      const entry: CommitEntry = {
        kind: 'task',
        at: clock.now(),
        seq: task.seq,
        ids: recorder.take(),
      };
      try {
        commitLog?.write(entry);
      } catch (error) {
        // The log keeps an entry it could not write yet; the change has happened in memory.
        console.error('[svc-mock] could not write a task to the data directory:', error);
      }
    }
  }

  // Tasks are state data and the clock holds only lookups (store/task-timers.ts).
  const timers = createTaskTimers(clock, runTask);

  // One chunk of the oldest pending fan-out, as a change of its own (run/fan-out.ts): all or
  // nothing, and written to the commit log with how many recipients it reached.
  function runFanOutStep(): void {
    const record = state.fanOuts[0];
    if (record === undefined) return;
    const logging = commitLog !== undefined && !playingBack;
    if (logging) recorder.take(); // ids drawn outside any commit (a read) belong to none
    const at = clock.now();
    let reached = 0;
    let abandoned = false;
    operationDepth += 1;
    try {
      reached = journaled(() => runFanOutChunk(fanOutScope(record), record, chunkSlice));
    } catch (error) {
      // Its writes are undone; going on would fail the same way on every turn.
      abandoned = true;
      reached = 0;
      if (logging) recorder.take();
      tables.fanOuts.remove(state, record);
      console.error(
        `[svc-mock] a delivery chunk of transaction ${record.transactionId} failed; its remaining recipients are not reached:`,
        error,
      );
    } finally {
      operationDepth -= 1;
    }
    if (!logging) return;
    const entry: CommitEntry = {
      kind: 'fan-out',
      at,
      seq: record.seq,
      reached,
      ...(abandoned ? { abandoned: true as const } : {}),
      ids: recorder.take(),
    };
    try {
      commitLog?.write(entry);
    } catch (error) {
      // The log keeps an entry it could not write yet; the change has happened in memory.
      console.error('[svc-mock] could not write a delivery chunk to the data directory:', error);
    }
  }

  function fanOutScope(record: PendingFanOutRecord): EngineScope {
    const environment = state.environments.get(record.environmentId);
    if (environment === undefined) {
      throw new Error(`The environment ${record.environmentId} of a pending fan-out is gone`);
    }
    return scopeOf({ environment, data: dataOf(environment) });
  }

  // A bridge answer is a change of its own, as a task is: journaled all or nothing, written to
  // the commit log with the answer (a replay never calls the bridge), tasks due on the way in it.
  function applyBridge(record: PendingBridgeCallRecord, outcome: BridgeOutcome): void {
    const environment = state.environments.get(record.environmentId);
    if (environment === undefined) return;
    const scope = scopeOf({ environment, data: dataOf(environment) });
    const logging = commitLog !== undefined && !playingBack;
    if (logging) recorder.take();
    const at = clock.now();
    operationDepth += 1;
    try {
      journaled(() => {
        withOperationBudget(() => applyBridgeAnswer(scope, record, outcome));
        clock.runDue();
      });
    } catch (error) {
      // Its writes are undone; the call is dropped so it is not sent again and again.
      if (logging) recorder.take();
      tables.bridgeCalls.remove(state, record);
      console.error('[svc-mock] a bridge answer could not be applied:', error);
      return;
    } finally {
      operationDepth -= 1;
    }
    if (!logging) return;
    try {
      commitLog?.write({ kind: 'bridge', at, seq: record.seq, outcome, ids: recorder.take() });
    } catch (error) {
      console.error('[svc-mock] could not write a bridge answer to the data directory:', error);
    }
  }

  const bridgePump = createBridgePump({
    pending: () => state.bridgeCalls,
    concurrency: 8,
    async send(record): Promise<BridgeOutcome> {
      const environment = state.environments.get(record.environmentId);
      const scope = environment && scopeOf({ environment, data: dataOf(environment) });
      const target = scope && bridgeCallTarget(scope, record);
      const call = scope && target && executeCall(scope, target, record);
      if (call === undefined || target === undefined) {
        return {
          ok: false,
          failure: {
            url: '',
            statusCode: 404,
            code: 'BRIDGE_ENDPOINT_NOT_FOUND',
            message: 'The environment has no bridge URL: sync the app first (POST /v1/bridge/sync)',
          },
        };
      }
      const sentAt = clock.iso();
      const result = await callBridge(transport, call);
      // The inspector's run view shows each call (event-feed.ts); a bounded window.
      events.bridgeCalled({
        environmentId: record.environmentId,
        transactionId: target.notification.transactionId,
        notificationId: target.notification._id,
        jobId: target.job._id,
        stepId: target.job.step.stepId,
        action: call.action,
        url: result.url,
        sentAt,
        request: call.body,
        ok: result.ok,
        answer: result.ok ? result.body : result.failure,
        ms: result.ms,
        attempts: result.attempts,
      });
      return result;
    },
    apply: applyBridge,
  });

  const pump = createFanOutPump({
    pending: () => state.fanOuts.map((fanOut) => fanOut.seq),
    step: runFanOutStep,
  });

  function scheduleTask(task: Omit<ScheduledTaskRecord, 'seq'>): void {
    const record: ScheduledTaskRecord = { ...task, seq: tables.nextTaskSequence(state) };
    let index = state.scheduled.length;
    while (index > 0 && (state.scheduled[index - 1] as ScheduledTaskRecord).at > record.at) {
      index -= 1;
    }
    tables.scheduled.insert(state, index, record);
    timers.added(record);
  }

  function resyncClock(): void {
    timers.replaceAll(state.scheduled);
  }

  function scopeOf({ environment, data }: EnvironmentScope): EngineScope {
    const known = scopes.get(data);
    if (known?.environment === environment) return known;
    const scope: EngineScope = {
      // A reset or restore replaces the state: read it through the engine each time.
      get state() {
        return state;
      },
      environment,
      data,
      ids,
      now: clock.now,
      iso: clock.iso,
      schedule: scheduleTask,
      events,
      organizationEnvironment(id) {
        const other = state.environments.get(id);
        if (!other || other._organizationId !== environment._organizationId) return undefined;
        return { environment: other, data: dataOf(other) };
      },
      organizationData: () =>
        [...state.environments.values()]
          .filter((other) => other._organizationId === environment._organizationId)
          .map(dataOf),
      runDue: () => clock.runDue(),
      retention: options.retention ?? {},
      unschedule: (drop) => timers.removed(tables.scheduled.removeWhere(state, drop)),
      atomic: (part) => journaled(part),
      inbox: inboxHub,
      bridge: transport,
      // The pump is made after the first organization's scopes (it is told only later).
      bridgeCallQueued: () => bridgePump.kick(),
    };
    scopes.set(data, scope);
    return scope;
  }

  const operationCommits = {
    around<T>(operation: () => T): T {
      if (operationDepth === 0) recorder.take();
      operationDepth += 1;
      try {
        return operation();
      } finally {
        operationDepth -= 1;
      }
    },
    write(entry: Omit<OperationCommit, 'kind' | 'ids'>) {
      commitLog?.write({ kind: 'operation', ...entry, ids: recorder.take() });
    },
    durable: () => commitLog?.durable() ?? Promise.resolve(),
  };

  async function playBack(entry: CommitEntry): Promise<void> {
    playingBack = true;
    // The pump waits for the journal's end: chunks run only as their entries say (attach resumes it).
    pump.hold();
    playingSession = entry.kind === 'operation' ? entry.session : undefined;
    playingFanOutInline = entry.kind === 'operation' ? entry.fanOutInline : undefined;
    recorder.play(entry.ids);
    try {
      clock.rewind(entry.at);
      if (entry.kind === 'task') {
        const task = state.scheduled.find((pending) => pending.seq === entry.seq);
        if (task !== undefined) {
          timers.removed([task]);
          runTask(task);
        }
      } else if (entry.kind === 'bridge') {
        const record = state.bridgeCalls.find((pending) => pending.seq === entry.seq);
        if (record !== undefined) applyBridge(record, entry.outcome as BridgeOutcome);
      } else if (entry.kind === 'fan-out') {
        const record = state.fanOuts.find((pending) => pending.seq === entry.seq);
        if (record === undefined) {
          throw new Error(
            `The delivery chunk played back belongs to no pending fan-out (${entry.seq})`,
          );
        }
        if (entry.abandoned) tables.fanOuts.remove(state, record);
        else journaled(() => runFanOutChunk(fanOutScope(record), record, entry.reached));
      } else if (entry.environmentId !== undefined) {
        // An in-process change (engine.operations, the inspector) acts in its environment again.
        const environment = state.environments.get(entry.environmentId);
        if (environment === undefined) {
          throw new Error(`The environment ${entry.environmentId} of a change played back is gone`);
        }
        try {
          performInProcess(entry.operation, environment, {
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
        await perform({
          operation: entry.operation as OperationRequest['operation'],
          authorization: entry.authorization,
          params: entry.params,
          query: new URLSearchParams(entry.query),
          path: entry.path,
          ...(entry.idempotencyKey === undefined ? {} : { idempotencyKey: entry.idempotencyKey }),
          ...(entry.prepared === undefined ? {} : { prepared: entry.prepared }),
          readBody: async () => body,
        });
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
      playingBack = false;
      playingSession = undefined;
      playingFanOutInline = undefined;
    }
  }

  const { perform, performInProcess } = createPerform({
    state: () => state,
    scopeOf: (environment) => scopeOf({ environment, data: dataOf(environment) }),
    now: clock.now,
    iso: clock.iso,
    idempotency: options.idempotency ?? true,
    rateLimit,
    inbox: inboxHub,
    playbackSession: () => playingSession,
    commits: () => (commitLog === undefined || playingBack ? undefined : operationCommits),
    fanOut: {
      allowance: (): FanOutAllowance =>
        playingBack ? (playingFanOutInline ?? Number.POSITIVE_INFINITY) : inlineSlice,
      done: (seqs) => (playingBack ? Promise.resolve() : pump.wait(seqs)),
    },
  });

  // The in-process face of the one port (perform.ts): a body passed by hand gets the nesting
  // check the pipeline makes on the request's text.
  const operations = Object.fromEntries(
    Object.keys(OPERATIONS).map((name) => [
      name,
      (target: EnvironmentScope, call: OperationCall = {}) => {
        checkJsonDepth(call.body, 'The request body');
        checkNoProtoKeys(call.body, 'The request body');
        const query =
          call.query instanceof URLSearchParams
            ? call.query
            : call.query === undefined
              ? NO_QUERY
              : encodeQuery(call.query);
        return performInProcess(name, target.environment, {
          params: call.params ?? {},
          query,
          body: call.body,
          ...(call.prepared === undefined ? {} : { prepared: call.prepared }),
        });
      },
    ]),
  ) as unknown as EngineOperations;

  return {
    clock,
    outbox: createOutbox(() => state),
    faults,
    events,
    async settle(settleOptions = {}) {
      // Fan-outs, due work and bridge calls feed each other: drain until none is left.
      const drain = async () => {
        do {
          await pump.idle();
          clock.runDue();
          await bridgePump.idle();
        } while (!bridgePump.held && (state.bridgeCalls.length > 0 || state.fanOuts.length > 0));
      };
      await drain();
      if (settleOptions.skipTime) {
        for (let due = clock.nextDueAt(); due !== undefined; due = clock.nextDueAt()) {
          clock.set(Math.max(due, clock.now()));
          await drain();
        }
      }
    },
    get organization() {
      return first.organization;
    },
    get environments() {
      return firstEnvironments();
    },
    environment: findEnvironment,
    createOrganization({ name }) {
      // A baseline kept encoded is decoded and checked first: one that fails changes nothing.
      if (isEncoded(baseline)) baseline = baselineCopy();
      const created = addOrganization(state, name);
      // Organizations are structure, not test data: reset keeps them (and their keys) working.
      const copy = structuredClone(state);
      baseline.organizations.set(created.organization._id, created.organization);
      for (const environment of created.environments) {
        baseline.environments.set(environment._id, environment);
        baseline.apiKeys.set(environment.apiKey, environment._id);
        baseline.data.set(environment._id, copy.data.get(environment._id) as EnvironmentData);
      }
      baseline = structuredClone(baseline);
      return created;
    },
    seed,
    reset(resetOptions = {}) {
      state = baselineCopy();
      faults.clear();
      faults.bind(state);
      if (!(resetOptions.keepClock ?? options.keepClockOnReset ?? false)) {
        clock.rewind(baselineTime);
      }
      resyncClock();
      pump.kick();
      bridgePump.forget();
      events.forgetTriggers();
      events.emit({ type: 'state-replaced', reason: 'reset' });
    },
    snapshot: () => ({ state: structuredClone(state) }),
    restore(snapshot) {
      // Checked on a copy before anything changes: a bad snapshot is refused, the engine stays.
      const candidate = copySnapshotState(snapshot);
      const problem = snapshotProblem(candidate, {
        organizationId: first.organization._id,
        environmentIds: first.environments.map((environment) => environment._id),
      });
      if (problem !== undefined || candidate === undefined) {
        throw new TypeError(`Not an engine snapshot: ${problem ?? 'it cannot be copied'}`);
      }
      state = withCurrentShape(candidate);
      faults.bind(state);
      resyncClock();
      pump.kick();
      bridgePump.forget();
      events.emit({ type: 'state-replaced', reason: 'restore' });
    },
    scope(nameOrId = 'Development') {
      const environment = findEnvironment(nameOrId);
      return scopeOf({ environment, data: dataOf(environment) });
    },
    perform,
    operations,
    inbox: engineInbox(inboxHub),
    reportDelivery: (messageId, report) =>
      reportDelivery(
        {
          state: () => state,
          environments: () => first.environments,
          scope: (environment) => scopeOf({ environment, data: dataOf(environment) }),
          operations,
        },
        messageId,
        report,
      ),
    durability: {
      image: () => ({
        state,
        baseline,
        baselineTime,
        now: clock.now(),
        organizationId: first.organization._id,
        environmentIds: first.environments.map((environment) => environment._id),
        restarts: restarts,
      }),
      watchWrites,
      load(image) {
        const problem = durableImageProblem(image);
        if (problem !== undefined) throw new TypeError(`Not a saved engine: ${problem}`);
        const organization = image.state.organizations.get(image.organizationId);
        const environments = image.environmentIds.map((id) => image.state.environments.get(id));
        if (organization === undefined || environments.some((env) => env === undefined)) {
          throw new TypeError(
            "Not a saved engine: it does not hold its first organization's environments",
          );
        }
        // Held until the journal is played back and a log attached (or detached).
        pump.hold();
        bridgePump.hold();
        state = withCurrentShape(image.state);
        baseline = isEncoded(image.baseline) ? image.baseline : withCurrentShape(image.baseline);
        baselineTime = image.baselineTime;
        first = { organization, environments: environments as EnvironmentRecord[] };
        restarts = image.restarts + 1;
        // A restarted engine draws ids from a new seed: the same seed would make the ids again.
        recorder.setSource(createIdGenerator((idSeed + restarts * 0x9e3779b1) >>> 0, clock.now));
        clock.rewind(image.now);
        faults.bind(state);
        resyncClock();
        events.emit({ type: 'state-replaced', reason: 'restore' });
      },
      playBack,
      synced: () => commitLog?.durable() ?? Promise.resolve(),
      attach(log) {
        commitLog = log;
        recorder.recording = log !== undefined;
        recorder.take();
        // Tasks played back left their timers in the clock: keep only the ones still waiting.
        resyncClock();
        // Fan-outs the journal left part way (a crash between chunks) go on from here.
        pump.release();
        // Steps whose bridge answer the journal does not hold are asked again.
        bridgePump.release();
      },
    },
  };
}
