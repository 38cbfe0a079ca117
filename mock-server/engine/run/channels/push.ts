/**
 * Push steps, as the service's push send usecase runs them: one message per subscriber push
 * channel with device tokens, through that channel's integration
 * (docs/behaviour/runs.md#sms-chat-and-push).
 *
 * @module
 */

import type { StoredChannel } from '../../store/state';
import { DETAILS } from '../detail-texts';
import {
  addDetail,
  type ChannelResult,
  channelIntegration,
  type DeliveryOutcome,
  deliver,
  fanOut,
  integrationSelected,
  objectAt,
  type StepDelivery,
  storedMessageFailed,
  storeMessage,
} from './delivery';
import { PUSH_PROVIDER_IDS } from './provider-ids';

function sendToChannel(
  delivery: StepDelivery,
  channel: StoredChannel,
  title: string | undefined,
  content: string,
): ChannelResult {
  const tokens = channel.credentials.deviceTokens ?? [];
  const missing = tokens.length === 0;
  let result: ChannelResult = 'failed';
  if (missing) {
    addDetail(delivery, DETAILS.pushMissingDeviceTokens, {
      providerId: channel.providerId,
      raw: channel,
    });
    result = 'skipped';
  }
  const integration = channelIntegration(
    delivery.scope.data,
    'push',
    channel.providerId,
    channel._integrationId,
  );
  if (!integration) {
    addDetail(delivery, DETAILS.noActiveIntegration);
    return result;
  }
  if (missing) return result;
  delivery.job.providerId = integration.providerId;
  // The service reads push overrides per provider; their `deviceTokens` replace the subscriber's.
  const overrides = objectAt(delivery.notification.overrides[integration.providerId]);
  const overridden = overrides['deviceTokens'];
  const deviceTokens = Array.isArray(overridden)
    ? overridden.filter((token): token is string => typeof token === 'string')
    : tokens;
  integrationSelected(delivery, integration);
  const message = storeMessage(delivery, 'push', integration.providerId, {
    content,
    ...(title === undefined ? {} : { title, subject: title }),
    deviceTokens,
    overrides,
  });
  addDetail(delivery, DETAILS.messageCreated, {
    providerId: integration.providerId,
    raw: { providerId: integration.providerId, content: JSON.stringify(content) },
  });
  // One send (and one `Message sent`) per device token, as the service does.
  let sent = false;
  for (const deviceToken of deviceTokens) {
    if (storedMessageFailed(delivery, message, integration)) continue;
    addDetail(delivery, DETAILS.messageSent, {
      providerId: integration.providerId,
      raw: { providerId: integration.providerId, deviceToken },
    });
    sent = true;
  }
  if (!sent) return 'failed';
  deliver(delivery, message, integration, { deviceTokens });
  return 'success';
}

/** Delivers a push step (see the module doc). */
export function sendPush(delivery: StepDelivery): DeliveryOutcome {
  const { subject, body } = delivery.controls;
  const content = typeof body === 'string' ? body : '';
  const title = typeof subject === 'string' ? subject : undefined;
  const channels = delivery.subscriber.channels.filter((channel) =>
    PUSH_PROVIDER_IDS.has(channel.providerId),
  );
  return fanOut(
    delivery,
    channels,
    (channel) => sendToChannel(delivery, channel, title, content),
    DETAILS.notificationError,
  );
}
