/**
 * Chat steps: one message per subscriber webhook of an active chat integration's provider.
 *
 * @module
 */

import { DETAILS } from '../detail-texts';
import {
  type DeliveryOutcome,
  deliverToEachIntegration,
  objectAt,
  type StepDelivery,
} from './delivery';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * A provider override as the service combines them: `overrides.providers.<providerId>`, then
 * `overrides.steps.<stepId>.providers.<providerId>` on top.
 */
function providerOverride(context: StepDelivery, providerId: string, key: string) {
  const { overrides } = context.notification;
  const workflowLevel = objectAt(objectAt(overrides['providers'])[providerId]);
  const stepProviders = objectAt(
    objectAt(objectAt(overrides['steps'])[context.job.step.stepId])['providers'],
  );
  const stepLevel = objectAt(stepProviders[providerId]);
  return text(stepLevel[key]) ?? text(workflowLevel[key]);
}

/**
 * Delivers a chat step through each active chat integration the subscriber has a channel for,
 * to `overrides.providers.<providerId>.webhookUrl` (or the step-scoped one), else
 * `payload.webhookUrl`, else the channel's `webhookUrl`; none anywhere → the job is canceled
 * with `Webhook URL for the chat channel is missing`.
 *
 * @example
 * ```ts
 * sendChat(context); // 'completed'
 * ```
 */
export function sendChat(context: StepDelivery): DeliveryOutcome {
  const body = context.controls['body'];
  return deliverToEachIntegration(context, 'chat', DETAILS.chatWebhookUrlMissing, (integration) => {
    const channels = context.subscriber.channels.filter(
      (entry) =>
        entry.providerId === integration.providerId &&
        (entry._integrationId === integration._id || entry.integrationIdentifier === undefined),
    );
    if (channels.length === 0) return undefined;
    const webhookUrl =
      providerOverride(context, integration.providerId, 'webhookUrl') ??
      text(context.notification.payload['webhookUrl']) ??
      channels.map((entry) => text(entry.credentials.webhookUrl)).find((url) => url !== undefined);
    if (webhookUrl === undefined) return undefined;
    return {
      fields: { content: typeof body === 'string' ? body : '', directWebhookUrl: webhookUrl },
      recipient: { webhookUrl },
    };
  });
}
