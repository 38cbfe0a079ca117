import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { messagesDeleteByTransactionIdRoute } from '../routes/messages';
import type { NoContent } from '../schemas/common';
import type { DeleteMessagesByTransactionQuery } from '../schemas/message-list';

/** {@inheritDoc Messages.deleteByTransactionId} */
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
