// Routes of the `deliveryWebhooks` namespace: what delivery providers post back.
import { DeliveryWebhookBody, DeliveryWebhookResults } from '../schemas/delivery-webhook';
import type { Route } from './route';

/**
 * `POST /v2/inbound-webhooks/delivery-providers/{environmentId}/{integrationId}`: a provider's
 * delivery events (delivered, opened, clicked, bounced, ...), recorded on the messages they name.
 * Providers call it without an API key: the path names the environment.
 */
export const deliveryWebhooksTrackRoute = {
  operation: 'deliveryWebhooks.track',
  method: 'POST',
  path: '/v2/inbound-webhooks/delivery-providers/:environmentId/:integrationId',
  status: 200,
  category: 'global',
  auth: 'environment-path',
  body: DeliveryWebhookBody,
  response: DeliveryWebhookResults,
} as const satisfies Route;
