import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { messagesDeleteByTransactionIdRoute } from '../routes/messages';
import type { NoContent } from '../schemas/common';
import type { DeleteMessagesByTransactionQuery } from '../schemas/message-list';

/**
 * Deletes the messages of a transaction, only those of `channel` when given
 * (`DELETE /v1/messages/transaction/{transactionId}`); resolves to nothing (204). A transaction
 * without any message answers 404.
 *
 * @example
 * ```ts
 * await messagesDeleteByTransactionId(core, transactionId, { channel: 'in_app' });
 * ```
 */
export function messagesDeleteByTransactionId(
  core: SvcCore,
  transactionId: string,
  query: DeleteMessagesByTransactionQuery = {},
  options?: RequestOptions,
): APIPromise<NoContent> {
  return request(
    core,
    routeSpec(messagesDeleteByTransactionIdRoute, { params: { transactionId }, query }),
    options,
  );
}
