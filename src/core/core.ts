import { createLevelledLogger, type LevelledLogger } from './logging';
import { type ResolvedOptions, resolveOptions, type SvcOptions } from './options';

/**
 * The small object every standalone operation function takes: resolved options and nothing
 * else, so an app that imports one function bundles only that function's code.
 */
export interface SvcCore {
  /** @internal */
  readonly options: ResolvedOptions;
  /** @internal The logger filtered by `logLevel`. */
  readonly log: LevelledLogger;
  /** @internal Operations that already logged a response validation warning. */
  readonly warnedOperations: Set<string>;
}

/**
 * Creates the core shared by the standalone functions (and by {@link Svc}).
 *
 * @throws TypeError when `secretKey` is missing or an option is invalid.
 *
 * @example
 * ```ts
 * import { createSvcCore, eventsTrigger } from '@svc/api';
 * const core = createSvcCore({ secretKey: process.env.SVC_SECRET_KEY ?? '' });
 * await eventsTrigger(core, { name: 'welcome', to: 'user-1' });
 * ```
 */
export function createSvcCore(options: SvcOptions): SvcCore {
  const resolved = resolveOptions(options);
  return {
    options: resolved,
    log: createLevelledLogger(resolved.logLevel, resolved.logger),
    warnedOperations: new Set(),
  };
}
