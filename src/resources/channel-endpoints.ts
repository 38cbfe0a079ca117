import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  channelEndpointsCreate,
  channelEndpointsDelete,
  channelEndpointsList,
  channelEndpointsRetrieve,
  channelEndpointsUpdate,
} from '../funcs/channel-endpoints';
import type {
  ChannelEndpoint,
  ChannelEndpointCreateBody,
  ChannelEndpointListQuery,
  ChannelEndpointUpdateBody,
} from '../schemas/channel-endpoint';
import type { NoContent } from '../schemas/common';

/**
 * The `svc.channelEndpoints` namespace: a subscriber's destinations (a Slack channel, a webhook
 * URL, a phone number), which chat steps deliver to.
 *
 * @example
 * ```ts
 * await svc.channelEndpoints.create({
 *   subscriberId: 'user-1',
 *   integrationIdentifier: 'slack',
 *   connectionIdentifier: 'chconn-a1b2c3',
 *   type: 'slack_channel',
 *   endpoint: { channelId: 'C123456789' },
 * });
 * ```
 */
export class ChannelEndpoints {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Creates an endpoint (`POST /v1/channel-endpoints`); `endpoint` holds what `type` requires.
   *
   * @throws {@link UnprocessableEntityError} when `endpoint` does not match `type`.
   * @throws {@link NotFoundError} when the integration, subscriber or connection does not exist.
   *
   * @example
   * ```ts
   * await svc.channelEndpoints.create({
   *   subscriberId: 'user-1',
   *   integrationIdentifier: 'slack',
   *   type: 'webhook',
   *   endpoint: { url: 'https://hooks.example.com/ada' },
   * });
   * ```
   */
  create(body: ChannelEndpointCreateBody, options?: RequestOptions): APIPromise<ChannelEndpoint> {
    return channelEndpointsCreate(this.#core, body, options);
  }

  /**
   * Lists endpoints (`GET /v1/channel-endpoints`), newest first and cursor-paginated.
   *
   * @example
   * ```ts
   * const page = await svc.channelEndpoints.list({ subscriberId: 'user-1', channel: 'chat' });
   * ```
   */
  list(
    query?: ChannelEndpointListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<ChannelEndpoint, ChannelEndpointListQuery>, ChannelEndpoint> {
    return channelEndpointsList(this.#core, query, options);
  }

  /**
   * Retrieves an endpoint by identifier (`GET /v1/channel-endpoints/{identifier}`).
   *
   * @throws {@link NotFoundError} when there is none.
   *
   * @example
   * ```ts
   * const endpoint = await svc.channelEndpoints.retrieve('slack-user-1-a1b2c3');
   * ```
   */
  retrieve(identifier: string, options?: RequestOptions): APIPromise<ChannelEndpoint> {
    return channelEndpointsRetrieve(this.#core, identifier, options);
  }

  /**
   * Replaces an endpoint's destination, of its own type (`PATCH /v1/channel-endpoints/{identifier}`).
   *
   * @example
   * ```ts
   * await svc.channelEndpoints.update('slack-user-1-a1b2c3', { endpoint: { channelId: 'C987654321' } });
   * ```
   */
  update(
    identifier: string,
    body: ChannelEndpointUpdateBody,
    options?: RequestOptions,
  ): APIPromise<ChannelEndpoint> {
    return channelEndpointsUpdate(this.#core, identifier, body, options);
  }

  /**
   * Deletes an endpoint (`DELETE /v1/channel-endpoints/{identifier}`).
   *
   * @example
   * ```ts
   * await svc.channelEndpoints.delete('slack-user-1-a1b2c3');
   * ```
   */
  delete(identifier: string, options?: RequestOptions): APIPromise<NoContent> {
    return channelEndpointsDelete(this.#core, identifier, options);
  }
}
