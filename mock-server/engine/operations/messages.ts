/**
 * The handlers of the `messages` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/messages';
import {
  deleteMessage,
  deleteMessagesByTransaction,
  listMessages,
} from '../resources/message-list';
import { parseDeleteChannel, parseMessageSearch } from '../wire/message-query';
import { defineOperation } from './operation';

export const messagesList = defineOperation(routes.messagesListRoute, (scope, { query }) =>
  listMessages(scope, parseMessageSearch(query)),
);

export const messagesDelete = defineOperation(routes.messagesDeleteRoute, (scope, { params }) =>
  deleteMessage(scope, params.messageId),
);

export const messagesDeleteByTransactionId = defineOperation(
  routes.messagesDeleteByTransactionIdRoute,
  (scope, { params, query }) =>
    deleteMessagesByTransaction(scope, params.transactionId, parseDeleteChannel(query)),
);
