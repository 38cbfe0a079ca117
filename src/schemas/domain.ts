import * as z from 'zod/mini';
import { Timestamp, type WireShape } from './common';
import { CURSOR_QUERY } from './order';
import { type CursorPageResponse, cursorPage } from './pagination';

/** String key-value metadata of a domain or route: at most 10 keys, 500 characters in all. */
const Metadata = z.record(z.string(), z.string());

/**
 * Whether a domain's MX record was found pointing at the mail server.
 *
 * @example
 * ```ts
 * DomainStatus.parse('verified');
 * ```
 */
export const DomainStatus = z.enum(['pending', 'verified']);
export type DomainStatus = z.infer<typeof DomainStatus>;

/**
 * Where a route sends the mail of its address: an agent, or the environment's webhooks.
 *
 * @example
 * ```ts
 * DomainRouteType.parse('webhook');
 * ```
 */
export const DomainRouteType = z.enum(['agent', 'webhook']);
export type DomainRouteType = z.infer<typeof DomainRouteType>;

/**
 * A DNS record a domain needs at its DNS provider.
 *
 * @example
 * ```ts
 * ExpectedDnsRecord.parse({ type: 'MX', name: 'acme.dev', content: 'mail.svc.local', ttl: 'Auto', priority: 10 });
 * ```
 */
export const ExpectedDnsRecord = z.looseObject({
  type: z.string(),
  name: z.string(),
  content: z.string(),
  ttl: z.string(),
  priority: z.optional(z.number()),
});
export interface ExpectedDnsRecord extends WireShape<typeof ExpectedDnsRecord> {}

/**
 * An inbound-email domain of the environment.
 *
 * @example
 * ```ts
 * Domain.parse({
 *   _id: '665f1c2e8b7a3d9f0c1b2a3d',
 *   name: 'acme.dev',
 *   status: 'pending',
 *   mxRecordConfigured: false,
 *   _environmentId: 'e',
 *   _organizationId: 'o',
 *   createdAt: '2024-01-01T00:00:00.000Z',
 *   updatedAt: '2024-01-01T00:00:00.000Z',
 * });
 * ```
 */
export const Domain = z.looseObject({
  _id: z.string(),
  /** The domain name, lower case. */
  name: z.string(),
  /** `verified` once a verification found the MX record. */
  status: DomainStatus,
  mxRecordConfigured: z.boolean(),
  dnsProvider: z.optional(z.string()),
  _environmentId: z.string(),
  _organizationId: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The DNS records to add (absent in listings). */
  expectedDnsRecords: z.optional(z.array(ExpectedDnsRecord)),
  data: z.optional(Metadata),
});
export interface Domain extends WireShape<typeof Domain> {}

/**
 * Body of `POST /v1/domains`.
 *
 * @example
 * ```ts
 * DomainCreateBody.parse({ name: 'acme.dev', data: { team: 'support' } });
 * ```
 */
export const DomainCreateBody = z.object({
  /** A fully qualified domain name (`acme.dev`). */
  name: z.string(),
  /** At most 10 string keys and values, 500 characters in all. */
  data: z.optional(Metadata),
});
export type DomainCreateBody = z.input<typeof DomainCreateBody>;

/**
 * Body of `PATCH /v1/domains/{domain}`: `data` replaces the metadata whole.
 *
 * @example
 * ```ts
 * DomainUpdateBody.parse({ data: { team: 'sales' } });
 * ```
 */
export const DomainUpdateBody = z.object({ data: z.optional(Metadata) });
export type DomainUpdateBody = z.input<typeof DomainUpdateBody>;

/**
 * Query of `GET /v1/domains`: the cursor options and `name` (part of the name).
 *
 * @example
 * ```ts
 * DomainListQuery.parse({ name: 'acme', limit: 20 });
 * ```
 */
export const DomainListQuery = z.object({ ...CURSOR_QUERY, name: z.optional(z.string()) });
export type DomainListQuery = z.infer<typeof DomainListQuery>;

/**
 * Response of `GET /v1/domains` (cursor page).
 *
 * @example
 * ```ts
 * DomainListResponse.parse({ data: [], next: null, previous: null, totalCount: 0, totalCountCapped: false });
 * ```
 */
