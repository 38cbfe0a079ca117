/**
 * The handlers of the `messages` routes, each beside its route.
 *
 * @module
 */

import {
  messagesDeleteByTransactionIdRoute,
  messagesDeleteRoute,
  messagesListRoute,
} from '../../../src/routes/messages';
import { defineOperation } from '../operation';
import {
  deleteMessage,
  deleteMessagesByTransaction,
  listMessages,
} from '../resources/message-list';
import { parseDeleteChannel, parseMessageSearch } from '../wire/message-query';

export const messagesList = defineOperation(messagesListRoute, (scope, { query }) =>
  listMessages(scope, parseMessageSearch(query)),
);

export const messagesDelete = defineOperation(messagesDeleteRoute, (scope, { params }) =>
  deleteMessage(scope, params.messageId),
);

export const messagesDeleteByTransactionId = defineOperation(
  messagesDeleteByTransactionIdRoute,
  (scope, { params, query }) =>
    deleteMessagesByTransaction(scope, params.transactionId, parseDeleteChannel(query)),
);
