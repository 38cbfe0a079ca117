/**
 * SMS steps: the primary (or overridden) sms integration and the subscriber's phone.
 *
 * @module
 */

import { DETAILS } from '../detail-texts';
import {
  addDetail,
  type DeliveryOutcome,
  type StepDelivery,
  sendMessage,
  useIntegration,
} from './delivery';

/**
 * Delivers an sms step; without a phone the job is canceled with `Subscriber missing phone number`.
 *
 * @example
 * ```ts
 * sendSms(context); // 'completed'
 * ```
 */
export function sendSms(context: StepDelivery): DeliveryOutcome {
  const integration = useIntegration(context, 'sms');
  if (!integration) return 'failed';
  const phone = context.subscriber.phone;
  if (typeof phone !== 'string' || phone === '') {
    addDetail(context, DETAILS.missingPhone, { providerId: integration.providerId });
    return 'canceled';
  }
  const body = context.controls['body'];
  const fields = { content: typeof body === 'string' ? body : '', phone };
  return sendMessage(context, 'sms', integration, fields, { phone });
}
