import * as z from 'zod/mini';
import { Timestamp, type WireShape } from './common';
import { CURSOR_QUERY } from './order';
import { type CursorPageResponse, cursorPage } from './pagination';

/** String key-value metadata of a domain or route: at most 10 keys, 500 characters in all. */
const Metadata = z.record(z.string(), z.string());

/** Whether a domain's MX record was found pointing at the mail server. */
export const DomainStatus = z.enum(['pending', 'verified']);
export type DomainStatus = z.infer<typeof DomainStatus>;

/** Where a route sends the mail of its address: an agent, or the environment's webhooks. */
export const DomainRouteType = z.enum(['agent', 'webhook']);
export type DomainRouteType = z.infer<typeof DomainRouteType>;

/** A DNS record a domain needs at its DNS provider. */
export const ExpectedDnsRecord = z.looseObject({
  /** The record type: `MX` for the inbound mail server. */
  type: z.string(),
  /** The host name the record goes on: the domain itself. */
  name: z.string(),
  /** The record value: the inbound mail server's host name for an MX record. */
  content: z.string(),
  /** The time to live to set, as a string (`Auto` lets the DNS provider choose). */
  ttl: z.string(),
  /** The MX preference (lower wins); absent for records without one. */
  priority: z.optional(z.number()),
});
export interface ExpectedDnsRecord extends WireShape<typeof ExpectedDnsRecord> {}

/** An inbound-email domain of the environment. */
export const Domain = z.looseObject({
  /** The domain's unique identifier. */
  _id: z.string(),
  /** The domain name, lower case. */
  name: z.string(),
  /** `verified` once a verification found the MX record. */
  status: DomainStatus,
  /** Whether the last verification found the MX record pointing at the inbound mail server. */
  mxRecordConfigured: z.boolean(),
  /** The DNS provider detected for the domain (`Cloudflare`, ...); absent when none was found. */
  dnsProvider: z.optional(z.string()),
  /** The environment the domain belongs to. */
  _environmentId: z.string(),
  /** The organization the domain belongs to. */
  _organizationId: z.string(),
  /** When the domain was created (ISO 8601). */
  createdAt: Timestamp,
  /** When the domain was last updated (ISO 8601). */
  updatedAt: Timestamp,
  /** The DNS records to add (absent in listings). */
  expectedDnsRecords: z.optional(z.array(ExpectedDnsRecord)),
  /** String key-value metadata (at most 10 keys, 500 characters in all); absent when never set. */
  data: z.optional(Metadata),
});
export interface Domain extends WireShape<typeof Domain> {}

/** Body of `POST /v1/domains`. */
export const DomainCreateBody = z.object({
  /** A fully qualified domain name (`acme.dev`). */
  name: z.string(),
  /** At most 10 string keys and values, 500 characters in all. */
  data: z.optional(Metadata),
});
export type DomainCreateBody = z.input<typeof DomainCreateBody>;

/** Body of `PATCH /v1/domains/{domain}`: `data` replaces the metadata whole. */
export const DomainUpdateBody = z.object({ data: z.optional(Metadata) });
export type DomainUpdateBody = z.input<typeof DomainUpdateBody>;

/** Query of `GET /v1/domains`: the cursor options and `name` (part of the name). */
export const DomainListQuery = z.object({ ...CURSOR_QUERY, name: z.optional(z.string()) });
export type DomainListQuery = z.infer<typeof DomainListQuery>;

/** Response of `GET /v1/domains` (cursor page). */
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

