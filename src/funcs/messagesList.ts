import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { PageNumberPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { messagesListRoute } from '../routes/messages';
import type { ListedMessage, MessageListQuery } from '../schemas/message-list';

/** {@inheritDoc Messages.list} */
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