export const DomainListResponse = cursorPage(Domain);
/** Response of `GET /v1/domains`: a cursor page of domains. */
export interface DomainListResponse extends CursorPageResponse<Domain> {}

const DiagnosticCode = z.enum([
  'mx_missing',
  'mx_wrong_target',
  'mx_low_priority',
  'apex_cname_collision',
  'dnsbl_listed',
]);

/**
 * Response of `POST /v1/domains/{domain}/diagnose`: each check and the issues found.
 *
 * @example
 * ```ts
 * DomainDiagnosis.parse({ ok: true, runAt: '2024-01-01T00:00:00.000Z', checks: [], issues: [] });
 * ```
 */
export const DomainDiagnosis = z.looseObject({
  /** True when no issue has the `error` severity. */
  ok: z.boolean(),
  runAt: Timestamp,
  checks: z.array(
    z.looseObject({
      code: DiagnosticCode,
      status: z.enum(['pass', 'fail', 'skipped']),
      latencyMs: z.number(),
    }),
  ),
  issues: z.array(
    z.looseObject({
      code: DiagnosticCode,
      severity: z.enum(['warn', 'error']),
      message: z.string(),
      fix: z.string(),
    }),
  ),
});
export interface DomainDiagnosis extends WireShape<typeof DomainDiagnosis> {}

/**
 * Response of `GET /v1/domains/{domain}/auto-configure`: whether the DNS provider can apply the
 * records itself (Domain Connect), else the records to add by hand.
 *
 * @example
 * ```ts
 * DomainAutoConfigureStatus.parse({ available: false, reasonCode: 'disabled', manualRecords: [] });
 * ```
 */
export const DomainAutoConfigureStatus = z.looseObject({
  available: z.boolean(),
  providerName: z.optional(z.string()),
  providerId: z.optional(z.string()),
  reason: z.optional(z.string()),
  reasonCode: z.optional(z.string()),
  manualRecords: z.array(ExpectedDnsRecord),
});
export interface DomainAutoConfigureStatus extends WireShape<typeof DomainAutoConfigureStatus> {}

/**
 * Body of `POST /v1/domains/{domain}/auto-configure/start`.
 *
 * @example
 * ```ts
 * DomainAutoConfigureStartBody.parse({ redirectUri: 'https://app.acme.dev/settings' });
 * ```
 */
export const DomainAutoConfigureStartBody = z.object({
  /** Where the DNS provider sends the user back: HTTPS, or HTTP on localhost. */
  redirectUri: z.optional(z.string()),
});
export type DomainAutoConfigureStartBody = z.input<typeof DomainAutoConfigureStartBody>;

/**
 * Response of `POST /v1/domains/{domain}/auto-configure/start`: the URL to send the user to.
 *
 * @example
 * ```ts
 * DomainAutoConfigureStart.parse({ applyUrl: 'https://dns.example/apply', providerName: 'Cloudflare', redirectUri: 'https://app.acme.dev' });
 * ```
 */
export const DomainAutoConfigureStart = z.looseObject({
  applyUrl: z.string(),
  providerName: z.string(),
  redirectUri: z.string(),
});
export interface DomainAutoConfigureStart extends WireShape<typeof DomainAutoConfigureStart> {}

/**
 * A route: where mail to `<address>@<domain>` goes.
 *
 * @example
 * ```ts
 * DomainRoute.parse({
 *   _id: '665f1c2e8b7a3d9f0c1b2a3e',
 *   _domainId: '665f1c2e8b7a3d9f0c1b2a3d',
 *   address: 'support',
 *   type: 'webhook',
 *   _environmentId: 'e',
 *   _organizationId: 'o',
 *   createdAt: '2024-01-01T00:00:00.000Z',
 *   updatedAt: '2024-01-01T00:00:00.000Z',
 * });
 * ```
 */
export const DomainRoute = z.looseObject({
  _id: z.string(),
  _domainId: z.string(),
  /** The local part (`support`), or `*` for every address of the domain. */
  address: z.string(),
  /** The agent's `_id`, on agent routes. */
  agentId: z.optional(z.string()),
  type: DomainRouteType,
  _environmentId: z.string(),
  _organizationId: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  data: z.optional(Metadata),
});
export interface DomainRoute extends WireShape<typeof DomainRoute> {}

