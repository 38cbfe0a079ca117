/**
 * A domain's DNS diagnosis and its DNS auto-configuration (Domain Connect), with the service's
 * checks, texts and answers, over the simulated DNS (docs/behaviour/domains.md#diagnose).
 *
 * @module
 */

import * as z from 'zod/mini';
import type {
  DomainAutoConfigureStart,
  DomainAutoConfigureStatus,
  DomainDiagnosis,
} from '../../../src/schemas/domain';
import type { EngineScope } from '../scope';
import type { SimulatedDnsRecord } from '../store/state';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { MAIL_SERVER_DOMAIN, simulatedDns } from './domain-dns';
import { domainOrThrow, expectedDnsRecords } from './domains';

type DiagnosticCode =
  | 'mx_missing'
  | 'mx_wrong_target'
  | 'mx_low_priority'
  | 'apex_cname_collision'
  | 'dnsbl_listed';

/**
 * One check of a diagnosis, in its wire shape (the simulated DNS answers at once: 0 ms).
 *
 * @example
 * ```ts
 * const check: DiagnosticCheckDto = { code: 'mx_missing', status: 'pass', latencyMs: 0 };
 * ```
 */
export interface DiagnosticCheckDto {
  code: DiagnosticCode;
  status: 'pass' | 'fail' | 'skipped';
  latencyMs: number;
}

/**
 * The answer of `POST /v1/domains/{domain}/diagnose`.
 *
 * @example
 * ```ts
 * const { ok } = engine.operations['domains.diagnose'](engine.scope('Development'), { params: { domain: 'acme.dev' } });
 * ```
 */
export type DiagnosisDto = DomainDiagnosis;

function mxChecks(name: string, dns: SimulatedDnsRecord, diagnosis: DiagnosisDto): void {
  const { checks, issues } = diagnosis;
  const check = (code: DiagnosticCode, status: DiagnosticCheckDto['status']) =>
    checks.push({ code, status, latencyMs: 0 });
  if (dns.mx === 'missing') {
    check('mx_missing', 'fail');
    issues.push({
      code: 'mx_missing',
      severity: 'error',
      message: `No MX records were found for ${name}.`,
      fix: `Add an MX record pointing to ${MAIL_SERVER_DOMAIN} (priority 10 is typical). See the inbound email documentation.`,
    });
    check('mx_wrong_target', 'skipped');
    check('mx_low_priority', 'skipped');
    return;
  }
  check('mx_missing', 'pass');
  if (dns.mx === 'wrong-target') {
    check('mx_wrong_target', 'fail');
    issues.push({
      code: 'mx_wrong_target',
      severity: 'error',
      message: `MX exists but none point to the inbound mail server (${MAIL_SERVER_DOMAIN}).`,
      fix: `Set an MX record for ${name} with target ${MAIL_SERVER_DOMAIN} and an appropriate priority.`,
    });
    check('mx_low_priority', 'skipped');
    return;
  }
  check('mx_wrong_target', 'pass');
  if (dns.mx === 'low-priority') {
    check('mx_low_priority', 'fail');
    issues.push({
      code: 'mx_low_priority',
      severity: 'warn',
      message: 'Another MX record has a better (lower) priority than the inbound mail server.',
      fix: `Either remove higher-priority MX hosts that should not receive mail for this domain, or give ${MAIL_SERVER_DOMAIN} the lowest MX priority value.`,
    });
    return;
  }
  check('mx_low_priority', 'pass');
}

/**
 * `POST /v1/domains/{domain}/diagnose`: the service's five checks in its order (MX presence,
 * target, priority; apex CNAME; blocklists, skipped without MX records); `ok` when no issue is an
 * error. Reads only: the domain's status stays.
 */
