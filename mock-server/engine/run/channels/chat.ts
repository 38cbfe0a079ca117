/**
 * Chat steps: one message per subscriber webhook of an active chat integration's provider.
 *
 * @module
 */

import { DETAILS } from '../detail-texts';
import { type DeliveryOutcome, deliverToEachIntegration, type StepDelivery } from './delivery';

/**
 * Delivers a chat step to every `webhookUrl` the subscriber holds for an active chat
 * integration; none → the job is canceled with `Webhook URL for the chat channel is missing`.
 *
 * @example
 * ```ts
 * sendChat(context); // 'completed'
 * ```
 */
export function sendChat(context: StepDelivery): DeliveryOutcome {
  const body = context.controls['body'];
  return deliverToEachIntegration(context, 'chat', DETAILS.chatWebhookUrlMissing, (integration) => {
    const channel = context.subscriber.channels.find(
      (entry) =>
        entry.providerId === integration.providerId &&
        (entry._integrationId === integration._id || entry.integrationIdentifier === undefined) &&
        typeof entry.credentials.webhookUrl === 'string' &&
        entry.credentials.webhookUrl !== '',
    );
    const webhookUrl = channel?.credentials.webhookUrl;
    if (webhookUrl === undefined) return undefined;
    return {
      fields: { content: typeof body === 'string' ? body : '', directWebhookUrl: webhookUrl },
      recipient: { webhookUrl },
    };
  });
}
