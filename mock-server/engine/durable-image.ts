/**
 * The engine as a data directory keeps it (docs/decisions/0142-keeping-data.md): the image, the
 * reset baseline it may hand over still encoded, and the checks a saved image or baseline passes
 * before the engine uses it (as `restore()` checks a snapshot).
 *
 * @module
 */

import { snapshotProblem, withCurrentShape } from './store/snapshot-check';
import type { EngineState, EnvironmentRecord, OrganizationRecord } from './store/state';

/**
 * The whole engine as a data directory saves it: the state, what `reset()` returns to, the
 * clock and the first organization.
 */
export interface DurableImage {
  state: EngineState;
  /**
   * What `reset()` returns to; a data directory hands it over still encoded (a reset is rare, a
   * start is not), and the engine decodes and checks it when a reset or `createOrganization`
   * first needs it.
   */
  baseline: EngineState | EncodedEngineState;
  baselineTime: number;
  now: number;
  organizationId: string;
  environmentIds: string[];
  /** How many times the data was loaded before (each load draws ids from a new seed). */
  restarts: number;
}

/**
 * An engine state kept encoded by a durable store: {@link EncodedEngineState.decode} answers a
 * new copy each time, which the engine checks as `restore()` checks a snapshot before using it.
 */
export interface EncodedEngineState {
  decode(): unknown;
}

/** Whether a baseline is still encoded. @internal */
export const isEncoded = (value: EngineState | EncodedEngineState): value is EncodedEngineState =>
  typeof (value as Partial<EncodedEngineState>).decode === 'function';

/**
 * The first organization a saved state must hold.
 *
 * @internal
 */
export function ownerOf(first: {
  organization: OrganizationRecord;
  environments: readonly EnvironmentRecord[];
}): { organizationId: string; environmentIds: string[] } {
  return {
    organizationId: first.organization._id,
    environmentIds: first.environments.map((environment) => environment._id),
  };
}

/**
 * A copy of what `reset()` returns to. A baseline a data directory kept encoded is decoded (a new
 * copy each time) and checked; one that fails is refused with a `TypeError`.
 *
 * @internal
 */
export function copyOfBaseline(
  baseline: EngineState | EncodedEngineState,
  owner: { organizationId: string; environmentIds: string[] },
): EngineState {
  if (!isEncoded(baseline)) return structuredClone(baseline);
  const decoded = baseline.decode();
  const candidate =
    decoded !== null && typeof decoded === 'object' ? (decoded as EngineState) : undefined;
  const problem = snapshotProblem(candidate, owner);
  if (problem !== undefined) {
    throw new TypeError(`The saved reset baseline cannot be used: ${problem}`);
  }
  return withCurrentShape(candidate as EngineState);
}

/**
 * What is wrong with a saved engine image, checked as `engine.restore()` checks a snapshot.
 *
 * @internal
 */
export function durableImageProblem(image: DurableImage): string | undefined {
  const owner = { organizationId: image.organizationId, environmentIds: image.environmentIds };
  if (!Array.isArray(image.environmentIds) || typeof image.organizationId !== 'string') {
    return 'it names no first organization';
  }
  for (const key of ['baselineTime', 'now', 'restarts'] as const) {
    if (typeof image[key] !== 'number' || !Number.isFinite(image[key])) {
      return `${key} is not a number`;
    }
  }
  const state = snapshotProblem(image.state, owner);
  if (state !== undefined) return `state: ${state}`;
  if (image.baseline !== null && typeof image.baseline === 'object' && isEncoded(image.baseline)) {
    return undefined; // checked when it is decoded (baselineCopy)
  }
  const baseline = snapshotProblem(image.baseline, owner);
  return baseline === undefined ? undefined : `baseline: ${baseline}`;
}
