import { call, type OperationArgs } from '../core/call';
import { offsetPages } from '../core/paged-call';
import {
  workflowsCreateRoute,
  workflowsDeleteRoute,
  workflowsListRoute,
  workflowsPatchRoute,
  workflowsRetrieveRoute,
  workflowsStepsGeneratePreviewRoute,
  workflowsStepsRetrieveRoute,
  workflowsSyncRoute,
  workflowsUpdateRoute,
} from '../routes/workflows';

/** {@inheritDoc Workflows.create} */
export const workflowsCreate = (...args: OperationArgs<typeof workflowsCreateRoute>) =>
  call(workflowsCreateRoute, args);

/** {@inheritDoc Workflows.delete} */
export const workflowsDelete = (...args: OperationArgs<typeof workflowsDeleteRoute>) =>
  call(workflowsDeleteRoute, args);

/** {@inheritDoc Workflows.list} */
export const workflowsList = (...args: OperationArgs<typeof workflowsListRoute>) =>
  offsetPages(workflowsListRoute, args);

/** {@inheritDoc Workflows.patch} */
export const workflowsPatch = (...args: OperationArgs<typeof workflowsPatchRoute>) =>
  call(workflowsPatchRoute, args);

/** {@inheritDoc Workflows.retrieve} */
export const workflowsRetrieve = (...args: OperationArgs<typeof workflowsRetrieveRoute>) =>
  call(workflowsRetrieveRoute, args);

/** {@inheritDoc Workflows.sync} */
export const workflowsSync = (...args: OperationArgs<typeof workflowsSyncRoute>) =>
  call(workflowsSyncRoute, args);

/** {@inheritDoc Workflows.update} */
export const workflowsUpdate = (...args: OperationArgs<typeof workflowsUpdateRoute>) =>
  call(workflowsUpdateRoute, args);

/** {@inheritDoc WorkflowSteps.retrieve} */
export const workflowsStepsRetrieve = (
  ...args: OperationArgs<typeof workflowsStepsRetrieveRoute>
) => call(workflowsStepsRetrieveRoute, args);

/** {@inheritDoc WorkflowSteps.generatePreview} */
export const workflowsStepsGeneratePreview = (
  ...args: OperationArgs<typeof workflowsStepsGeneratePreviewRoute>
) => call(workflowsStepsGeneratePreviewRoute, args);
