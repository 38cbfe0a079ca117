/**
 * Routes of a domain's addresses (`/v1/domains/{domain}/routes`): to an agent or to the
 * environment's webhooks, one per address, with the service's rules and texts; the route test
 * builds the payload the service would deliver and keeps the test in the inspector's list
 * (docs/behaviour/domains.md#routes).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { DomainRoute } from '../../../src/schemas/domain';
import type { EngineScope } from '../scope';
import { domainRouteKey } from '../store/row-keys';
import type { DomainRecord, DomainRouteRecord } from '../store/state';
import { tables } from '../store/tables';
import type { CursorOptions, CursorPage } from '../wire/cursor-page';
import { recordPage } from '../wire/record-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { isLocalPart, metadataProblem } from './domain-rules';
import { domainOrThrow } from './domains';

/** Most routes a domain keeps (an engine cap; docs/behaviour/domains.md#caps). */
export const MAX_ROUTES_PER_DOMAIN = 100;

/**
 * A route in its wire shape.
 *
 * @example
 * ```ts
 * const route: DomainRouteDto = engine.operations['domains.routes.retrieve'](engine.scope('Development'), {
 *   params: { domain: 'acme.dev', address: 'support' },
 * });
 * ```
 */
export type DomainRouteDto = DomainRoute;

/**
 * Filters and order of a routes listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: DomainRouteSearch = { limit: 10, includeCursor: false, orderBy: '_id', orderDirection: 'DESC' };
 * ```
 */
export interface DomainRouteSearch extends CursorOptions {
  orderBy: string;
  orderDirection: 'ASC' | 'DESC';
  /** An agent's identifier. */
  agentId?: string | undefined;
}

const ROUTE_TYPES = ['agent', 'webhook'] as const;
const TYPE_RULE = `type must be one of the following values: ${ROUTE_TYPES.join(', ')}`;
const ADDRESS_RULE =
  'address must be a valid inbox address local part, for example "hello" or "sales+vip".';

function toDto(scope: EngineScope, route: DomainRouteRecord): DomainRouteDto {
  return {
    _id: route._id,
    _domainId: route._domainId,
    address: route.address,
    ...(route.destination === undefined ? {} : { agentId: route.destination }),
    type: route.type,
    ...(route.data === undefined ? {} : { data: { ...route.data } }),
    _environmentId: scope.environment._id,
    _organizationId: scope.environment._organizationId,
    createdAt: route.createdAt,
    updatedAt: route.updatedAt,
  };
}

/** The `_id` of the environment's agent with `identifier`, or the service's 404. */
function agentIdOf(scope: EngineScope, identifier: string): string {
  const agent = tables.agents.get(scope.data, identifier);
  if (!agent) throw ServiceError.http(404, `Agent with identifier "${identifier}" not found.`);
  return agent._id;
}

function routeOrThrow(scope: EngineScope, domain: DomainRecord, address: string) {
  const route = tables.domainRoutes.get(scope.data, domainRouteKey(domain._id, address));
  if (!route) throw ServiceError.http(404, `Route "${address}@${domain.name}" not found.`);
  return route;
}

/**
 * The route of `address` on the environment's domain `name`, or the service's 404s.
 *
 * @example
 * ```ts
 * const { domain, route } = domainRoute(engine.scope('Development'), 'acme.dev', 'support');
 * ```
 */
export function domainRoute(scope: EngineScope, name: string, address: string) {
  const domain = domainOrThrow(scope, name);
  return { domain, route: routeOrThrow(scope, domain, address) };
}

const CreateShape = z.object({
  address: z.unknown(),
  agentId: z.optional(z.string()),
  type: z.unknown(),
  data: z.optional(z.unknown()),
});
const UpdateShape = z.object({
  agentId: z.optional(z.string()),
  type: z.optional(z.unknown()),
  data: z.optional(z.unknown()),
});

const isType = (value: unknown): value is DomainRouteRecord['type'] =>
  ROUTE_TYPES.includes(value as DomainRouteRecord['type']);

function createProblems(input: z.infer<typeof CreateShape>): string[] {
  const problems: string[] = [];
  const { address } = input;
  if (address === undefined || address === null) {
    problems.push('address should not be null or undefined');
  } else if (typeof address !== 'string') {
    problems.push('address must be a string', ADDRESS_RULE);
  } else if (address.trim() === '') {
    problems.push('address should not be empty', ADDRESS_RULE);
  } else if (!isLocalPart(address.trim().toLowerCase())) {
    problems.push(ADDRESS_RULE);
  }
  if (!isType(input.type)) problems.push(TYPE_RULE);
  const data = metadataProblem('data', input.data);
  if (data) problems.push(data);
  return problems;
}

/**
 * `POST /v1/domains/{domain}/routes`: the address trimmed and lower-cased; an agent route needs
 * `agentId` (an agent's identifier, stored as its `_id`); 409 when the address has a route.
 */
