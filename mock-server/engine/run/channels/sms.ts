/**
 * SMS steps: the primary (or overridden) sms integration, the phone (`payload.phone`, else the
 * subscriber's), the trigger's sms overrides, and the missing-phone warning
 * (docs/behaviour/runs.md#sms-chat-and-push).
 *
 * @module
 */

import { DETAILS } from '../detail-texts';
import {
  channelOverrides,
  type DeliveryOutcome,
  objectAt,
  type StepDelivery,
  sendMessage,
  text,
  undeliverable,
  useIntegration,
} from './delivery';

/**
 * Delivers an sms step. Without a phone the service still stores the rendered message (status
 * `warning`, `no_subscriber_phone`) and the job is canceled with `Subscriber missing phone number`.
 * The provider gets `overrides.to`, `overrides.from` and `overrides.content` over the phone, the
 * integration's `from` and the rendered body.
 */
export function sendSms(delivery: StepDelivery): DeliveryOutcome {
  const integration = useIntegration(delivery, 'sms');
  if (!integration) return 'failed';
  const overrides = channelOverrides(
    delivery.notification.overrides,
    'sms',
    integration.providerId,
    delivery.job.bridge?.providers,
  );
  const phone = text(delivery.notification.payload['phone']) ?? text(delivery.subscriber.phone);
  const body = delivery.controls['body'];
  const content = typeof body === 'string' ? body : '';
  if (phone === undefined) {
    return undeliverable(
      delivery,
      'sms',
      integration,
      {
        content,
        overrides,
        status: 'warning',
        errorId: 'no_subscriber_phone',
        errorText: 'Subscriber does not have active phone',
      },
      DETAILS.missingPhone,
    );
  }
  const from = text(overrides['from']) ?? text(integration.credentials['from']);
  return sendMessage(
    delivery,
    'sms',
    integration,
    { content, phone, overrides },
    {
      phone: text(overrides['to']) ?? phone,
      content: text(overrides['content']) ?? content,
      customData: objectAt(overrides['customData']),
      ...(from === undefined ? {} : { from }),
    },
  );
}
