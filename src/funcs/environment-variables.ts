import { call, type OperationArgs } from '../core/call';
import {
  environmentVariablesCreateRoute,
  environmentVariablesDeleteRoute,
  environmentVariablesListRoute,
  environmentVariablesRetrieveRoute,
  environmentVariablesUpdateRoute,
  environmentVariablesUsageRoute,
} from '../routes/environment-variables';

/** {@inheritDoc EnvironmentVariables.create} */
export const environmentVariablesCreate = (
  ...args: OperationArgs<typeof environmentVariablesCreateRoute>
) => call(environmentVariablesCreateRoute, args);

/** {@inheritDoc EnvironmentVariables.delete} */
export const environmentVariablesDelete = (
  ...args: OperationArgs<typeof environmentVariablesDeleteRoute>
) => call(environmentVariablesDeleteRoute, args);

/** {@inheritDoc EnvironmentVariables.list} */
export const environmentVariablesList = (
  ...args: OperationArgs<typeof environmentVariablesListRoute>
) => call(environmentVariablesListRoute, args);

/** {@inheritDoc EnvironmentVariables.retrieve} */
export const environmentVariablesRetrieve = (
  ...args: OperationArgs<typeof environmentVariablesRetrieveRoute>
) => call(environmentVariablesRetrieveRoute, args);

/** {@inheritDoc EnvironmentVariables.update} */
export const environmentVariablesUpdate = (
  ...args: OperationArgs<typeof environmentVariablesUpdateRoute>
) => call(environmentVariablesUpdateRoute, args);

/** {@inheritDoc EnvironmentVariables.usage} */
export const environmentVariablesUsage = (
  ...args: OperationArgs<typeof environmentVariablesUsageRoute>
) => call(environmentVariablesUsageRoute, args);
