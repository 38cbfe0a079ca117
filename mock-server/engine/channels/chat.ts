/**
 * Chat steps: one message per subscriber webhook of an active chat integration's provider.
 *
 * @module
 */

import { DETAILS } from '../runtime/detail-texts';
import {
  activeIntegrations,
  addDetail,
  type DeliveryContext,
  type DeliveryOutcome,
  failedAtProvider,
  sent,
  storeMessage,
} from './delivery';

/**
 * Delivers a chat step to every `webhookUrl` the subscriber holds for an active chat
 * integration; none → the job is canceled with `Webhook URL for the chat channel is missing`.
 *
 * @example
 * ```ts
 * sendChat(context); // 'completed'
 * ```
 */
export function sendChat(context: DeliveryContext): DeliveryOutcome {
  const integrations = activeIntegrations(context.data, 'chat');
  if (integrations.length === 0) {
    addDetail(context, DETAILS.noActiveIntegration);
    return 'failed';
  }
  const body = context.controls['body'];
  let delivered = 0;
  let failed = 0;
  for (const integration of integrations) {
    const channel = context.subscriber.channels.find(
      (entry) =>
        entry.providerId === integration.providerId &&
        (entry._integrationId === integration._id || entry.integrationIdentifier === undefined) &&
        typeof entry.credentials.webhookUrl === 'string' &&
        entry.credentials.webhookUrl !== '',
    );
    const webhookUrl = channel?.credentials.webhookUrl;
    if (webhookUrl === undefined) continue;
    context.job.providerId = integration.providerId;
    const fields = { content: typeof body === 'string' ? body : '', directWebhookUrl: webhookUrl };
    if (failedAtProvider(context, 'chat', integration, fields)) {
      failed += 1;
      continue;
    }
    const message = storeMessage(context, 'chat', integration.providerId, fields);
    sent(context, message, integration, { webhookUrl });
    delivered += 1;
  }
  if (delivered > 0) return 'completed';
  if (failed > 0) return 'failed';
  addDetail(context, DETAILS.chatWebhookUrlMissing, {
    providerId: integrations[0]?.providerId,
  });
  return 'canceled';
}
