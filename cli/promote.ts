/**
 * `svc-workflows workflows promote`: the service's promotion (`POST /v2/environments/{id}/diff`,
 * then `/publish`) of the files' workflows from the key's environment to another, named by `_id`
 * or by name (`--to Production`).
 *
 * @module
 */

import type { Svc } from '../src/client';
import { ObjectIdPattern } from '../src/schemas/common';
import type { Environment, EnvironmentPublishResult } from '../src/schemas/environment';

/** A target `--to` names that the organization does not have. */
export class UnknownEnvironmentError extends Error {}

/**
 * The environment `--to` names: an `_id`, else a name (any case), of the key's organization.
 *
 * @example
 * ```ts
 * const target = resolveEnvironment(await svc.environments.list(), 'production');
 * ```
 */
export function resolveEnvironment(environments: readonly Environment[], to: string): Environment {
  const byId = environments.find((environment) => environment._id === to);
  if (byId) return byId;
  const byName = environments.filter(
    (environment) => environment.name.toLowerCase() === to.toLowerCase(),
  );
  if (byName.length === 1 && byName[0]) return byName[0];
  const known = environments.map((environment) => environment.name).join(', ');
  throw new UnknownEnvironmentError(
    ObjectIdPattern.test(to)
      ? `no environment with _id ${to} in this organization (its environments: ${known})`
      : `no environment named "${to}" (the organization's environments: ${known})`,
  );
}

/** What a promote did (or, with `dryRun`, would do): one line per workflow. */
export interface PromoteOutcome {
  source: Environment;
  target: Environment;
  /** `created welcome`, `updated digest`, `deleted old`: what changed (or would). */
  changes: string[];
  /** Whether the target already had the workflows as the source has them. */
  unchanged: boolean;
}

/**
 * Diffs the key's environment with the target, limited to `workflowIds`, and publishes them when
 * something differs (unless `dryRun`).
 *
 * @example
 * ```ts
 * const outcome = await promoteWorkflows(svc, { to: 'Production', workflowIds: ['welcome'], dryRun: false });
 * if (outcome.unchanged) console.log('Nothing to promote');
 * ```
 */
export async function promoteWorkflows(
  svc: Svc,
  options: { to: string; workflowIds: readonly string[]; dryRun: boolean },
): Promise<PromoteOutcome> {
  const environments = await svc.environments.list();
  // The key's own environment is the one the service shows with its key.
  const source = environments.find((environment) => (environment.apiKeys ?? []).length > 0);
  if (source === undefined)
    throw new UnknownEnvironmentError('the key’s environment is not listed');
  const target = resolveEnvironment(environments, options.to);
  if (target._id === source._id) {
    throw new UnknownEnvironmentError(`--to names the key's own environment (${source.name})`);
  }
  const wanted = new Set(options.workflowIds);
  const diff = await svc.environments.diff(target._id, { sourceEnvironmentId: source._id });
  const changes = diff.resources.flatMap((resource) => {
    const id = resource.sourceResource?.id ?? resource.targetResource?.id;
    if (id === null || id === undefined || !wanted.has(id)) return [];
    const action = resource.sourceResource
      ? resource.targetResource
        ? 'update'
        : 'create'
      : 'delete';
    return [`${action} ${id}`];
  });
  if (changes.length === 0 || options.dryRun) {
    return { source, target, changes, unchanged: changes.length === 0 };
  }
  const published: EnvironmentPublishResult = await svc.environments.publish(target._id, {
    sourceEnvironmentId: source._id,
    resources: [...wanted].map((resourceId) => ({ resourceType: 'BRIDGE', resourceId })),
  });
  const done = published.results.flatMap((result) =>
    result.successful.map((item) => `${item.action} ${item.resourceId}`),
  );
  return { source, target, changes: done, unchanged: done.length === 0 };
}
