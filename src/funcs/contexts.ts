import { call, type OperationArgs } from '../core/call';
import { cursorPages } from '../core/paged-call';
import {
  contextsCreateRoute,
  contextsDeleteRoute,
  contextsListRoute,
  contextsRetrieveRoute,
  contextsUpdateRoute,
} from '../routes/contexts';

/** {@inheritDoc Contexts.create} */
export const contextsCreate = (...args: OperationArgs<typeof contextsCreateRoute>) =>
  call(contextsCreateRoute, args);

/** {@inheritDoc Contexts.delete} */
export const contextsDelete = (...args: OperationArgs<typeof contextsDeleteRoute>) =>
  call(contextsDeleteRoute, args);

/** {@inheritDoc Contexts.list} */
export const contextsList = (...args: OperationArgs<typeof contextsListRoute>) =>
  cursorPages(contextsListRoute, args);

/** {@inheritDoc Contexts.retrieve} */
export const contextsRetrieve = (...args: OperationArgs<typeof contextsRetrieveRoute>) =>
  call(contextsRetrieveRoute, args);

/** {@inheritDoc Contexts.update} */
export const contextsUpdate = (...args: OperationArgs<typeof contextsUpdateRoute>) =>
  call(contextsUpdateRoute, args);
