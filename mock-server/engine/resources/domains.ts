/**
 * Inbound-email domains of an environment (`/v1/domains`): records with the service's rules on
 * names, metadata, conflicts and listing, and DNS checks answered by the simulated DNS
 * (docs/behaviour/domains.md).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { Domain, ExpectedDnsRecord } from '../../../src/schemas/domain';
import type { EngineScope } from '../scope';
import type { DomainRecord } from '../store/state';
import { tables } from '../store/tables';
import type { CursorOptions, CursorPage } from '../wire/cursor-page';
import { recordPage } from '../wire/record-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { MAIL_SERVER_DOMAIN, simulatedDns } from './domain-dns';
import { isDomainName, metadataProblem } from './domain-rules';

/** Most domains an environment keeps (an engine cap; docs/behaviour/domains.md#caps). */
export const MAX_DOMAINS_PER_ENVIRONMENT = 100;

/**
 * A DNS record a domain needs, in its wire shape.
 *
 * @example
 * ```ts
 * const mx: ExpectedDnsRecordDto = { type: 'MX', name: 'acme.dev', content: 'inbound-mail.svc-mock.local', ttl: 'Auto', priority: 10 };
 * ```
 */
export type ExpectedDnsRecordDto = ExpectedDnsRecord;

/**
 * A domain in its wire shape (the service's `toDomainResponse`).
 *
 * @example
 * ```ts
 * const domain: DomainDto = engine.operations['domains.retrieve'](engine.scope('Development'), {
 *   params: { domain: 'acme.dev' },
 * });
 * ```
 */
export type DomainDto = Domain;

/**
 * Filters and order of a domains listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: DomainSearch = { limit: 10, includeCursor: false, orderBy: '_id', orderDirection: 'DESC' };
 * ```
 */
export interface DomainSearch extends CursorOptions {
  orderBy: string;
  orderDirection: 'ASC' | 'DESC';
  name?: string | undefined;
}

/** The records a domain needs: one MX to the mail server. */
export function expectedDnsRecords(name: string): ExpectedDnsRecordDto[] {
  return [{ type: 'MX', name, content: MAIL_SERVER_DOMAIN, ttl: 'Auto', priority: 10 }];
}

function toDto(scope: EngineScope, domain: DomainRecord, withRecords = true): DomainDto {
  return {
    _id: domain._id,
    name: domain.name,
    status: domain.status,
    mxRecordConfigured: domain.mxRecordConfigured,
    ...(domain.dnsProvider === undefined ? {} : { dnsProvider: domain.dnsProvider }),
    _environmentId: scope.environment._id,
    _organizationId: scope.environment._organizationId,
    createdAt: domain.createdAt,
    updatedAt: domain.updatedAt,
    ...(domain.data === undefined ? {} : { data: { ...domain.data } }),
    ...(withRecords ? { expectedDnsRecords: expectedDnsRecords(domain.name) } : {}),
  };
}

/**
 * The environment's domain called `name` (any case), or the service's 404.
 *
 * @example
 * ```ts
 * const domain = domainOrThrow(engine.scope('Development'), 'Acme.dev');
 * ```
 */
export function domainOrThrow(scope: EngineScope, name: string): DomainRecord {
  const key = name.toLowerCase();
  const domain = tables.domains.get(scope.data, key);
  if (!domain) throw ServiceError.http(404, `Domain "${key}" not found.`);
  return domain;
}

const CreateShape = z.object({ name: z.string(), data: z.optional(z.unknown()) });
const UpdateShape = z.object({ data: z.optional(z.unknown()) });

function nameProblems(name: string): string[] {
  if (name === '') return ['name should not be empty', 'name must be a valid domain name'];
  return isDomainName(name) ? [] : ['name must be a valid domain name'];
}

