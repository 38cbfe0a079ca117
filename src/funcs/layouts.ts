import { call, type OperationArgs } from '../core/call';
import { offsetPages } from '../core/paged-call';
import {
  layoutsCreateRoute,
  layoutsDeleteRoute,
  layoutsDuplicateRoute,
  layoutsListRoute,
  layoutsPreviewRoute,
  layoutsRetrieveRoute,
  layoutsUpdateRoute,
  layoutsUsageRoute,
} from '../routes/layouts';

/** {@inheritDoc Layouts.create} */
export const layoutsCreate = (...args: OperationArgs<typeof layoutsCreateRoute>) =>
  call(layoutsCreateRoute, args);

/** {@inheritDoc Layouts.delete} */
export const layoutsDelete = (...args: OperationArgs<typeof layoutsDeleteRoute>) =>
  call(layoutsDeleteRoute, args);

/** {@inheritDoc Layouts.duplicate} */
export const layoutsDuplicate = (...args: OperationArgs<typeof layoutsDuplicateRoute>) =>
  call(layoutsDuplicateRoute, args);

/** {@inheritDoc Layouts.list} */
export const layoutsList = (...args: OperationArgs<typeof layoutsListRoute>) =>
  offsetPages(layoutsListRoute, args);

/** {@inheritDoc Layouts.preview} */
export const layoutsPreview = (...args: OperationArgs<typeof layoutsPreviewRoute>) =>
  call(layoutsPreviewRoute, args);

/** {@inheritDoc Layouts.retrieve} */
export const layoutsRetrieve = (...args: OperationArgs<typeof layoutsRetrieveRoute>) =>
  call(layoutsRetrieveRoute, args);

/** {@inheritDoc Layouts.update} */
export const layoutsUpdate = (...args: OperationArgs<typeof layoutsUpdateRoute>) =>
  call(layoutsUpdateRoute, args);

/** {@inheritDoc Layouts.usage} */
export const layoutsUsage = (...args: OperationArgs<typeof layoutsUsageRoute>) =>
  call(layoutsUsageRoute, args);
