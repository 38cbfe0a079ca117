import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  channelConnectionsCreate,
  channelConnectionsDelete,
  channelConnectionsList,
  channelConnectionsRetrieve,
  channelConnectionsUpdate,
} from '../funcs/channel-connections';
import type {
  ChannelConnection,
  ChannelConnectionCreateBody,
  ChannelConnectionListQuery,
  ChannelConnectionUpdateBody,
} from '../schemas/channel-connection';
import type { NoContent } from '../schemas/common';

/**
 * The `svc.channelConnections` namespace: a subscriber's (or a context's) authorised link to a
 * chat workspace (a Slack team) through an integration, which channel endpoints deliver through.
 *
 * @example
 * ```ts
 * const connection = await svc.channelConnections.create({
 *   subscriberId: 'user-1',
 *   integrationIdentifier: 'slack',
 *   workspace: { id: 'T123456', name: 'Acme HQ' },
 *   auth: { accessToken: 'xoxb-1' },
 * });
 * ```
 */
export class ChannelConnections {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Creates a connection (`POST /v1/channel-connections`); one per integration, subscriber and
   * context.
   *
   * @throws {@link NotFoundError} when the integration or the subscriber does not exist.
   * @throws {@link ConflictError} when such a connection, or its identifier, exists.
   *
   * @example
   * ```ts
   * await svc.channelConnections.create({
   *   subscriberId: 'user-1',
   *   integrationIdentifier: 'slack',
   *   workspace: { id: 'T123456' },
   *   auth: { accessToken: 'xoxb-1' },
   * });
   * ```
   */
  create(
    body: ChannelConnectionCreateBody,
    options?: RequestOptions,
  ): APIPromise<ChannelConnection> {
    return channelConnectionsCreate(this.#core, body, options);
  }

  /**
   * Lists connections (`GET /v1/channel-connections`), newest first and cursor-paginated:
   * `await` it for the first page, or walk every connection with `for await`.
   *
   * @example
   * ```ts
   * for await (const connection of svc.channelConnections.list({ subscriberId: 'user-1' })) {
   *   console.log(connection.identifier);
   * }
   * ```
   */
  list(
    query?: ChannelConnectionListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<ChannelConnection, ChannelConnectionListQuery>, ChannelConnection> {
    return channelConnectionsList(this.#core, query, options);
  }

  /**
   * Retrieves a connection by identifier (`GET /v1/channel-connections/{identifier}`).
   *
   * @throws {@link NotFoundError} when there is none.
   *
   * @example
   * ```ts
   * const connection = await svc.channelConnections.retrieve('chconn-a1b2c3');
   * ```
   */
  retrieve(identifier: string, options?: RequestOptions): APIPromise<ChannelConnection> {
    return channelConnectionsRetrieve(this.#core, identifier, options);
  }

  /**
   * Replaces a connection's workspace and credentials (`PATCH /v1/channel-connections/{identifier}`).
   *
   * @example
   * ```ts
   * await svc.channelConnections.update('chconn-a1b2c3', {
   *   workspace: { id: 'T123456' },
   *   auth: { accessToken: 'xoxb-2' },
   * });
   * ```
   */
  update(
    identifier: string,
    body: ChannelConnectionUpdateBody,
    options?: RequestOptions,
  ): APIPromise<ChannelConnection> {
    return channelConnectionsUpdate(this.#core, identifier, body, options);
  }

  /**
   * Deletes a connection (`DELETE /v1/channel-connections/{identifier}`).
   *
   * @example
   * ```ts
   * await svc.channelConnections.delete('chconn-a1b2c3');
   * ```
   */
  delete(identifier: string, options?: RequestOptions): APIPromise<NoContent> {
    return channelConnectionsDelete(this.#core, identifier, options);
  }
}
