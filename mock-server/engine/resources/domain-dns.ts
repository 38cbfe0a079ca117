/**
 * The engine's simulated DNS (docs/behaviour/domains.md#dns): the engine asks no resolver, so
 * what a domain's verification, diagnosis and auto-configuration find is what a test set
 * through the control API (`PUT /__svc/domains/{name}/dns`), else a correctly configured name.
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type { SimulatedDnsRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { isDomainName } from './domain-rules';

/** The mail server a domain's MX record must point at (the service's `MAIL_SERVER_DOMAIN`). */
export const MAIL_SERVER_DOMAIN = 'inbound-mail.svc-mock.local';

/** Most names with a simulated DNS per environment. */
export const MAX_SIMULATED_DNS_NAMES = 1_000;

/** The longest DNS provider name the simulation keeps. */
const PROVIDER_MAX_LENGTH = 64;

const MX_STATES: readonly SimulatedDnsRecord['mx'][] = [
  'configured',
  'missing',
  'wrong-target',
  'low-priority',
];

/**
 * What the DNS answers for a name nobody set: the MX record is in place, nothing else.
 *
 * @example
 * ```ts
 * DEFAULT_DNS.mx; // 'configured'
 * ```
 */
export const DEFAULT_DNS: Readonly<SimulatedDnsRecord> = Object.freeze({
  mx: 'configured',
  apexCname: false,
  blocklisted: false,
  autoConfigure: false,
});

/**
 * What the simulated DNS answers for `name` in the scope's environment.
 *
 * @example
 * ```ts
 * simulatedDns(engine.scope('Development'), 'acme.dev').mx; // 'configured'
 * ```
 */
export function simulatedDns(scope: EngineScope, name: string): SimulatedDnsRecord {
  return tables.domainDns.get(scope.data, name.toLowerCase()) ?? { ...DEFAULT_DNS };
}

function field<T>(
  input: Record<string, unknown>,
  key: string,
  check: (value: unknown) => value is T,
  rule: string,
): T | undefined {
  const value = input[key];
  if (value === undefined) return undefined;
  if (!check(value)) throw new TypeError(`${key} must be ${rule}`);
  return value;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isMx = (value: unknown): value is SimulatedDnsRecord['mx'] =>
  MX_STATES.includes(value as SimulatedDnsRecord['mx']);
const isProvider = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= PROVIDER_MAX_LENGTH;

const KEYS = ['mx', 'apexCname', 'blocklisted', 'provider', 'autoConfigure'];

/**
 * Sets what the DNS answers for `name` (the fields not given take their defaults); a
 * `TypeError` names a bad field, a `RangeError` a full table.
 *
 * @example
 * ```ts
 * setSimulatedDns(engine.scope('Development'), 'acme.dev', { mx: 'missing' });
 * ```
 */
export function setSimulatedDns(
  scope: EngineScope,
  name: string,
  body: unknown,
): SimulatedDnsRecord & { name: string } {
  const key = name.toLowerCase();
  if (!isDomainName(key)) throw new TypeError(`"${name}" is not a domain name`);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new TypeError(`the body must be an object with some of ${KEYS.join(', ')}`);
  }
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).filter((item) => !KEYS.includes(item));
  if (unknown.length > 0) {
    throw new TypeError(`unknown key ${unknown.join(', ')} (the body takes ${KEYS.join(', ')})`);
  }
  const provider = field(input, 'provider', isProvider, `1 to ${PROVIDER_MAX_LENGTH} characters`);
  const dns: SimulatedDnsRecord = {
    mx: field(input, 'mx', isMx, `one of ${MX_STATES.join(', ')}`) ?? DEFAULT_DNS.mx,
    apexCname: field(input, 'apexCname', isBoolean, 'true or false') ?? false,
    blocklisted: field(input, 'blocklisted', isBoolean, 'true or false') ?? false,
    autoConfigure: field(input, 'autoConfigure', isBoolean, 'true or false') ?? false,
    ...(provider === undefined ? {} : { provider }),
  };
  if (
    !tables.domainDns.has(scope.data, key) &&
    tables.domainDns.size(scope.data) >= MAX_SIMULATED_DNS_NAMES
  ) {
    throw ServiceError.http(
      400,
      `The simulated DNS holds ${MAX_SIMULATED_DNS_NAMES} names: clear some first`,
    );
  }
  tables.domainDns.set(scope.data, key, dns);
  return { name: key, ...dns };
}

/**
 * Forgets what was set for `name`, which answers the defaults again; whether there was any.
 *
 * @example
 * ```ts
 * clearSimulatedDns(engine.scope('Development'), 'acme.dev');
 * ```
 */
export function clearSimulatedDns(scope: EngineScope, name: string): boolean {
  const key = name.toLowerCase();
  const had = tables.domainDns.has(scope.data, key);
  tables.domainDns.delete(scope.data, key);
  return had;
}
