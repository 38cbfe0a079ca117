import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { PageNumberPage, PagePromise } from '../core/pagination';
import { messagesDelete, messagesDeleteByTransactionId, messagesList } from '../funcs/messages';
import type { NoContent } from '../schemas/common';
import type {
  DeleteMessageResponse,
  DeleteMessagesByTransactionQuery,
  ListedMessage,
  MessageListQuery,
} from '../schemas/message-list';

/**
 * The `svc.messages` namespace: the environment's messages, listed and deleted.
 *
 * @example
 * ```ts
 * for await (const message of svc.messages.list({ channel: 'email' })) console.log(message.subject);
 * ```
 */
export class Messages {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Lists the environment's messages (`GET /v1/messages`), oldest first, filtered by `channel`,
   * `subscriberId` and `transactionId`; page-number paginated: pages advance while `hasMore` (a
   * full page), and the walk ends on the empty page that follows a full last page.
   *
   * @example
   * ```ts
   * const page = await svc.messages.list({ subscriberId: 'user-1', channel: 'in_app' });
   * for await (const message of svc.messages.list({ transactionId: ['t-1', 't-2'] })) {
   *   console.log(message._id, message.channel);
   * }
   * ```
   */
  list(
    query?: MessageListQuery,
    options?: RequestOptions,
  ): PagePromise<PageNumberPage<ListedMessage, MessageListQuery>, ListedMessage> {
    return messagesList(this.#core, query, options);
  }

  /**
   * Deletes one message (`DELETE /v1/messages/{messageId}`); it leaves the subscriber's feed and
   * counts. A malformed id answers 422, an unknown one 404.
   *
   * @example
   * ```ts
   * const { status } = await svc.messages.delete('64da692e9a94fb2e6449ad60'); // 'deleted'
   * ```
   */
  delete(messageId: string, options?: RequestOptions): APIPromise<DeleteMessageResponse> {
    return messagesDelete(this.#core, messageId, options);
  }

  /**
   * Deletes the messages of a transaction, only those of `channel` when given (`DELETE
   * /v1/messages/transaction/{transactionId}`); resolves to nothing (204). A transaction without
   * any message answers 404.
   *
   * @example
   * ```ts
   * await svc.messages.deleteByTransactionId(transactionId, { channel: 'in_app' });
   * ```
   */
  deleteByTransactionId(
    transactionId: string,
    query?: DeleteMessagesByTransactionQuery,
    options?: RequestOptions,
  ): APIPromise<NoContent> {
    return messagesDeleteByTransactionId(this.#core, transactionId, query, options);
  }
}
