/**
 * `POST /v1/domains/{domain}/routes/{address}/test`: a synthetic inbound email through the route
 * that takes the address (its own, else the domain's `*`), with the service's answers; nothing
 * leaves the machine (docs/behaviour/domains.md#test).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { DomainRouteTestResult } from '../../../src/schemas/domain';
import type { EngineScope } from '../scope';
import type { DomainRouteRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { domainOrThrow } from './domains';

/**
 * The answer of a route test.
 *
 * @example
 * ```ts
 * const result: RouteTestDto = { matched: false, dryRun: true, domainStatus: 'pending', mxRecordConfigured: false };
 * ```
 */
export type RouteTestDto = DomainRouteTestResult;

const TestShape = z.object({
  from: z.object({ address: z.string(), name: z.optional(z.string()) }),
  subject: z.string(),
  text: z.optional(z.string()),
  html: z.optional(z.string()),
  dryRun: z.optional(z.boolean()),
});

// class-validator's IsEmail in its default options, close enough for a test sender.
const EMAIL =
  /^[^\s@"(),:;<>[\]\\]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/**
 * Runs a route test; `messageId` names the synthetic mail.
 *
 * @example
 * ```ts
 * testDomainRoute(engine.scope('Development'), 'acme.dev', 'support', {
 *   from: { address: 'ada@example.com' },
 *   subject: 'Hi',
 *   dryRun: true,
 * });
 * ```
 */
export function testDomainRoute(
  scope: EngineScope,
  name: string,
  address: string,
  body: unknown,
): RouteTestDto {
  const input = validateBody(TestShape, body, { 'from.address': 'from.address must be an email' });
  if (!EMAIL.test(input.from.address)) {
    throw ServiceError.dtoValidation(['from.address must be an email']);
  }
  const domain = domainOrThrow(scope, name);
  const route: DomainRouteRecord | undefined =
    tables.domainRoutes.get(scope.data, `${domain._id}:${address}`) ??
    tables.domainRoutes.get(scope.data, `${domain._id}:*`);
  const dryRun = input.dryRun === true;
  const base: RouteTestDto = {
    matched: route !== undefined,
    dryRun,
    domainStatus: domain.status,
    mxRecordConfigured: domain.mxRecordConfigured,
  };
  if (!route) return base;
  const to = `${route.address}@${domain.name}`;
  const messageId = `svc-test-${scope.ids.objectId().slice(-12)}`;
  const mail = {
    from: [{ address: input.from.address, name: input.from.name ?? '' }],
    to: [{ address: to, name: '' }],
    cc: [],
    subject: input.subject,
    text: input.text ?? '',
    html: input.html ?? '',
    messageId,
    date: scope.iso(),
  };
  if (route.type === 'webhook') {
    if (!dryRun) return { ...base, type: 'webhook', webhook: { skipped: true, latencyMs: 0 } };
    return {
      ...base,
      type: 'webhook',
      wouldDeliverTo: 'configured outbound webhooks for this environment',
      payload: {
        type: 'domain.route.email.received',
        domain: { _id: domain._id, name: domain.name },
        route: { _id: route._id, address: route.address, type: route.type },
        mail,
      },
    };
  }
  const agentId = route.destination ?? '';
  if (dryRun) {
    return {
      ...base,
      type: 'agent',
      wouldDeliverTo: `POST /v1/agents/${encodeURIComponent(agentId)}/webhook/<integration>`,
      payload: { type: 'email', mail },
    };
  }
  return { ...base, type: 'agent', agent: { agentId, httpStatus: 200, latencyMs: 0 } };
}
