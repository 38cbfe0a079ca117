import { call, type OperationArgs } from '../core/call';
import {
  environmentsCreateRoute,
  environmentsDeleteRoute,
  environmentsDiffRoute,
  environmentsGetTagsRoute,
  environmentsListRoute,
  environmentsPublishRoute,
  environmentsUpdateRoute,
} from '../routes/environments';

/** {@inheritDoc Environments.create} */
export const environmentsCreate = (...args: OperationArgs<typeof environmentsCreateRoute>) =>
  call(environmentsCreateRoute, args);

/** {@inheritDoc Environments.delete} */
export const environmentsDelete = (...args: OperationArgs<typeof environmentsDeleteRoute>) =>
  call(environmentsDeleteRoute, args);

/** {@inheritDoc Environments.diff} */
export const environmentsDiff = (...args: OperationArgs<typeof environmentsDiffRoute>) =>
  call(environmentsDiffRoute, args);

/** {@inheritDoc Environments.getTags} */
export const environmentsGetTags = (...args: OperationArgs<typeof environmentsGetTagsRoute>) =>
  call(environmentsGetTagsRoute, args);

/** {@inheritDoc Environments.list} */
export const environmentsList = (...args: OperationArgs<typeof environmentsListRoute>) =>
  call(environmentsListRoute, args);

/** {@inheritDoc Environments.publish} */
export const environmentsPublish = (...args: OperationArgs<typeof environmentsPublishRoute>) =>
  call(environmentsPublishRoute, args);

/** {@inheritDoc Environments.update} */
export const environmentsUpdate = (...args: OperationArgs<typeof environmentsUpdateRoute>) =>
  call(environmentsUpdateRoute, args);
