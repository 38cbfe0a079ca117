/**
 * The control API's endpoints (`/__svc/...`): what a test in any language needs to drive the
 * engine over HTTP. Each entry is one route; see {@link ControlRoute} to add one.
 *
 * @module
 */

import * as z from 'zod/mini';
import { CHANNEL_TYPES } from '../../src/schemas/common';
import type { FaultInput, ProviderFailureInput } from '../engine/policy/faults';
import { MAX_OUTBOX_PAGE, type OutboxFilter } from '../engine/resources/outbox';
import { CLOCK_RANGE } from '../engine/store/clock';
import type { EnvironmentRecord } from '../engine/store/state';
import { ServiceError } from '../engine/wire/service-error';
import { bridgeRoutes } from './bridge-routes';
import { type ControlRoute, parseControlBody } from './control-router';
import { deliveryRoutes } from './delivery-routes';
import { dnsRoutes } from './dns-routes';
import { parseOutboxWait, waitForOutbox } from './outbox-wait';
import type { StoredSnapshot } from './snapshot-store';

const SNAPSHOT_ID = /^[\w.-]{1,100}$/;

/** A body schema that refuses unknown keys, naming them and the keys it takes. */
function strictBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const allowed = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')} (the body takes ${allowed})`
        : undefined,
  });
}

const SnapshotBody = strictBody({
  id: z.optional(
    z.string().check(z.regex(SNAPSHOT_ID, 'use 1 to 100 letters, digits, "_", "-" or "."')),
  ),
});
const ADVANCE_RULE = `ms must be a number of milliseconds >= 0 (e.g. 600000 for 10 minutes) that keeps the clock within ${CLOCK_RANGE}`;
const AdvanceBody = strictBody({
  ms: z.number({ error: ADVANCE_RULE }).check(z.nonnegative({ error: ADVANCE_RULE })),
});
const SET_RULE = `to must be an ISO 8601 date or epoch milliseconds within ${CLOCK_RANGE}, not before the clock's time`;
const SetBody = strictBody({
  to: z.union([z.string(), z.number()], { error: SET_RULE }),
});
const SettleBody = strictBody({
  skipTime: z.optional(z.boolean({ error: 'skipTime must be true or false' })),
});
const ResetBody = strictBody({
  keepClock: z.optional(z.boolean({ error: 'keepClock must be true or false' })),
});
const OUTBOX_FILTERS = ['channel', 'subscriberId', 'workflowId', 'transactionId', 'environmentId'];
const OUTBOX_PAGING = ['limit', 'after', 'wait'];

function outboxFilter(url: URL): OutboxFilter {
  const filter: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (OUTBOX_PAGING.includes(name)) continue;
    if (!OUTBOX_FILTERS.includes(name)) {
      throw new TypeError(
        `Unknown outbox filter "${name}": use ${[...OUTBOX_FILTERS, ...OUTBOX_PAGING].join(', ')}`,
      );
    }
    if (name === 'channel' && !(CHANNEL_TYPES as readonly string[]).includes(value)) {
      throw new TypeError(`channel must be one of ${CHANNEL_TYPES.join(', ')}`);
    }
    filter[name] = value;
  }
  return filter as OutboxFilter;
}

function outboxPaging(url: URL): { limit?: number; after?: string } {
  const limit = url.searchParams.get('limit');
  const after = url.searchParams.get('after');
  if (limit !== null && !/^\d{1,7}$/.test(limit)) {
    throw new RangeError(
      `limit must be a whole number from 1 to ${MAX_OUTBOX_PAGE}, got "${limit}"`,
    );
  }
  return {
    ...(limit === null ? {} : { limit: Number(limit) }),
    ...(after === null ? {} : { after }),
  };
}

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

/** Environments, with the API keys clients authenticate with. */
export const environmentRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/environments',
    description: "The environments with their _id and API key (the first organization's)",
    run: ({ context }) => context.engine.environments.map(environmentView),
  },
];

/** Reset and seed. */
export const stateRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/data',
    description:
      'Where the engine keeps its data: { kept: false } in memory only, or { kept: true, directory, bytes } with svc-mock --data',
    run: ({ context }) =>
      context.data === undefined
        ? { kept: false }
        : { kept: true, directory: context.data.directory, bytes: context.data.size() },
  },
  {
    method: 'POST',
    path: '/reset',
    description:
      'Back to the state at start (the --seed file or the demo data) and, with a virtual clock, to the start time unless { keepClock: true }; keeps snapshots; with --data, the files are reset too',
    run: ({ body, context }) => {
      const { keepClock } = parseControlBody(ResetBody, body);
      context.engine.reset(keepClock === undefined ? {} : { keepClock });
      return { reset: true };
    },
  },
  {
    method: 'POST',
    path: '/seed',
    description:
      'Adds data, same shape as engine.seed(): { environment?, subscribers?, topics?, integrations?, workflows?, messages?, tenants? }; other keys are a 400',
    run: ({ body, context }) => {
      context.engine.seed((body ?? {}) as Parameters<typeof context.engine.seed>[0]);
      return { seeded: true };
    },
  },
];

