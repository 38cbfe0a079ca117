/**
 * The scopes of one engine (scope.ts): one per environment data set, made once and shared by
 * every request in that environment (a request's operation only reads it); a request works in a
 * light scope over it that carries its transaction (scope.ts `requestScope`).
 *
 * @module
 */

import type { EngineCore } from './engine-core';
import type { EngineScope, EnvironmentScope } from './scope';
import { journaled } from './store/journal';
import type { RetentionOptions } from './store/retention';
import type { EnvironmentData, EnvironmentRecord, ScheduledTaskRecord } from './store/state';
import { tables } from './store/tables';
import { joinedTransaction } from './store/transaction';

/**
 * What a scope hands to the engine's background work (background-work.ts).
 *
 * @internal
 */
export interface ScopeWork {
  schedule(task: Omit<ScheduledTaskRecord, 'seq'>): void;
  unschedule(drop: (task: ScheduledTaskRecord) => boolean): void;
}

/**
 * The engine's scopes.
 *
 * @internal
 */
export interface EngineScopes {
  /** The scope of an environment and its data. */
  scopeOf(target: EnvironmentScope): EngineScope;
  /** The scope of an environment of the state. */
  scopeIn(environment: EnvironmentRecord): EngineScope;
  /** The scope made for an environment's data set, if one was (what a write of it was made in). */
  scopeOfData(data: EnvironmentData): EngineScope | undefined;
}

/**
 * Creates the scopes of an engine; `work` is called only once a scope is used.
 *
 * @internal
 */
export function createScopes(
  core: EngineCore,
  work: ScopeWork,
  retention: RetentionOptions,
): EngineScopes {
  const scopes = new WeakMap<object, EngineScope>();
  const { clock, dataOf } = core;

  function scopeOf({ environment, data }: EnvironmentScope): EngineScope {
    const known = scopes.get(data);
    if (known?.environment === environment) return known;
    const scope: EngineScope = {
      // A reset or restore replaces the state: read it through the engine each time.
      get state() {
        return core.state;
      },
      environment,
      data,
      ids: core.ids,
      now: clock.now,
      iso: clock.iso,
      schedule: (task) => work.schedule(task),
      events: core.events,
      organizationEnvironment(id) {
        const other = tables.environments.get(core.state, id);
        if (!other || other._organizationId !== environment._organizationId) return undefined;
        return { environment: other, data: dataOf(other) };
      },
      organizationData: () =>
        [...tables.environments.values(core.state)]
          .filter((other) => other._organizationId === environment._organizationId)
          .map(dataOf),
      runDue: () => clock.runDue(),
      retention,
      unschedule: (drop) => work.unschedule(drop),
      atomic: (part) => journaled(part),
      inbox: core.inbox,
      bridge: core.bridge,
      // A request's own scope carries its transaction (scope.ts requestScope); this one is shared.
      get transaction() {
        return joinedTransaction(core.owner);
      },
    };
    scopes.set(data, scope);
    return scope;
  }

  return {
    scopeOf,
    scopeIn: (environment) => scopeOf({ environment, data: dataOf(environment) }),
    scopeOfData: (data) => scopes.get(data),
  };
}
