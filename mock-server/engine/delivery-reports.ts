/**
 * `engine.reportDelivery(messageId, { status })`: says "this message bounced" (or was delivered,
 * opened, ...) without knowing a provider's payload format. It builds the payload the message's
 * provider would post, and posts it through the delivery-provider webhook operation, so the
 * message, its job's execution details and the answer are exactly the webhook's
 * (docs/outbox.md#delivery-events).
 *
 * @module
 */

import {
  DELIVERY_EVENT_STATUSES,
  type DeliveryEventStatus,
} from '../../src/schemas/delivery-webhook';
import type { EngineOperations } from './operations/index';
import { type DeliveryReport, PROVIDER_FORMATS, providerEventFor } from './run/delivery-providers';
import type { DeliveryWebhookResultDto } from './run/delivery-webhooks';
import type { EngineScope } from './scope';
import type { EngineState, EnvironmentRecord, MessageRecord } from './store/state';
import { tables } from './store/tables';
import { ServiceError } from './wire/service-error';

/** The longest `response` text a report may carry. */
export const MAX_REPORT_RESPONSE_LENGTH = 1_000;

/**
 * What a delivery report says: the status and, optionally, the provider's response text.
 *
 * @example
 * ```ts
 * const report: DeliveryReportInput = { status: 'bounced', response: '550 mailbox unavailable' };
 * ```
 */
export interface DeliveryReportInput {
  status: DeliveryEventStatus;
  response?: string;
}

/** What `reportDelivery` reads of the engine. */
export interface DeliveryReportDeps {
  state(): EngineState;
  environments(): readonly EnvironmentRecord[];
  scope(environment: EnvironmentRecord): EngineScope;
  operations: EngineOperations;
}

function findMessage(
  deps: DeliveryReportDeps,
  messageId: string,
): { environment: EnvironmentRecord; message: MessageRecord } | undefined {
  for (const environment of deps.environments()) {
    const data = tables.environments.dataOf(deps.state(), environment._id);
    const message = data && tables.messages.byId(data, messageId);
    if (message !== undefined) return { environment, message };
  }
  return undefined;
}

function checkReport(report: unknown): DeliveryReport {
  const input = (report ?? {}) as Record<string, unknown>;
  const status = input['status'];
  if (!(DELIVERY_EVENT_STATUSES as readonly unknown[]).includes(status)) {
    throw new TypeError(`status must be one of ${DELIVERY_EVENT_STATUSES.join(', ')}`);
  }
  const response = input['response'];
  if (
    response !== undefined &&
    (typeof response !== 'string' || response.length > MAX_REPORT_RESPONSE_LENGTH)
  ) {
    throw new TypeError(
      `response must be a text of at most ${MAX_REPORT_RESPONSE_LENGTH} characters`,
    );
  }
  return { status: status as DeliveryEventStatus, response };
}

/**
 * Reports a delivery event for a message the engine sent, as its provider's webhook would: the
 * message must be an email or SMS of the first organization's environments, sent through a
 * provider whose webhook format the engine has (SendGrid, Postmark, SES, Mailjet, Brevo,
 * Twilio, Plivo) and which reports that status. Answers what the webhook route answers.
 *
 * @throws {@link ServiceError} 404 for an unknown message; 400 for another channel, a provider
 * without a format, or a status it never reports; what the webhook route throws.
 * @throws TypeError for a status that is not a delivery status, or a response too long.
 *
 * @example
 * ```ts
 * const sent = engine.outbox.last({ channel: 'email' });
 * engine.reportDelivery(sent.messageId, { status: 'bounced', response: '550 mailbox unavailable' });
 * ```
 */
export function reportDelivery(
  deps: DeliveryReportDeps,
  messageId: string,
  report: DeliveryReportInput,
): DeliveryWebhookResultDto[] {
  const checked = checkReport(report);
  const found = findMessage(deps, messageId);
  if (found === undefined) throw ServiceError.http(404, `Message ${messageId} was not found`);
  const { environment, message } = found;
  if (message.channel !== 'email' && message.channel !== 'sms') {
    throw ServiceError.http(
      400,
      `Only email and SMS messages get delivery-provider webhooks; message ${messageId} is ${message.channel}`,
    );
  }
  const providerId = message.providerId ?? '';
  const format = PROVIDER_FORMATS[providerId];
  if (format === undefined) {
    throw ServiceError.http(
      400,
      `The engine has no webhook format for provider ${providerId}; it has ${Object.keys(PROVIDER_FORMATS).join(', ')}`,
    );
  }
  const event = providerEventFor(format, checked.status);
  if (event === undefined) {
    const reported = [...new Set(Object.values(format.statuses))].join(', ');
    throw ServiceError.http(
      400,
      `${providerId} does not report "${checked.status}"; it reports ${reported}`,
    );
  }
  const scope = deps.scope(environment);
  const sent = tables.outbox.find(deps.state(), (item) => item.messageId === messageId);
  const byIdentifier = sent?.integrationIdentifier;
  const integration =
    (byIdentifier === undefined
      ? undefined
      : tables.integrations
          .withIdentifier(scope.data, byIdentifier)
          .find((candidate) => !candidate.deleted)) ??
    tables.integrations.find(
      scope.data,
      (candidate) =>
        !candidate.deleted &&
        candidate.providerId === providerId &&
        candidate.channel === message.channel,
    );
  if (integration === undefined) {
    throw ServiceError.http(404, `Integration for ${providerId} was not found`);
  }
  return deps.operations['deliveryWebhooks.track'](scope, {
    params: { environmentId: environment._id, integrationId: integration._id },
    body: format.build(message._id, event, checked, scope.iso()) as never,
  });
}