/** Snapshots of the whole engine, kept by the server. */
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
    changesEngine: false,
    run: ({ body, context }) => {
      const { id: given } = parseControlBody(SnapshotBody, body);
      const id = given ?? context.snapshots.nextId();
      context.snapshots.checkRoom(id); // before the (costly) copy of the whole engine
      const entry: StoredSnapshot = {
        id,
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
    changesEngine: false,
    run: ({ params, context }) => {
      const id = params['id'] ?? '';
      context.snapshots.delete(id);
      return { deleted: id };
    },
  },
];

/** The virtual clock: it only moves forward. */
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
    run: async ({ body, context }) => {
      context.engine.clock.advance(parseControlBody(AdvanceBody, body).ms);
      // What the due work started on a code-first app's bridge is answered before this is.
      await context.engine.settle();
      return clockView(context.engine.clock);
    },
  },
  {
    method: 'POST',
    path: '/clock/set',
    description: 'Jumps the clock forward to a date: { to: ISO string or epoch ms }',
    run: async ({ body, context }) => {
      context.engine.clock.set(parseControlBody(SetBody, body).to);
      await context.engine.settle();
      return clockView(context.engine.clock);
    },
  },
];

/** The outbox (what would have been sent) and `settle`. */
export const outboxRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/outbox',
    description:
      'Delivered messages, oldest first, at most limit (1-1000, default 1000) after the messageId given as after; query filters channel, subscriberId, workflowId, transactionId, environmentId; wait (e.g. 10s, at most 30s) answers as soon as one matches, or at the deadline with what there is',
    run: async ({ url, context, signal }) => {
      const filter = outboxFilter(url);
      const paging = outboxPaging(url);
      const wait = parseOutboxWait(url.searchParams.get('wait'));
      const page = () => context.engine.outbox.page(filter, paging).items;
      if (wait !== undefined) {
        await waitForOutbox(
          context.engine,
          { filter, ready: () => page().length > 0, signal },
          wait,
        );
      }
      return page();
    },
  },
  {
    method: 'DELETE',
    path: '/outbox',
    description: 'Forgets every delivered message (stored messages and notifications stay)',
    run: ({ context }) => {
      const cleared = context.engine.outbox.count();
      context.engine.outbox.clear();
      return { cleared };
    },
  },
  {
    method: 'POST',
    path: '/settle',
    description: 'Runs the work due now: { skipTime? } also runs every pending delay and digest',
    run: async ({ body, context }) => {
      const { skipTime } = parseControlBody(SettleBody, body);
      await context.engine.settle({ skipTime: skipTime ?? false });
      return { settled: true, ...clockView(context.engine.clock) };
    },
  },
];

/**
 * Fault injection (docs/fault-injection.md): the bodies are `engine.faults.add()` and
 * `engine.faults.addProviderFailure()` input as JSON.
 */
export const faultRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/faults',
    description: 'The faults, oldest first, with hits and remaining',
    run: ({ context }) => context.engine.faults.list(),
  },
  {
    method: 'POST',
    path: '/faults',
    description: 'Adds an HTTP fault: { match?, times?, respond, after? }',
    status: 201,
    run: ({ body, context }) => context.engine.faults.add(body as FaultInput),
  },
  {
    method: 'POST',
    path: '/faults/provider',
    description: 'Adds a provider failure: { channel, providerId?, times?, errorText?, errorId? }',
    status: 201,
    run: ({ body, context }) =>
      context.engine.faults.addProviderFailure(body as ProviderFailureInput),
  },
  {
    method: 'DELETE',
    path: '/faults',
    description: 'Removes every fault',
    run: ({ context }) => {
      const cleared = context.engine.faults.list().length;
      context.engine.faults.clear();
      return { cleared };
    },
  },
  {
    method: 'DELETE',
    path: '/faults/:id',
    description: 'Removes one fault; 404 for an unknown id',
    run: ({ params, context }) => {
      const id = params['id'] ?? '';
      if (!context.engine.faults.remove(id)) throw ServiceError.http(404, `Fault ${id} not found`);
      return { deleted: id };
    },
  },
];

/** Every control route the server mounts by default. */
export const defaultControlRoutes: readonly ControlRoute[] = [
  ...environmentRoutes,
  ...stateRoutes,
  ...snapshotRoutes,
  ...clockRoutes,
  ...outboxRoutes,
  ...faultRoutes,
  ...bridgeRoutes,
  ...deliveryRoutes,
  ...dnsRoutes,
];
