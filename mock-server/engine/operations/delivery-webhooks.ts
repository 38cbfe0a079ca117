/**
 * The handler of the delivery-provider webhook route, beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/delivery-webhooks';
import { trackDeliveryWebhook } from '../run/delivery-webhooks';
import { defineOperation } from './operation';

export const deliveryWebhooksTrack = defineOperation(
  routes.deliveryWebhooksTrackRoute,
  (scope, { params, body }) => trackDeliveryWebhook(scope, params, body),
);
