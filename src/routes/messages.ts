import { NoContent } from '../schemas/common';
import {
  DeleteMessageResponse,
  DeleteMessagesByTransactionQuery,
  MessageListQuery,
  MessageListResponse,
} from '../schemas/message-list';
import type { Route } from './route';

/** `GET /v1/messages`: a page-number page of the environment's messages. */
export const messagesListRoute = {
  operation: 'messages.list',
  method: 'GET',
  path: '/v1/messages',
  status: 200,
  category: 'global',
  query: MessageListQuery,
  response: MessageListResponse,
} as const satisfies Route;

/** `DELETE /v1/messages/{messageId}`: deletes one message. */
export const messagesDeleteRoute = {
  operation: 'messages.delete',
  method: 'DELETE',
  path: '/v1/messages/:messageId',
  status: 200,
  category: 'global',
  response: DeleteMessageResponse,
} as const satisfies Route;

/** `DELETE /v1/messages/transaction/{transactionId}`: deletes a transaction's messages; 204. */
export const messagesDeleteByTransactionIdRoute = {
  operation: 'messages.deleteByTransactionId',
  method: 'DELETE',
  path: '/v1/messages/transaction/:transactionId',
  status: 204,
  category: 'global',
  query: DeleteMessagesByTransactionQuery,
  response: NoContent,
} as const satisfies Route;
