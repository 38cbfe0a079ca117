/**
 * The scopes engine functions work in. `now()` is always the clock's time in epoch milliseconds
 * and `iso()` the same instant as ISO 8601 text; a timestamp passed to a function as text is
 * called `at`.
 *
 * @module
 */

import type { BridgeTransport } from './bridge/bridge-client';
import type { EventFeed } from './event-feed';
import type { InboxHub } from './inbox/inbox-hub';
import type { IdGenerator } from './store/ids';
import type { RetentionOptions } from './store/retention';
import type {
  EngineState,
  EnvironmentData,
  EnvironmentRecord,
  ScheduledTaskRecord,
} from './store/state';
import type { Transaction } from './store/transaction';

/**
 * One environment and its data: what a request authenticates into, and what a caller of
 * `engine.operations` names (`engine.scope('Development')`).
 *
 * @example
 * ```ts
 * const development: EnvironmentScope = engine.scope('Development');
 * development.environment.name; // 'Development'
 * ```
 */
export interface EnvironmentScope {
  environment: EnvironmentRecord;
  data: EnvironmentData;
}

/**
 * The one scope every engine function works in: an environment and its data, with the engine's
 * state, ids, clock, scheduler and event feed (those members are internal). `engine.scope(name)`
 * gives one; the engine's operations, resources and runs all take it.
 *
 * @example
 * ```ts
 * const development: EngineScope = engine.scope('Development');
 * engine.operations['subscribers.retrieve'](development, { params: { subscriberId: 'user-1' } });
 * ```
 */
export interface EngineScope extends EnvironmentScope {
  /** @internal The whole engine state (outbox, faults, scheduled tasks, every environment). */
  state: EngineState;
  /** @internal */
  ids: IdGenerator;
  /** @internal The clock's time in epoch milliseconds. */
  now(): number;
  /** @internal The clock's time as ISO 8601 text (what records store). */
  iso(): string;
  /** @internal Stores a task for the clock (its `seq` is given by the engine). */
  schedule(task: Omit<ScheduledTaskRecord, 'seq'>): void;
  /** @internal Where job statuses and sent messages are told (docs/inspector.md). */
  events: EventFeed;
  /** @internal Another environment of the scope's organization by `_id` (a sync's target), if any. */
  organizationEnvironment(id: string): EnvironmentScope | undefined;
  /** @internal Every environment's data of the scope's organization (integrations are organization-wide). */
  organizationData(): EnvironmentData[];
  /** @internal What the environment keeps of its activity (store/retention.ts). */
  retention: RetentionOptions;
  /** @internal Runs the work that is due now (a trigger's zero delay) before the operation answers. */
  runDue(): void;
  /**
   * @internal Removes the pending tasks `drop` picks, from the state and from the clock (journaled:
   * a rollback puts back only these).
   */
  unschedule(drop: (task: ScheduledTaskRecord) => boolean): void;
  /** @internal Runs `part` all or nothing inside the operation: a throw undoes only its own writes. */
  atomic<T>(part: () => T): T;
  /** @internal The Inbox's sessions and change announcements (`inbox/inbox-hub.ts`). */
  inbox: InboxHub;
  /** @internal How bridge requests are sent (bridge/bridge-options.ts). */
  bridge: BridgeTransport;
  /**
   * @internal The transaction of the request this scope was given to (store/transaction.ts),
   * read-only: carried by a request's own scope ({@link requestScope}), so it holds across an
   * await; an environment's shared scope answers the running one its engine's calls join (a task, a
   * chunk, an in-process call, a bare journal: store/transaction.ts `joinedTransaction`), or
   * `undefined` between them.
   */
  readonly transaction: Transaction | undefined;
}

/**
 * The scope one request works in: a light object over its environment's shared scope (every
 * member read through to it, so the shared scope stays one per environment) that carries the
 * request's transaction.
 *
 * @example
 * ```ts
 * const scope = requestScope(scopeOf(caller.environment), transaction);
 * scope.transaction === transaction; // true, before and after an await
 * ```
 *
 * @internal
 */
export function requestScope(shared: EngineScope, transaction: Transaction): EngineScope {
  // A literal with `__proto__` makes a fast object (Object.create with descriptors does not).
  return { __proto__: shared, transaction } as unknown as EngineScope;
}
