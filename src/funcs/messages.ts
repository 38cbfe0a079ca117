import { call, type OperationArgs } from '../core/call';
import { pageNumberPages } from '../core/paged-call';
import {
  messagesDeleteByTransactionIdRoute,
  messagesDeleteRoute,
  messagesListRoute,
} from '../routes/messages';

/** {@inheritDoc Messages.delete} */
export const messagesDelete = (...args: OperationArgs<typeof messagesDeleteRoute>) =>
  call(messagesDeleteRoute, args);

/** {@inheritDoc Messages.deleteByTransactionId} */
export const messagesDeleteByTransactionId = (
  ...args: OperationArgs<typeof messagesDeleteByTransactionIdRoute>
) => call(messagesDeleteByTransactionIdRoute, args);

/** {@inheritDoc Messages.list} */
export const messagesList = (...args: OperationArgs<typeof messagesListRoute>) =>
  pageNumberPages(messagesListRoute, args);