export function diagnoseDomain(scope: EngineScope, name: string): DiagnosisDto {
  const domain = domainOrThrow(scope, name);
  const dns = simulatedDns(scope, domain.name);
  const diagnosis: DiagnosisDto = { ok: true, runAt: scope.iso(), checks: [], issues: [] };
  mxChecks(domain.name, dns, diagnosis);
  if (dns.apexCname) {
    diagnosis.checks.push({ code: 'apex_cname_collision', status: 'fail', latencyMs: 0 });
    diagnosis.issues.push({
      code: 'apex_cname_collision',
      severity: 'error',
      message: `The apex name ${domain.name} has a CNAME record. CNAME cannot coexist with MX at the zone apex.`,
      fix: 'Remove the CNAME at the apex or use a subdomain for the CNAME target; MX must be authoritative for the mail domain.',
    });
  } else {
    diagnosis.checks.push({ code: 'apex_cname_collision', status: 'pass', latencyMs: 0 });
  }
  if (dns.mx === 'missing') {
    diagnosis.checks.push({ code: 'dnsbl_listed', status: 'skipped', latencyMs: 0 });
  } else if (dns.blocklisted) {
    diagnosis.checks.push({ code: 'dnsbl_listed', status: 'fail', latencyMs: 0 });
    diagnosis.issues.push({
      code: 'dnsbl_listed',
      severity: 'warn',
      message: `The inbound mail host ${MAIL_SERVER_DOMAIN} appears on one or more DNS blocklists (203.0.113.25 on zen.spamhaus.org).`,
      fix: 'Work with your mail infrastructure provider to delist or rotate IPs if this is a false positive.',
    });
  } else {
    diagnosis.checks.push({ code: 'dnsbl_listed', status: 'pass', latencyMs: 0 });
  }
  diagnosis.ok = diagnosis.issues.every((issue) => issue.severity !== 'error');
  return diagnosis;
}

/**
 * The answer of `GET /v1/domains/{domain}/auto-configure`.
 *
 * @example
 * ```ts
 * const status: AutoConfigureStatusDto = { available: false, reasonCode: 'disabled', reason: '...', manualRecords: [] };
 * ```
 */
export type AutoConfigureStatusDto = DomainAutoConfigureStatus;

const DEFAULT_PROVIDER = 'Cloudflare';

/**
 * `GET /v1/domains/{domain}/auto-configure`: available when the simulated DNS says its provider
 * offers Domain Connect; else the service's `disabled` answer, the records to add by hand.
 */
export function autoConfigureStatus(scope: EngineScope, name: string): AutoConfigureStatusDto {
  const domain = domainOrThrow(scope, name);
  const dns = simulatedDns(scope, domain.name);
  const manualRecords = expectedDnsRecords(domain.name);
  if (!dns.autoConfigure) {
    return {
      available: false,
      reason: 'Domain Connect auto-configuration is not enabled.',
      reasonCode: 'disabled',
      manualRecords,
    };
  }
  const providerName = dns.provider ?? DEFAULT_PROVIDER;
  return {
    available: true,
    providerName,
    providerId: providerName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    manualRecords,
  };
}

const StartShape = z.object({ redirectUri: z.optional(z.string()) });

const REDIRECT_RULE = 'redirectUri must be an HTTPS URL, or HTTP only for localhost/127.0.0.1.';

function isRedirectUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

/**
 * The answer of `POST /v1/domains/{domain}/auto-configure/start`.
 *
 * @example
 * ```ts
 * const start: AutoConfigureStartDto = { applyUrl: 'https://...', providerName: 'Cloudflare', redirectUri: 'https://app.acme.dev' };
 * ```
 */
export type AutoConfigureStartDto = DomainAutoConfigureStart;

/**
 * `POST /v1/domains/{domain}/auto-configure/start`: the provider's apply URL for the records
 * (nothing is applied: the DNS stays as the simulation says); the service's 400 when
 * auto-configuration is off for the domain.
 */
export function startAutoConfigure(
  scope: EngineScope,
  name: string,
  body: unknown,
): AutoConfigureStartDto {
  const input = validateBody(StartShape, body ?? {});
  if (input.redirectUri !== undefined && !isRedirectUrl(input.redirectUri)) {
    throw ServiceError.dtoValidation([REDIRECT_RULE]);
  }
  const domain = domainOrThrow(scope, name);
  const dns = simulatedDns(scope, domain.name);
  if (!dns.autoConfigure) {
    throw ServiceError.http(400, 'Domain Connect auto-configuration is not enabled.');
  }
  const providerName = dns.provider ?? DEFAULT_PROVIDER;
  const redirectUri = input.redirectUri ?? 'http://localhost/__svc/ui/';
  const query = new URLSearchParams({
    domain: domain.name,
    host: '',
    mailserver: MAIL_SERVER_DOMAIN,
    redirect_uri: redirectUri,
    state: domain._id,
  });
  return {
    applyUrl: `https://domainconnect.svc-mock.local/v2/domainTemplates/providers/svc-mock.local/services/inbound-email/apply?${query}`,
    providerName,
    redirectUri,
  };
}
