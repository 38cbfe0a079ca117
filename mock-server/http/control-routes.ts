/**
 * The control API's endpoints (`/__svc/...`): what a test in any language needs to drive the
 * engine over HTTP. Each entry is one route; see {@link ControlRoute} to add one.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { EnvironmentRecord } from '../engine/state';
import { type ControlRoute, parseControlBody } from './control-router';
import type { StoredSnapshot } from './snapshot-store';

const SNAPSHOT_ID = /^[\w.-]{1,100}$/;

const SnapshotBody = z.object({
  id: z.optional(
    z.string().check(z.regex(SNAPSHOT_ID, 'use 1 to 100 letters, digits, "_", "-" or "."')),
  ),
});
const AdvanceBody = z.object({ ms: z.number().check(z.nonnegative()) });
const SetBody = z.object({ to: z.union([z.string(), z.number()]) });

const environmentView = (environment: EnvironmentRecord) => ({
  _id: environment._id,
  _organizationId: environment._organizationId,
  name: environment.name,
  identifier: environment.identifier,
  apiKey: environment.apiKey,
});

const snapshotView = ({ id, takenAt }: StoredSnapshot) => ({ id, takenAt });

const clockView = (clock: { iso(): string; now(): number }) => ({
  now: clock.iso(),
  epochMs: clock.now(),
});

/**
 * Environments, with the API keys clients authenticate with.
 *
 * @example
 * ```ts
 * createControlRouter([...environmentRoutes], context);
 * ```
 */
export const environmentRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/environments',
    description: "The environments with their _id and API key (the first organization's)",
    run: ({ context }) => context.engine.environments.map(environmentView),
  },
];

/**
 * Reset and seed.
 *
 * @example
 * ```ts
 * createControlRouter([...stateRoutes], context);
 * ```
 */
export const stateRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/reset',
    description: 'Back to the state at start (the --seed file or the demo data); keeps snapshots',
    run: ({ context }) => {
      context.engine.reset();
      return { reset: true };
    },
  },
  {
    method: 'POST',
    path: '/seed',
    description: 'Adds data, same shape as engine.seed(): { environment?, subscribers? }',
    run: ({ body, context }) => {
      context.engine.seed((body ?? {}) as Parameters<typeof context.engine.seed>[0]);
      return { seeded: true };
    },
  },
];

/**
 * Snapshots of the whole engine, kept by the server.
 *
 * @example
 * ```ts
 * createControlRouter([...snapshotRoutes], context);
 * ```
 */
export const snapshotRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/snapshots',
    description: 'The snapshots taken so far: [{ id, takenAt }]',
    run: ({ context }) => context.snapshots.list().map(snapshotView),
  },
  {
    method: 'POST',
    path: '/snapshots',
    description: 'Takes a snapshot: { id? } (an existing id is replaced); answers { id, takenAt }',
    status: 201,
    run: ({ body, context }) => {
      const { id } = parseControlBody(SnapshotBody, body);
      const entry: StoredSnapshot = {
        id: id ?? context.snapshots.nextId(),
        takenAt: context.engine.clock.iso(),
        snapshot: context.engine.snapshot(),
      };
      context.snapshots.put(entry);
      return snapshotView(entry);
    },
  },
  {
    method: 'POST',
    path: '/snapshots/:id/restore',
    description: 'Puts a snapshot back (the clock is not moved back)',
    run: ({ params, context }) => {
      const entry = context.snapshots.get(params['id'] ?? '');
      context.engine.restore(entry.snapshot);
      return { restored: entry.id };
    },
  },
  {
    method: 'DELETE',
    path: '/snapshots/:id',
    description: 'Forgets a snapshot',
    run: ({ params, context }) => {
      const id = params['id'] ?? '';
      context.snapshots.delete(id);
      return { deleted: id };
    },
  },
];

/**
 * The virtual clock: it only moves forward.
 *
 * @example
 * ```ts
 * createControlRouter([...clockRoutes], context);
 * ```
 */
export const clockRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/clock',
    description: 'The virtual clock: { now, epochMs }',
    run: ({ context }) => clockView(context.engine.clock),
  },
  {
    method: 'POST',
    path: '/clock/advance',
    description: 'Moves the clock forward: { ms }',
    run: ({ body, context }) => {
      context.engine.clock.advance(parseControlBody(AdvanceBody, body).ms);
      return clockView(context.engine.clock);
    },
  },
  {
    method: 'POST',
    path: '/clock/set',
    description: 'Jumps the clock forward to a date: { to: ISO string or epoch ms }',
    run: ({ body, context }) => {
      context.engine.clock.set(parseControlBody(SetBody, body).to);
      return clockView(context.engine.clock);
    },
  },
];

/**
 * Every control route the server mounts by default.
 *
 * @example
 * ```ts
 * const router = createControlRouter(defaultControlRoutes, { engine, snapshots });
 * ```
 */
export const defaultControlRoutes: readonly ControlRoute[] = [
  ...environmentRoutes,
  ...stateRoutes,
  ...snapshotRoutes,
  ...clockRoutes,
];
