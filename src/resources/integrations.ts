import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  integrationsCreate,
  integrationsDelete,
  integrationsList,
  integrationsListActive,
  integrationsSetPrimary,
  integrationsUpdate,
} from '../funcs/integrations';
import type {
  ActiveIntegration,
  Integration,
  IntegrationCreateBody,
  IntegrationUpdateBody,
} from '../schemas/integration';

/**
 * The `svc.integrations` namespace: provider integrations of the channels.
 *
 * @example
 * ```ts
 * const integrations = await svc.integrations.list();
 * ```
 */
export class Integrations {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Creates a provider integration in the key's environment (`POST /v1/integrations`).
   *
   * @throws {@link ConflictError} when the `identifier` is already used.
   *
   * @example
   * ```ts
   * const integration = await svc.integrations.create({
   *   providerId: 'sendgrid',
   *   channel: 'email',
   *   credentials: { apiKey: 'SG.xxx' },
   *   active: true,
   * });
   * ```
   */
  create(body: IntegrationCreateBody, options?: RequestOptions): APIPromise<Integration> {
    return integrationsCreate(this.#core, body, options);
  }

  /**
   * Lists the channel integrations (`GET /v1/integrations`).
   *
   * @example
   * ```ts
   * const integrations = await svc.integrations.list();
   * const primaryEmail = integrations.find((i) => i.channel === 'email' && i.primary);
   * ```
   */
  list(options?: RequestOptions): APIPromise<Integration[]> {
    return integrationsList(this.#core, options);
  }

  /**
   * Lists the organization's active integrations (`GET /v1/integrations/active`), each marked
   * `selected` when its environment's steps of its channel deliver through it.
   *
   * @example
   * ```ts
   * const active = await svc.integrations.listActive();
   * const sending = active.filter((integration) => integration.selected);
   * ```
   */
  listActive(options?: RequestOptions): APIPromise<ActiveIntegration[]> {
    return integrationsListActive(this.#core, options);
  }

  /**
   * Makes an email or SMS integration the primary one of its channel (`POST
   * /v1/integrations/{integrationId}/set-primary`).
   *
   * @throws {@link BadRequestError} for channels without a primary (in_app, chat, push).
   *
   * @example
   * ```ts
   * const integration = await svc.integrations.setPrimary('64da692e9a94fb2e6449ad10');
   * ```
   */
  setPrimary(integrationId: string, options?: RequestOptions): APIPromise<Integration> {
    return integrationsSetPrimary(this.#core, integrationId, options);
  }

  /**
   * Changes an integration of the organization (`PUT /v1/integrations/{integrationId}`): the
   * given fields only; `credentials` and `conditions` replace the stored ones. Turning `hmac` on
   * in the in-app integration's credentials makes the Inbox require a `subscriberHash`.
   *
   * @throws {@link NotFoundError} when the organization has no such integration.
   * @throws {@link ConflictError} when the new `identifier` is already used.
   * @throws {@link BadRequestError} when the body changes nothing.
   *
   * @example
   * ```ts
   * const inApp = (await svc.integrations.list()).find((i) => i.channel === 'in_app');
   * if (inApp?._id) await svc.integrations.update(inApp._id, { credentials: { hmac: true } });
   * ```
   */
  update(
    integrationId: string,
    body: IntegrationUpdateBody,
    options?: RequestOptions,
  ): APIPromise<Integration> {
    return integrationsUpdate(this.#core, integrationId, body, options);
  }

  /**
   * Deletes an integration of the organization (`DELETE /v1/integrations/{integrationId}`) and
   * answers the integrations left.
   *
   * @throws {@link NotFoundError} when the organization has no such integration.
   *
   * @example
   * ```ts
   * const remaining = await svc.integrations.delete('64da692e9a94fb2e6449ad10');
   * ```
   */
  delete(integrationId: string, options?: RequestOptions): APIPromise<Integration[]> {
    return integrationsDelete(this.#core, integrationId, options);
  }
}
