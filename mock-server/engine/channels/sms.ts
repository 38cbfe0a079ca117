/**
 * SMS steps: the primary (or overridden) sms integration and the subscriber's phone.
 *
 * @module
 */

import { DETAILS } from '../runtime/detail-texts';
import {
  addDetail,
  type DeliveryContext,
  type DeliveryOutcome,
  failedAtProvider,
  selectIntegration,
  sent,
  storeMessage,
} from './delivery';

/**
 * Delivers an sms step; without a phone the job is canceled with `Subscriber missing phone number`.
 *
 * @example
 * ```ts
 * sendSms(context); // 'completed'
 * ```
 */
export function sendSms(context: DeliveryContext): DeliveryOutcome {
  const integration = selectIntegration(context.data, 'sms', context.notification.overrides);
  if (!integration) {
    addDetail(context, DETAILS.noActiveIntegration);
    return 'failed';
  }
  context.job.providerId = integration.providerId;
  addDetail(context, DETAILS.integrationSelected, {
    providerId: integration.providerId,
    raw: { identifier: integration.identifier },
  });
  const phone = context.subscriber.phone;
  if (typeof phone !== 'string' || phone === '') {
    addDetail(context, DETAILS.missingPhone, { providerId: integration.providerId });
    return 'canceled';
  }
  const body = context.controls['body'];
  const fields = { content: typeof body === 'string' ? body : '', phone };
  if (failedAtProvider(context, 'sms', integration, fields)) return 'failed';
  const message = storeMessage(context, 'sms', integration.providerId, fields);
  sent(context, message, integration, { phone });
  return 'completed';
}
