/**
 * Push steps: one message per active push integration the subscriber holds device tokens for.
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
 * Delivers a push step to the subscriber's `deviceTokens` of each active push integration's
 * provider; no tokens → the job is canceled with the service's missing-tokens detail.
 *
 * @example
 * ```ts
 * sendPush(context); // 'completed'
 * ```
 */
export function sendPush(context: DeliveryContext): DeliveryOutcome {
  const integrations = activeIntegrations(context.data, 'push');
  if (integrations.length === 0) {
    addDetail(context, DETAILS.noActiveIntegration);
    return 'failed';
  }
  const { subject, body } = context.controls;
  let delivered = 0;
  let failed = 0;
  for (const integration of integrations) {
    const tokens = context.subscriber.channels
      .filter((entry) => entry.providerId === integration.providerId)
      .flatMap((entry) => entry.credentials.deviceTokens ?? []);
    if (tokens.length === 0) continue;
    context.job.providerId = integration.providerId;
    const deviceTokens = [...new Set(tokens)];
    const fields = {
      content: typeof body === 'string' ? body : '',
      ...(typeof subject === 'string' ? { title: subject, subject } : {}),
      deviceTokens,
    };
    if (failedAtProvider(context, 'push', integration, fields)) {
      failed += 1;
      continue;
    }
    const message = storeMessage(context, 'push', integration.providerId, fields);
    sent(context, message, integration, { deviceTokens });
    delivered += 1;
  }
  if (delivered > 0) return 'completed';
  if (failed > 0) return 'failed';
  addDetail(context, DETAILS.pushMissingDeviceTokens, {
    providerId: integrations[0]?.providerId,
  });
  return 'canceled';
}
