/**
 * Push steps: one message per active push integration the subscriber holds device tokens for.
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

/**
 * Delivers a push step to the subscriber's `deviceTokens` of each active push integration's
 * provider; no tokens → the job is canceled with the service's missing-tokens detail.
 *
 * @example
 * ```ts
 * sendPush(context); // 'completed'
 * ```
 */
export function sendPush(context: StepDelivery): DeliveryOutcome {
  const { subject, body } = context.controls;
  return deliverToEachIntegration(
    context,
    'push',
    DETAILS.pushMissingDeviceTokens,
    (integration) => {
      const tokens = context.subscriber.channels
        .filter((entry) => entry.providerId === integration.providerId)
        .flatMap((entry) => entry.credentials.deviceTokens ?? []);
      if (tokens.length === 0) return undefined;
      // The service reads push overrides per provider: `overrides.<providerId>`, whose
      // `deviceTokens` replace the subscriber's.
      const overrides = objectAt(context.notification.overrides[integration.providerId]);
      const overridden = overrides['deviceTokens'];
      const deviceTokens = Array.isArray(overridden)
        ? overridden.filter((token): token is string => typeof token === 'string')
        : [...new Set(tokens)];
      return {
        fields: {
          content: typeof body === 'string' ? body : '',
          ...(typeof subject === 'string' ? { title: subject, subject } : {}),
          deviceTokens,
          overrides,
        },
        recipient: { deviceTokens },
      };
    },
  );
}
