import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { PageNumberPage, PagePromise } from '../core/pagination';
import { messagesDelete } from '../funcs/messagesDelete';
import { messagesDeleteByTransactionId } from '../funcs/messagesDeleteByTransactionId';
import { messagesList } from '../funcs/messagesList';
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
   * Lists messages, page-number paginated (`for await` walks every page).
   *
   * @example
   * ```ts
   * const page = await svc.messages.list({ subscriberId: 'user-1', limit: 20 });
   * ```
   */
  list(
    query?: MessageListQuery,
    options?: RequestOptions,
  ): PagePromise<PageNumberPage<ListedMessage, MessageListQuery>, ListedMessage> {
    return messagesList(this.#core, query, options);
  }

  /**
   * Deletes one message.
   *
   * @example
   * ```ts
   * await svc.messages.delete(messageId);
   * ```
   */
  delete(messageId: string, options?: RequestOptions): APIPromise<DeleteMessageResponse> {
    return messagesDelete(this.#core, messageId, options);
  }

  /**
   * Deletes the messages of a transaction (of one channel when given).
   *
   * @example
   * ```ts
   * await svc.messages.deleteByTransactionId(transactionId, { channel: 'email' });
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
