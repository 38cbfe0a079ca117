/**
 * Chat steps, as the service's chat send usecase runs them: one message per subscriber chat
 * channel (plus a WhatsApp Business channel to the subscriber's phone), each through its own
 * integration (docs/behaviour/runs.md#sms-chat-and-push).
 *
 * @module
 */

import type { StoredChannel } from '../../store/state';
import { DETAILS } from '../detail-texts';
import { endpointGroups, sendToEndpointGroup } from './chat-endpoints';
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
  text,
} from './delivery';
import { CHAT_PROVIDER_IDS } from './provider-ids';

const WHATSAPP = 'whatsapp-business';

/** A subscriber chat channel, or the phone channel the service adds for WhatsApp Business. */
interface ChatTarget {
  providerId: string;
  integrationId?: string;
  webhookUrl?: string;
  phoneNumber?: string;
}

/**
 * A provider override as the service combines them: `overrides.providers.<providerId>`, then
 * `overrides.steps.<stepId>.providers.<providerId>` on top.
 */
function providerOverride(delivery: StepDelivery, providerId: string, key: string) {
  const { overrides } = delivery.notification;
  const workflowLevel = objectAt(objectAt(overrides['providers'])[providerId]);
  const stepProviders = objectAt(
    objectAt(objectAt(overrides['steps'])[delivery.job.step.stepId])['providers'],
  );
  const stepLevel = objectAt(stepProviders[providerId]);
  return text(stepLevel[key]) ?? text(workflowLevel[key]);
}

function targetsOf(delivery: StepDelivery): ChatTarget[] {
  const targets: ChatTarget[] = delivery.subscriber.channels
    .filter((channel: StoredChannel) => CHAT_PROVIDER_IDS.has(channel.providerId))
    .map((channel) => {
      const webhookUrl = text(channel.credentials.webhookUrl);
      return {
        providerId: channel.providerId,
        // WhatsApp Business is looked up by provider only, as the service does.
        ...(channel.providerId === WHATSAPP ? {} : { integrationId: channel._integrationId }),
        ...(webhookUrl === undefined ? {} : { webhookUrl }),
      };
    });
  const phone = text(delivery.subscriber.phone);
  if (phone !== undefined) targets.push({ providerId: WHATSAPP, phoneNumber: phone });
  return targets;
}

function sendToTarget(delivery: StepDelivery, target: ChatTarget, content: string): ChannelResult {
  const integration = channelIntegration(
    delivery.scope.data,
    'chat',
    target.providerId,
    target.integrationId,
  );
  if (!integration) {
    addDetail(delivery, DETAILS.noActiveIntegration, {
      raw:
        target.integrationId === undefined
          ? 'Integration is either deleted or not active'
          : `Integration with integrationId: ${target.integrationId} is either deleted or not active`,
    });
    return 'failed';
  }
  delivery.job.providerId = integration.providerId;
  const webhookUrl =
    providerOverride(delivery, integration.providerId, 'webhookUrl') ??
    text(delivery.notification.payload['webhookUrl']) ??
    target.webhookUrl;
  const message = storeMessage(delivery, 'chat', target.providerId, {
    content,
    ...(webhookUrl === undefined ? {} : { directWebhookUrl: webhookUrl }),
    ...(target.phoneNumber === undefined ? {} : { phone: target.phoneNumber }),
  });
  integrationSelected(delivery, integration);
  addDetail(delivery, DETAILS.messageCreated, { providerId: integration.providerId, raw: content });
  if (webhookUrl === undefined && target.phoneNumber === undefined) {
    Object.assign(message, {
      status: 'warning',
      errorId: 'no_subscriber_chat_channel_id',
      errorText: 'Subscriber does not have active chat channel id',
    });
    addDetail(delivery, DETAILS.chatWebhookUrlMissing, {
      providerId: integration.providerId,
      raw: `webhookUrl for integrationId: ${integration.identifier} is missing`,
    });
    return 'skipped';
  }
  if (storedMessageFailed(delivery, message, integration)) return 'failed';
  deliver(delivery, message, integration, {
    ...(webhookUrl === undefined ? {} : { webhookUrl }),
    ...(target.phoneNumber === undefined ? {} : { phone: target.phoneNumber }),
  });
  addDetail(delivery, DETAILS.messageSent, { providerId: integration.providerId });
  return 'success';
}

/** Delivers a chat step (see the module doc). */
export function sendChat(delivery: StepDelivery): DeliveryOutcome {
  const body = delivery.controls['body'];
  const content = typeof body === 'string' ? body : '';
  // The subscriber's channel endpoints first, then its legacy chat channels, as the service does.
  const sends: (() => ChannelResult)[] = [
    ...endpointGroups(delivery).map((group) => () => sendToEndpointGroup(delivery, group, content)),
    ...targetsOf(delivery).map((target) => () => sendToTarget(delivery, target, content)),
  ];
  return fanOut(delivery, sends, (send) => send(), DETAILS.chatAllChannelsFailed);
}
