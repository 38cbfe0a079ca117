/**
 * The handlers of the `workflows` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/workflows';
import { retrieveStepData } from '../preview/step-data';
import { generateStepPreview, prepareStepPreview } from '../preview/step-preview';
import { deleteWorkflow, patchWorkflow, retrieveWorkflow } from '../resources/workflow-changes';
import { createWorkflow, updateWorkflow } from '../resources/workflow-upsert';
import { listWorkflows, syncWorkflow } from '../resources/workflows';
import { parseWorkflowSearch } from '../wire/query';
import { defineOperation, definePreparedOperation } from './operation';

export const workflowsList = defineOperation(routes.workflowsListRoute, (scope, { query }) =>
  listWorkflows(scope, parseWorkflowSearch(query)),
);

export const workflowsSync = defineOperation(routes.workflowsSyncRoute, (scope, { params, body }) =>
  syncWorkflow(scope, params.workflowId, body),
);

export const workflowsRetrieve = defineOperation(
  routes.workflowsRetrieveRoute,
  (scope, { params }) => retrieveWorkflow(scope, params.workflowId),
);

export const workflowsPatch = defineOperation(
  routes.workflowsPatchRoute,
  (scope, { params, body }) => patchWorkflow(scope, params.workflowId, body),
);

export const workflowsDelete = defineOperation(routes.workflowsDeleteRoute, (scope, { params }) =>
  deleteWorkflow(scope, params.workflowId),
);

export const workflowsCreate = defineOperation(routes.workflowsCreateRoute, (scope, { body }) =>
  createWorkflow(scope, body),
);

export const workflowsUpdate = defineOperation(
  routes.workflowsUpdateRoute,
  (scope, { params, body }) => updateWorkflow(scope, params.workflowId, body),
);

export const workflowsStepsRetrieve = defineOperation(
  routes.workflowsStepsRetrieveRoute,
  (scope, { params }) => retrieveStepData(scope, params.workflowId, params.stepId),
);

export const workflowsStepsGeneratePreview = definePreparedOperation(
  routes.workflowsStepsGeneratePreviewRoute,
  (scope, { params, body }) => prepareStepPreview(scope, params.workflowId, params.stepId, body),
  (scope, { params, body, prepared }) =>
    generateStepPreview(scope, params.workflowId, params.stepId, body, prepared),
);