/** Response of `POST /v1/domains/{domain}/diagnose`: each check and the issues found. */
export const DomainDiagnosis = z.looseObject({
  /** True when no issue has the `error` severity. */
  ok: z.boolean(),
  /** When the diagnostic run finished (ISO 8601). */
  runAt: Timestamp,
  /** The five checks, in the service's order, each with its outcome. */
  checks: z.array(
    z.looseObject({
      /** Which check this is (`mx_missing`, `dnsbl_listed`, ...). */
      code: DiagnosticCode,
      /** `skipped` when an earlier failure made the check meaningless. */
      status: z.enum(['pass', 'fail', 'skipped']),
      /** Round-trip time of the check, in milliseconds. */
      latencyMs: z.number(),
    }),
  ),
  /** The problems found, `[]` when none. */
  issues: z.array(
    z.looseObject({
      /** The check that found the issue. */
      code: DiagnosticCode,
      /** `error` prevents inbound mail (and makes `ok` false); `warn` may degrade it. */
      severity: z.enum(['warn', 'error']),
      /** What is wrong, naming the domain or mail host. */
      message: z.string(),
      /** Plain-language remediation guidance. */
      fix: z.string(),
    }),
  ),
});
export interface DomainDiagnosis extends WireShape<typeof DomainDiagnosis> {}

/**
 * Response of `GET /v1/domains/{domain}/auto-configure`: whether the DNS provider can apply the
 * records itself (Domain Connect), else the records to add by hand.
 */
export const DomainAutoConfigureStatus = z.looseObject({
  /** Whether the DNS provider can apply the records through Domain Connect. */
  available: z.boolean(),
  /** The DNS provider's display name (`Cloudflare`); present when available. */
  providerName: z.optional(z.string()),
  /** The DNS provider's Domain Connect identifier; present when available. */
  providerId: z.optional(z.string()),
  /** Why auto-configuration is unavailable, as a sentence; absent when available. */
  reason: z.optional(z.string()),
  /** Why auto-configuration is unavailable (`disabled`, `unsupported_provider`, ...); absent when available. */
  reasonCode: z.optional(z.string()),
  /** The DNS records to add by hand instead. */
  manualRecords: z.array(ExpectedDnsRecord),
});
export interface DomainAutoConfigureStatus extends WireShape<typeof DomainAutoConfigureStatus> {}

/** Body of `POST /v1/domains/{domain}/auto-configure/start`. */
export const DomainAutoConfigureStartBody = z.object({
  /** Where the DNS provider sends the user back: HTTPS, or HTTP on localhost. */
  redirectUri: z.optional(z.string()),
});
export type DomainAutoConfigureStartBody = z.input<typeof DomainAutoConfigureStartBody>;

/** Response of `POST /v1/domains/{domain}/auto-configure/start`: the URL to send the user to. */
export const DomainAutoConfigureStart = z.looseObject({
  /** The DNS provider's Domain Connect URL to send the user to, where they consent to the records. */
  applyUrl: z.string(),
  /** The DNS provider's display name (`Cloudflare`). */
  providerName: z.string(),
  /** Where the DNS provider sends the user back once the consent flow completes. */
  redirectUri: z.string(),
});
export interface DomainAutoConfigureStart extends WireShape<typeof DomainAutoConfigureStart> {}

/** A route: where mail to `<address>@<domain>` goes. */
export const DomainRoute = z.looseObject({
  /** The route's unique identifier. */
  _id: z.string(),
  /** The `_id` of the domain the route belongs to. */
  _domainId: z.string(),
  /** The local part (`support`), or `*` for every address of the domain. */
  address: z.string(),
  /** The agent's `_id`, on agent routes. */
  agentId: z.optional(z.string()),
  /** `agent` delivers to the agent `agentId`; `webhook` to the environment's outbound webhooks. */
  type: DomainRouteType,
  /** The environment the route belongs to. */
  _environmentId: z.string(),
  /** The organization the route belongs to. */
  _organizationId: z.string(),
  /** When the route was created (ISO 8601). */
  createdAt: Timestamp,
  /** When the route was last updated (ISO 8601). */
  updatedAt: Timestamp,
  /** String key-value metadata (at most 10 keys, 500 characters in all); absent when never set. */
  data: z.optional(Metadata),
});
export interface DomainRoute extends WireShape<typeof DomainRoute> {}