/** `POST /v1/domains`: a new pending domain; 409 when any environment has the name. */
export function createDomain(scope: EngineScope, body: unknown): DomainDto {
  const input = validateBody(CreateShape, body);
  const problems = [...nameProblems(input.name)];
  const dataProblem = metadataProblem('data', input.data);
  if (dataProblem) problems.push(dataProblem);
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  if (tables.domains.size(scope.data) >= MAX_DOMAINS_PER_ENVIRONMENT) {
    throw ServiceError.http(
      400,
      `Domain limit exceeded. An environment holds at most ${MAX_DOMAINS_PER_ENVIRONMENT} domains.`,
      { currentCount: tables.domains.size(scope.data), limit: MAX_DOMAINS_PER_ENVIRONMENT },
    );
  }
  const name = input.name.toLowerCase();
  // Domain names are unique across the whole service, not per environment.
  for (const data of tables.environments.everyData(scope.state)) {
    if (tables.domains.has(data, name)) {
      throw ServiceError.http(409, `A domain with name "${name}" already exists.`);
    }
  }
  const now = scope.iso();
  const provider = simulatedDns(scope, name).provider;
  const domain: DomainRecord = {
    _id: scope.ids.objectId(),
    name,
    status: 'pending',
    mxRecordConfigured: false,
    ...(provider === undefined ? {} : { dnsProvider: provider }),
    ...(input.data == null ? {} : { data: { ...(input.data as Record<string, string>) } }),
    createdAt: now,
    updatedAt: now,
  };
  tables.domains.set(scope.data, name, domain);
  return toDto(scope, domain);
}

/** `GET /v1/domains/{domain}`: the domain with its expected records. */
export function retrieveDomain(scope: EngineScope, name: string): DomainDto {
  return toDto(scope, domainOrThrow(scope, name));
}

/** `PATCH /v1/domains/{domain}`: `data` replaces the metadata whole; without it nothing changes. */
export function updateDomain(scope: EngineScope, name: string, body: unknown): DomainDto {
  const input = validateBody(UpdateShape, body);
  const problem = metadataProblem('data', input.data);
  if (problem) throw ServiceError.dtoValidation([problem]);
  const domain = domainOrThrow(scope, name);
  if (input.data == null) return toDto(scope, domain);
  const data = { ...(input.data as Record<string, string>) };
  const now = scope.iso();
  tables.domains.update(scope.data, domain, () => {
    domain.data = data;
    domain.updatedAt = now;
  });
  return toDto(scope, domain);
}

/** `DELETE /v1/domains/{domain}`: the domain and every route of it. */
export function deleteDomain(scope: EngineScope, name: string): undefined {
  const domain = domainOrThrow(scope, name);
  tables.domains.delete(scope.data, domain.name);
  for (const [key, route] of [...tables.domainRoutes.entries(scope.data)]) {
    if (route._domainId === domain._id) tables.domainRoutes.delete(scope.data, key);
  }
  return undefined;
}

/**
 * `POST /v1/domains/{domain}/verify`: the MX lookup (simulated) sets `mxRecordConfigured`, and
 * the status with it; a domain whose MX went away is pending again.
 */
export function verifyDomain(scope: EngineScope, name: string): DomainDto {
  const domain = domainOrThrow(scope, name);
  const { mx } = simulatedDns(scope, domain.name);
  const configured = mx === 'configured' || mx === 'low-priority';
  if (configured !== domain.mxRecordConfigured || (configured && domain.status !== 'verified')) {
    const now = scope.iso();
    tables.domains.update(scope.data, domain, () => {
      domain.mxRecordConfigured = configured;
      domain.status = configured ? 'verified' : 'pending';
      domain.updatedAt = now;
    });
  }
  return toDto(scope, domain);
}

/**
 * `GET /v1/domains`: newest first unless `orderDirection=ASC`, by `orderBy` (default `_id`);
 * `name` a part of the name, in any case. Listed domains carry no expected records.
 */
export function listDomains(scope: EngineScope, search: DomainSearch): CursorPage<DomainDto> {
  const needle = search.name?.toLowerCase();
  const page = recordPage(
    () => tables.domains.values(scope.data),
    search,
    (domain) => needle === undefined || domain.name.includes(needle),
  );
  return { ...page, data: page.data.map((domain) => toDto(scope, domain, false)) };
}
