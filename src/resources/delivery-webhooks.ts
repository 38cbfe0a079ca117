import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { deliveryWebhooksTrack } from '../funcs/delivery-webhooks';
import type { DeliveryWebhookBody, DeliveryWebhookResults } from '../schemas/delivery-webhook';

/**
 * The `svc.deliveryWebhooks` namespace: the route delivery providers post their events to
 * (delivered, opened, clicked, bounced, ...), which the service records on the messages.
 *
 * @example
 * ```ts
 * await svc.deliveryWebhooks.track(environmentId, integrationId, [{ id: messageId, event: 'bounce' }]);
 * ```
 */
export class DeliveryWebhooks {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Posts a provider's webhook payload, in that provider's own format
   * (`POST /v2/inbound-webhooks/delivery-providers/{environmentId}/{integrationId}`); answers
   * one result per message event recorded.
   *
   * @throws {@link NotFoundError} when the integration is not found or its provider has no parser.
   *
   * @example
   * ```ts
   * const results = await svc.deliveryWebhooks.track(environmentId, sendgridIntegrationId, [
   *   { id: messageId, event: 'bounce', response: '550 mailbox unavailable' },
   * ]);
   * ```
   */
  track(
    environmentId: string,
    integrationId: string,
    body: DeliveryWebhookBody,
    options?: RequestOptions,
  ): APIPromise<DeliveryWebhookResults> {
    return deliveryWebhooksTrack(this.#core, environmentId, integrationId, body, options);
  }
}
