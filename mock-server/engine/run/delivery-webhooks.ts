/**
 * `POST /v2/inbound-webhooks/delivery-providers/{environmentId}/{integrationId}`: what a delivery
 * provider posts back about the messages it sent, read by the provider's parser and written
 * as the service writes it: one `Webhook` execution detail per event on the job that sent the
 * message; the engine also marks the message on a failing event
 * (docs/behaviour/channels.md#delivery-webhooks).
 *
 * @module
 */

import type { DeliveryEventStatus } from '../../../src/schemas/delivery-webhook';
import type { EngineScope } from '../scope';
import { lowerBound } from '../store/sorted-by-id';
import type { ExecutionDetailRecord, IntegrationRecord, MessageRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { addDetail } from './channels/delivery';
import {
  MAX_WEBHOOK_EVENTS,
  messageIdsOf,
  type ParsedDeliveryEvent,
  PROVIDER_FORMATS,
  parseDeliveryEvent,
} from './delivery-providers';
import type { DetailText } from './detail-texts';

/**
 * One result of the webhook route: the message identifier and its event (`row`, the provider's
 * item, as JSON text: the wire schema's string).
 *
 * @example
 * ```ts
 * const [result]: DeliveryWebhookResultDto[] = engine.reportDelivery(messageId, { status: 'bounced' });
 * ```
 */
export interface DeliveryWebhookResultDto {
  id: string;
  event: Omit<ParsedDeliveryEvent, 'row'> & { row: string };
}

/** The most webhook details one job keeps: a provider retrying forever must not grow a job. */
export const MAX_WEBHOOK_DETAILS = 100;

type DetailStatus = ExecutionDetailRecord['status'];

const FAILED = new Set<DeliveryEventStatus>([
  'rejected',
  'bounced',
  'dropped',
  'blocked',
  'spam',
  'unsubscribed',
]);
const PENDING_EMAIL = new Set<DeliveryEventStatus>(['deferred']);

/** The service's detail status of an event (its `mapEmailStatus` / `mapSmsStatus`). */
export function detailStatusOf(
  channel: 'email' | 'sms',
  status: DeliveryEventStatus,
): DetailStatus {
  if (channel === 'email') {
    if (FAILED.has(status)) return 'Failed';
    return PENDING_EMAIL.has(status) ? 'Pending' : 'Success';
  }
  if (status === 'failed' || status === 'undelivered') return 'Failed';
  if (status === 'created' || status === 'sending') return 'Pending';
  return status === 'queued' ? 'Queued' : 'Success';
}

function integrationOf(scope: EngineScope, integrationId: string): IntegrationRecord {
  const integrations = tables.integrations.where(scope.data, (candidate) => !candidate.deleted);
  // The service takes an integration's `_id`, or a provider id (an integration with credentials).
  const integration =
    integrations.find((candidate) => candidate._id === integrationId) ??
    integrations.find(
      (candidate) =>
        candidate.providerId === integrationId &&
        Object.keys(candidate.credentials).length > 0 &&
        (candidate.channel === 'email' || candidate.channel === 'sms'),
    );
  if (!integration) {
    throw ServiceError.http(404, `Integration for ${integrationId} was not found`);
  }
  return integration;
}

function messageById(scope: EngineScope, id: string): MessageRecord | undefined {
  const messages = tables.messages.values(scope.data);
  const message = messages[lowerBound(messages, id)];
  return message?._id === id ? message : undefined;
}

function recordEvent(
  scope: EngineScope,
  message: MessageRecord,
  channel: 'email' | 'sms',
  providerId: string,
  event: ParsedDeliveryEvent,
): void {
  const status = detailStatusOf(channel, event.status);
  const text = `${event.response} - (${event.status})`;
  const notification = tables.notifications.get(scope.data, message._notificationId);
  const job = notification?.jobs.find((candidate) => candidate._id === message._jobId);
  if (notification !== undefined && job !== undefined) {
    const kept = job.executionDetails.filter((detail) => detail.source === 'Webhook').length;
    if (kept < MAX_WEBHOOK_DETAILS) {
      tables.notifications.edit(scope.data, notification);
      const detail: DetailText = { detail: text, status, source: 'Webhook' };
      addDetail({ scope, job }, detail, { providerId, raw: JSON.stringify(event.row) });
    }
  }
  if (status === 'Failed') {
    tables.messages.edit(scope.data, message);
    message.status = 'error';
    message.errorId = `webhook_${event.status}`;
    message.errorText = text;
    message.updatedAt = scope.iso();
  }
}

/**
 * Reads a provider's webhook: the environment of the path (404 when it is not the caller's),
 * the integration by `_id` or provider id (404), its credentials (400), a provider whose
 * parser the service has (404); then each message the payload names that the environment holds
 * gets its event recorded, and the route answers one result per recorded event.
 */
export function trackDeliveryWebhook(
  scope: EngineScope,
  params: { environmentId: string; integrationId: string },
  body: unknown,
): DeliveryWebhookResultDto[] {
  if (params.environmentId !== scope.environment._id) {
    throw ServiceError.http(404, `Integration for ${params.integrationId} was not found`);
  }
  const integration = integrationOf(scope, params.integrationId);
  if (Object.keys(integration.credentials).length === 0) {
    throw ServiceError.http(400, `Integration ${integration._id} doesn't have credentials set up`);
  }
  if (integration.channel !== 'email' && integration.channel !== 'sms') {
    throw ServiceError.http(
      404,
      `Handler for integration of ${integration.providerId} was not found`,
    );
  }
  const format = PROVIDER_FORMATS[integration.providerId];
  if (format === undefined || format.channel !== integration.channel) {
    throw ServiceError.http(404, `Provider with ${integration.providerId} can not handle webhooks`);
  }
  if (body === null || typeof body !== 'object') {
    throw ServiceError.http(400, 'The webhook payload must be a JSON object or array');
  }
  if (Array.isArray(body) && body.length > MAX_WEBHOOK_EVENTS) {
    throw ServiceError.http(
      400,
      `A webhook payload carries at most ${MAX_WEBHOOK_EVENTS} events, got ${body.length}`,
    );
  }
  const results: DeliveryWebhookResultDto[] = [];
  for (const id of messageIdsOf(format, body)) {
    const message = messageById(scope, id);
    if (message === undefined) continue;
    const event = parseDeliveryEvent(format, body, id, scope.iso());
    if (event === undefined) continue;
    recordEvent(scope, message, format.channel, integration.providerId, event);
    results.push({ id, event: { ...event, row: JSON.stringify(event.row) } });
  }
  return results;
}