export function createDomainRoute(scope: EngineScope, name: string, body: unknown) {
  const input = validateBody(CreateShape, body);
  const problems = createProblems(input);
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const address = (input.address as string).trim().toLowerCase();
  const type = input.type as DomainRouteRecord['type'];
  const domain = domainOrThrow(scope, name);
  const destination =
    type === 'agent' && input.agentId ? agentIdOf(scope, input.agentId) : undefined;
  if (type === 'agent' && !destination) {
    throw ServiceError.http(400, 'agentId is required for agent routes.');
  }
  const key = domainRouteKey(domain._id, address);
  if (tables.domainRoutes.has(scope.data, key)) {
    throw ServiceError.http(409, `A route for "${address}@${domain.name}" already exists.`);
  }
  let count = 0;
  for (const route of tables.domainRoutes.values(scope.data))
    if (route._domainId === domain._id) count++;
  if (count >= MAX_ROUTES_PER_DOMAIN) {
    throw ServiceError.http(
      400,
      `Route limit exceeded. A domain holds at most ${MAX_ROUTES_PER_DOMAIN} routes.`,
      { currentCount: count, limit: MAX_ROUTES_PER_DOMAIN },
    );
  }
  const now = scope.iso();
  const route: DomainRouteRecord = {
    _id: scope.ids.objectId(),
    _domainId: domain._id,
    address,
    type,
    ...(destination === undefined ? {} : { destination }),
    ...(input.data == null ? {} : { data: { ...(input.data as Record<string, string>) } }),
    createdAt: now,
    updatedAt: now,
  };
  tables.domainRoutes.set(scope.data, key, route);
  return toDto(scope, route);
}

/** `GET /v1/domains/{domain}/routes/{address}`. */
export function retrieveDomainRoute(scope: EngineScope, name: string, address: string) {
  return toDto(scope, domainRoute(scope, name, address).route);
}

/**
 * `PATCH /v1/domains/{domain}/routes/{address}`: `type`, `agentId` and `data` as given; an agent
 * route keeps needing an agent, a webhook route drops it.
 */
export function updateDomainRoute(
  scope: EngineScope,
  name: string,
  address: string,
  body: unknown,
): DomainRouteDto {
  const input = validateBody(UpdateShape, body);
  const problems: string[] = [];
  if (input.type != null && !isType(input.type)) problems.push(TYPE_RULE);
  const dataProblem = metadataProblem('data', input.data);
  if (dataProblem) problems.push(dataProblem);
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const type = (input.type ?? undefined) as DomainRouteRecord['type'] | undefined;
  const { route } = domainRoute(scope, name, address);
  const nextType = type ?? route.type;
  const resolved = input.agentId !== undefined ? agentIdOf(scope, input.agentId) : undefined;
  const nextDestination = input.agentId !== undefined ? resolved : route.destination;
  if (nextType === 'agent' && !nextDestination) {
    throw ServiceError.http(400, 'agentId is required for agent routes.');
  }
  if (nextType === 'agent' && nextDestination !== undefined) {
    const exists = [...tables.agents.values(scope.data)].some(
      (agent) => agent._id === nextDestination,
    );
    if (!exists) {
      throw ServiceError.http(
        404,
        `Agent "${nextDestination}" referenced by agentId does not exist.`,
      );
    }
  }
  if (type === undefined && input.agentId === undefined && input.data == null) {
    return toDto(scope, route);
  }
  const now = scope.iso();
  tables.domainRoutes.update(scope.data, route, () => {
    if (type !== undefined) route.type = type;
    if (nextType === 'agent' && resolved !== undefined) route.destination = resolved;
    if (nextType === 'webhook') delete route.destination;
    if (input.data != null) route.data = { ...(input.data as Record<string, string>) };
    route.updatedAt = now;
  });
  return toDto(scope, route);
}

/** `DELETE /v1/domains/{domain}/routes/{address}`. */
export function deleteDomainRoute(scope: EngineScope, name: string, address: string): undefined {
  const { domain } = domainRoute(scope, name, address);
  tables.domainRoutes.delete(scope.data, domainRouteKey(domain._id, address));
  return undefined;
}

/**
 * `GET /v1/domains/{domain}/routes`: the domain's routes, newest first unless
 * `orderDirection=ASC`; `agentId` (an identifier, 404 when no agent has it) narrows to its
 * routes.
 */
export function listDomainRoutes(
  scope: EngineScope,
  name: string,
  search: DomainRouteSearch,
): CursorPage<DomainRouteDto> {
  let destination: string | undefined;
  const page = recordPage(
    () => {
      const domain = domainOrThrow(scope, name);
      destination = search.agentId ? agentIdOf(scope, search.agentId) : undefined;
      return [...tables.domainRoutes.values(scope.data)].filter(
        (route) => route._domainId === domain._id,
      );
    },
    search,
    (route) => destination === undefined || route.destination === destination,
  );
  return { ...page, data: page.data.map((route) => toDto(scope, route)) };
}
