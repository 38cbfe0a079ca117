import { call, type OperationArgs } from '../core/call';
import { deliveryWebhooksTrackRoute } from '../routes/delivery-webhooks';

/** {@inheritDoc DeliveryWebhooks.track} */
export const deliveryWebhooksTrack = (...args: OperationArgs<typeof deliveryWebhooksTrackRoute>) =>
  call(deliveryWebhooksTrackRoute, args);
