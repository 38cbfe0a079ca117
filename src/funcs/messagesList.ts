import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { PageNumberPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { messagesListRoute } from '../routes/messages';
import type { ListedMessage, MessageListQuery } from '../schemas/message-list';

/**
 * Lists the environment's messages (`GET /v1/messages`), oldest first, filtered by `channel`,
 * `subscriberId` and `transactionId`; page-number paginated: pages advance while `hasMore` (a full
 * page), and the walk ends on the empty page that follows a full last page.
 *
 * @example
 * ```ts
 * const page = await messagesList(core, { subscriberId: 'user-1', channel: 'in_app' });
 * for await (const message of messagesList(core, { transactionId: ['t-1', 't-2'] })) {
 *   console.log(message._id, message.channel);
 * }
 * ```
 */
export function messagesList(
  core: SvcCore,
  query: MessageListQuery = {},
  options?: RequestOptions,
): PagePromise<PageNumberPage<ListedMessage, MessageListQuery>, ListedMessage> {
  return requestPage(
    (pageQuery: MessageListQuery) =>
      startRequest(core, routeSpec(messagesListRoute, { query: pageQuery }), options),
    query,
    (body, pageQuery, fetch) => new PageNumberPage(body, pageQuery, fetch),
  );
}
