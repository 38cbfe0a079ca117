/**
 * The control API's simulated DNS (docs/behaviour/domains.md#dns): what a domain's
 * verification, diagnosis and auto-configuration find, so a test reaches both branches without a
 * resolver.
 *
 * @module
 */

import {
  clearSimulatedDns,
  DEFAULT_DNS,
  setSimulatedDns,
  simulatedDns,
} from '../engine/resources/domain-dns';
import type { EngineScope } from '../engine/scope';
import type { ControlRoute, ControlServices } from './control-router';

function scopeFor(context: ControlServices, url: URL, body?: unknown): EngineScope {
  const fromBody =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)['environment']
      : undefined;
  if (fromBody !== undefined && typeof fromBody !== 'string') {
    throw new TypeError('environment must be a name or _id');
  }
  return context.engine.scope(fromBody ?? url.searchParams.get('environment') ?? 'Development');
}

function withoutEnvironment(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { environment: _environment, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** `GET`, `PUT` and `DELETE /__svc/domains/:name/dns`. */
export const dnsRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/domains/:name/dns',
    description:
      'What the simulated DNS answers for a domain name (?environment=, default Development): { mx, apexCname, blocklisted, provider?, autoConfigure }',
    run: ({ params, url, context }) => {
      const name = (params['name'] ?? '').toLowerCase();
      return { name, ...simulatedDns(scopeFor(context, url), name) };
    },
  },
  {
    method: 'PUT',
    path: '/domains/:name/dns',
    description: `Sets what the simulated DNS answers for a domain name: { environment?, mx?: configured | missing | wrong-target | low-priority, apexCname?, blocklisted?, provider?, autoConfigure? } (defaults: mx ${DEFAULT_DNS.mx}, the rest false)`,
    run: ({ params, body, url, context }) =>
      setSimulatedDns(scopeFor(context, url, body), params['name'] ?? '', withoutEnvironment(body)),
  },
  {
    method: 'DELETE',
    path: '/domains/:name/dns',
    description:
      'Puts a domain name back to the default DNS answers (?environment=, default Development)',
    run: ({ params, url, context }) => ({
      cleared: clearSimulatedDns(scopeFor(context, url), params['name'] ?? ''),
    }),
  },
];