/**
 * Body of `POST /v1/domains/{domain}/routes`.
 *
 * @example
 * ```ts
 * DomainRouteCreateBody.parse({ address: 'support', type: 'agent', agentId: 'support-bot' });
 * ```
 */
export const DomainRouteCreateBody = z.object({
  /** The local part (`support`, `sales+vip`) or `*`. */
  address: z.string(),
  /** The agent's identifier; required for agent routes. */
  agentId: z.optional(z.string()),
  type: DomainRouteType,
  data: z.optional(Metadata),
});
export type DomainRouteCreateBody = z.input<typeof DomainRouteCreateBody>;

/**
 * Body of `PATCH /v1/domains/{domain}/routes/{address}`.
 *
 * @example
 * ```ts
 * DomainRouteUpdateBody.parse({ type: 'webhook' });
 * ```
 */
export const DomainRouteUpdateBody = z.object({
  agentId: z.optional(z.string()),
  type: z.optional(DomainRouteType),
  data: z.optional(Metadata),
});
export type DomainRouteUpdateBody = z.input<typeof DomainRouteUpdateBody>;

/**
 * Query of `GET /v1/domains/{domain}/routes`: the cursor options and `agentId` (an agent's
 * identifier).
 *
 * @example
 * ```ts
 * DomainRouteListQuery.parse({ agentId: 'support-bot' });
 * ```
 */
export const DomainRouteListQuery = z.object({ ...CURSOR_QUERY, agentId: z.optional(z.string()) });
export type DomainRouteListQuery = z.infer<typeof DomainRouteListQuery>;

/**
 * Response of `GET /v1/domains/{domain}/routes` (cursor page).
 *
 * @example
 * ```ts
 * DomainRouteListResponse.parse({ data: [], next: null, previous: null, totalCount: 0, totalCountCapped: false });
 * ```
 */
export const DomainRouteListResponse = cursorPage(DomainRoute);
/** Response of `GET /v1/domains/{domain}/routes`: a cursor page of routes. */
export interface DomainRouteListResponse extends CursorPageResponse<DomainRoute> {}

/**
 * Body of `POST /v1/domains/{domain}/routes/{address}/test`: a synthetic inbound email.
 *
 * @example
 * ```ts
 * DomainRouteTestBody.parse({ from: { address: 'ada@example.com' }, subject: 'Hi', dryRun: true });
 * ```
 */
export const DomainRouteTestBody = z.object({
  from: z.object({ address: z.string(), name: z.optional(z.string()) }),
  subject: z.string(),
  text: z.optional(z.string()),
  html: z.optional(z.string()),
  /** Answer the payload that would be delivered, without delivering it. */
  dryRun: z.optional(z.boolean()),
});
export type DomainRouteTestBody = z.input<typeof DomainRouteTestBody>;

/**
 * Response of `POST /v1/domains/{domain}/routes/{address}/test`.
 *
 * @example
 * ```ts
 * DomainRouteTestResult.parse({ matched: false, dryRun: true, domainStatus: 'pending', mxRecordConfigured: false });
 * ```
 */
export const DomainRouteTestResult = z.looseObject({
  /** Whether a route (the address's or the `*` one) took the mail. */
  matched: z.boolean(),
  dryRun: z.boolean(),
  domainStatus: z.optional(DomainStatus),
  mxRecordConfigured: z.optional(z.boolean()),
  type: z.optional(DomainRouteType),
  wouldDeliverTo: z.optional(z.string()),
  payload: z.optional(z.record(z.string(), z.unknown())),
  webhook: z.optional(z.looseObject({ skipped: z.optional(z.boolean()), latencyMs: z.number() })),
  agent: z.optional(
    z.looseObject({
      agentId: z.string(),
      httpStatus: z.number(),
      agentReply: z.optional(z.unknown()),
      latencyMs: z.number(),
    }),
  ),
});
export interface DomainRouteTestResult extends WireShape<typeof DomainRouteTestResult> {}