/** Body of `POST /v1/domains/{domain}/routes`. */
export const DomainRouteCreateBody = z.object({
  /** The local part (`support`, `sales+vip`) or `*`. */
  address: z.string(),
  /** The agent's identifier; required for agent routes. */
  agentId: z.optional(z.string()),
  type: DomainRouteType,
  data: z.optional(Metadata),
});
export type DomainRouteCreateBody = z.input<typeof DomainRouteCreateBody>;

/** Body of `PATCH /v1/domains/{domain}/routes/{address}`. */
export const DomainRouteUpdateBody = z.object({
  agentId: z.optional(z.string()),
  type: z.optional(DomainRouteType),
  data: z.optional(Metadata),
});
export type DomainRouteUpdateBody = z.input<typeof DomainRouteUpdateBody>;

/**
 * Query of `GET /v1/domains/{domain}/routes`: the cursor options and `agentId` (an agent's
 * identifier).
 */
export const DomainRouteListQuery = z.object({ ...CURSOR_QUERY, agentId: z.optional(z.string()) });
export type DomainRouteListQuery = z.infer<typeof DomainRouteListQuery>;

/** Response of `GET /v1/domains/{domain}/routes` (cursor page). */
export const DomainRouteListResponse = cursorPage(DomainRoute);
/** Response of `GET /v1/domains/{domain}/routes`: a cursor page of routes. */
export interface DomainRouteListResponse extends CursorPageResponse<DomainRoute> {}

/** Body of `POST /v1/domains/{domain}/routes/{address}/test`: a synthetic inbound email. */
export const DomainRouteTestBody = z.object({
  from: z.object({ address: z.string(), name: z.optional(z.string()) }),
  subject: z.string(),
  text: z.optional(z.string()),
  html: z.optional(z.string()),
  /** Answer the payload that would be delivered, without delivering it. */
  dryRun: z.optional(z.boolean()),
});
export type DomainRouteTestBody = z.input<typeof DomainRouteTestBody>;

/** Response of `POST /v1/domains/{domain}/routes/{address}/test`. */
export const DomainRouteTestResult = z.looseObject({
  /** Whether a route (the address's or the `*` one) took the mail. */
  matched: z.boolean(),
  /** Whether this was a dry run (nothing delivered; `payload` answered instead). */
  dryRun: z.boolean(),
  /** The domain's verification status; present when no route matched. */
  domainStatus: z.optional(DomainStatus),
  /** Whether the domain's MX record is configured; present when no route matched. */
  mxRecordConfigured: z.optional(z.boolean()),
  /** The type of the route that matched; absent when none matched. */
  type: z.optional(DomainRouteType),
  /** Human-readable summary of the delivery target; dry runs only. */
  wouldDeliverTo: z.optional(z.string()),
  /** The outbound payload that would be delivered; dry runs only. */
  payload: z.optional(z.record(z.string(), z.unknown())),
  /** The outbound-webhook delivery; webhook routes without `dryRun` only. */
  webhook: z.optional(
    z.looseObject({
      /** True when outbound webhooks are off for the environment, so nothing was emitted. */
      skipped: z.optional(z.boolean()),
      /** Round-trip time of the delivery, in milliseconds. */
      latencyMs: z.number(),
    }),
  ),
  /** The agent delivery; agent routes without `dryRun` only. */
  agent: z.optional(
    z.looseObject({
      /** The `_id` of the agent the mail went to. */
      agentId: z.string(),
      /** The HTTP status the agent's webhook answered. */
      httpStatus: z.number(),
      /** The agent webhook's response body, parsed, when it was JSON. */
      agentReply: z.optional(z.unknown()),
      /** Round-trip time of the agent call, in milliseconds. */
      latencyMs: z.number(),
    }),
  ),
});
export interface DomainRouteTestResult extends WireShape<typeof DomainRouteTestResult> {}
