/**
 * The handlers of the `workflows` routes, each beside its route.
 *
 * @module
 */

import {
  workflowsCreateRoute,
  workflowsDeleteRoute,
  workflowsListRoute,
  workflowsPatchRoute,
  workflowsRetrieveRoute,
  workflowsSyncRoute,
  workflowsUpdateRoute,
} from '../../../src/routes/workflows';
import { defineOperation } from '../operation';
import { deleteWorkflow, patchWorkflow, retrieveWorkflow } from '../resources/workflow-changes';
import { createWorkflow, updateWorkflow } from '../resources/workflow-upsert';
import { listWorkflows, syncWorkflow } from '../resources/workflows';
import { parseWorkflowSearch } from '../wire/query';

export const workflowsList = defineOperation(workflowsListRoute, (scope, { query }) =>
  listWorkflows(scope, parseWorkflowSearch(query)),
);

export const workflowsSync = defineOperation(workflowsSyncRoute, (scope, { params, body }) =>
  syncWorkflow(scope, params.workflowId, body),
);

export const workflowsRetrieve = defineOperation(workflowsRetrieveRoute, (scope, { params }) =>
  retrieveWorkflow(scope, params.workflowId),
);

export const workflowsPatch = defineOperation(workflowsPatchRoute, (scope, { params, body }) =>
  patchWorkflow(scope, params.workflowId, body),
);

export const workflowsDelete = defineOperation(workflowsDeleteRoute, (scope, { params }) =>
  deleteWorkflow(scope, params.workflowId),
);

export const workflowsCreate = defineOperation(workflowsCreateRoute, (scope, { body }) =>
  createWorkflow(scope, body),
);

export const workflowsUpdate = defineOperation(workflowsUpdateRoute, (scope, { params, body }) =>
  updateWorkflow(scope, params.workflowId, body),
);
