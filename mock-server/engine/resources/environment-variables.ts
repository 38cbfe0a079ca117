/**
 * Environment variables (`/v1/environment-variables`): records of the organization, each with a
 * value per environment, read by step content as `{{env.KEY}}` (docs/behaviour/environment-variables.md).
 * Through an API key a request sees and writes the values of the key's environment only.
 *
 * @module
 */

import * as z from 'zod/mini';
import {
  ENVIRONMENT_VARIABLE_KEY_PATTERN,
  ENVIRONMENT_VARIABLE_MAX_LENGTH,
  type EnvironmentVariable,
  SECRET_MASK,
} from '../../../src/schemas/environment-variable';
import type { EngineScope } from '../scope';
import type { EnvironmentVariableRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';

/** The most variables one organization holds (the service's default system limit). */
export const ENVIRONMENT_VARIABLES_PER_ORGANIZATION = 100;

/**
 * An environment variable in its wire shape: the values of the caller's environment, masked for
 * a secret.
 *
 * @example
 * ```ts
 * const baseUrl: EnvironmentVariableDto = engine.operations['environmentVariables.retrieve'](
 *   engine.scope('Development'),
 *   { params: { variableKey: 'BASE_URL' } },
 * );
 * ```
 */
export type EnvironmentVariableDto = EnvironmentVariable;

function toDto(scope: EngineScope, variable: EnvironmentVariableRecord): EnvironmentVariableDto {
  return {
    _id: variable._id,
    _organizationId: variable._organizationId,
    key: variable.key,
    type: variable.type,
    isSecret: variable.isSecret,
    values: variable.values
      .filter((value) => value._environmentId === scope.environment._id)
      .map((value) => ({
        _environmentId: value._environmentId,
        value: variable.isSecret ? SECRET_MASK : value.value,
      })),
    createdAt: variable.createdAt,
    updatedAt: variable.updatedAt,
  };
}

/** The organization's variables, newest first. */
function organizationVariables(scope: EngineScope): EnvironmentVariableRecord[] {
  const organizationId = scope.environment._organizationId;
  return [...tables.environmentVariables.values(scope.state)]
    .filter((variable) => variable._organizationId === organizationId)
    .sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));
}

function findVariable(scope: EngineScope, key: string): EnvironmentVariableRecord | undefined {
  const organizationId = scope.environment._organizationId;
  for (const variable of tables.environmentVariables.values(scope.state)) {
    if (variable._organizationId === organizationId && variable.key === key) return variable;
  }
  return undefined;
}

function variableOrThrow(scope: EngineScope, key: string): EnvironmentVariableRecord {
  const variable = findVariable(scope, key);
  if (!variable) throw ServiceError.http(404, `Environment variable with key "${key}" not found`);
  return variable;
}

const keyText = z.string().check(
  z.maxLength(ENVIRONMENT_VARIABLE_MAX_LENGTH, {
    message: `key must be shorter than or equal to ${ENVIRONMENT_VARIABLE_MAX_LENGTH} characters`,
  }),
  z.regex(ENVIRONMENT_VARIABLE_KEY_PATTERN, {
    message: 'Key must start with a letter and contain only letters, digits, and underscores',
  }),
);
const ValueShape = z.object({
  _environmentId: z.string(),
  value: z.string().check(
    z.maxLength(ENVIRONMENT_VARIABLE_MAX_LENGTH, {
      message: `value must be shorter than or equal to ${ENVIRONMENT_VARIABLE_MAX_LENGTH} characters`,
    }),
  ),
});
const CreateShape = z.object({
  key: keyText,
  type: z.optional(z.enum(['string'])),
  isSecret: z.optional(z.boolean()),
  values: z.optional(z.array(ValueShape)),
});
const UpdateShape = z.object({
  key: z.optional(keyText),
  type: z.optional(z.enum(['string'])),
  isSecret: z.optional(z.boolean()),
  values: z.optional(z.array(ValueShape)),
});

type ValueInput = { _environmentId: string; value: string };

/**
 * The service's checks of submitted values, in its order: no environment twice, every
 * environment of the organization, only the API key's own environment, and never the mask.
 */
function checkValues(scope: EngineScope, values: readonly ValueInput[], keepHint: boolean): void {
  const ids = values.map((value) => value._environmentId);
  if (new Set(ids).size !== ids.length) {
    throw ServiceError.dtoValidation(['Duplicate _environmentId in values']);
  }
  for (const id of new Set(ids)) {
    const other = scope.organizationEnvironment(id);
    if (!other) throw ServiceError.http(404, `Environment with id ${id} not found`);
    if (id !== scope.environment._id) {
      throw ServiceError.http(
        403,
        `This API key is scoped to a single environment (${scope.environment._id}) and cannot change values of environment ${id}`,
      );
    }
  }
  if (values.some((value) => value.value === SECRET_MASK)) {
    throw ServiceError.http(
      400,
      keepHint
        ? 'Submitted value matches the secret mask placeholder; provide the real value or omit the entry to keep the existing one.'
        : 'Submitted value matches the secret mask placeholder; provide the real value or omit the entry.',
    );
  }
}

/** `POST /v1/environment-variables`: a new variable; 409 when the key exists in the organization. */
export function createEnvironmentVariable(
  scope: EngineScope,
  body: unknown,
): EnvironmentVariableDto {
  const input = validateBody(CreateShape, body);
  const count = organizationVariables(scope).length;
  if (count >= ENVIRONMENT_VARIABLES_PER_ORGANIZATION) {
    throw ServiceError.http(
      400,
      `Environment variables limit exceeded. Maximum allowed variables is ${ENVIRONMENT_VARIABLES_PER_ORGANIZATION}.`,
      { currentCount: count, limit: ENVIRONMENT_VARIABLES_PER_ORGANIZATION },
    );
  }
  if (findVariable(scope, input.key)) {
    throw ServiceError.http(409, `Environment variable with key "${input.key}" already exists`);
  }
  const values = input.values ?? [];
  checkValues(scope, values, false);
  const now = scope.iso();
  const variable: EnvironmentVariableRecord = {
    _id: scope.ids.objectId(),
    _organizationId: scope.environment._organizationId,
    key: input.key,
    type: 'string',
    isSecret: input.isSecret ?? false,
    values: values.map((value) => ({ _environmentId: value._environmentId, value: value.value })),
    createdAt: now,
    updatedAt: now,
  };
  tables.environmentVariables.set(scope.state, variable._id, variable);
  return toDto(scope, variable);
}

/** `GET /v1/environment-variables`: newest first; `search` a part of the key, in any case. */
export function listEnvironmentVariables(
  scope: EngineScope,
  search: string | undefined,
): EnvironmentVariableDto[] {
  const needle = search?.toLowerCase();
  return organizationVariables(scope)
    .filter((variable) => !needle || variable.key.toLowerCase().includes(needle))
    .map((variable) => toDto(scope, variable));
}

/** `GET /v1/environment-variables/{variableKey}`. */
export function retrieveEnvironmentVariable(
  scope: EngineScope,
  key: string,
): EnvironmentVariableDto {
  return toDto(scope, variableOrThrow(scope, key));
}

/**
 * `PATCH /v1/environment-variables/{variableKey}`: the given fields; `values` merged by
 * environment (the others keep theirs); 400 when nothing is given.
 */
export function updateEnvironmentVariable(
  scope: EngineScope,
  key: string,
  body: unknown,
): EnvironmentVariableDto {
  const input = validateBody(UpdateShape, body);
  const variable = variableOrThrow(scope, key);
  if (input.values !== undefined) checkValues(scope, input.values, true);
  if (
    input.key === undefined &&
    input.type === undefined &&
    input.isSecret === undefined &&
    input.values === undefined
  ) {
    throw ServiceError.http(400, 'At least one field must be provided to update');
  }
  if (input.key !== undefined && input.key !== variable.key && findVariable(scope, input.key)) {
    throw ServiceError.http(409, `Environment variable with key "${input.key}" already exists`);
  }
  const now = scope.iso();
  tables.environmentVariables.update(scope.state, variable, () => {
    if (input.key !== undefined) variable.key = input.key;
    if (input.isSecret !== undefined) variable.isSecret = input.isSecret;
    for (const value of input.values ?? []) {
      const stored = variable.values.find((entry) => entry._environmentId === value._environmentId);
      if (stored) stored.value = value.value;
      else variable.values.push({ _environmentId: value._environmentId, value: value.value });
    }
    variable.updatedAt = now;
  });
  return toDto(scope, variable);
}

/** `DELETE /v1/environment-variables/{variableKey}`. */
export function deleteEnvironmentVariable(scope: EngineScope, key: string): undefined {
  const variable = variableOrThrow(scope, key);
  tables.environmentVariables.delete(scope.state, variable._id);
  return undefined;
}

/**
 * Whether a workflow's step controls name `env.KEY`, as the service looks: in Liquid
 * (`{{env.KEY}}`) or a block node (`"id":"env.KEY"`), not in a longer key (`env.KEY_2`).
 */
export function controlsReferenceVariable(controls: unknown, key: string): boolean {
  const pattern = new RegExp(`(^|[^\\w$])env\\.${key}(?![\\w$])`);
  return pattern.test(JSON.stringify(controls));
}

/**
 * `GET /v1/environment-variables/{variableKey}/usage`: the workflows of the organization (every
 * environment, as the service searches) whose step controls reference `env.KEY`.
 */
export function environmentVariableUsage(
  scope: EngineScope,
  key: string,
): { workflows: { name: string; workflowId: string }[] } {
  const variable = variableOrThrow(scope, key);
  const workflows: { name: string; workflowId: string }[] = [];
  for (const data of scope.organizationData()) {
    for (const workflow of tables.workflows.values(data)) {
      if (
        workflow.steps.some((step) => controlsReferenceVariable(step.controlValues, variable.key))
      ) {
        workflows.push({ name: workflow.name, workflowId: workflow.workflowId });
      }
    }
  }
  return { workflows };
}

/**
 * What templates read as `env`: this environment's value of each variable of the organization
 * (secrets in clear), then the environment's own `name` and `type` (`dev` for Development,
 * `prod` otherwise), which win over a variable of the same key.
 *
 * @example
 * ```ts
 * environmentBindings(engine.scope('Development')); // { BASE_URL: 'https://acme.test', name: 'Development', type: 'dev' }
 * ```
 */
export function environmentBindings(scope: EngineScope): Record<string, string> {
  const bindings: Record<string, string> = {};
  const environmentId = scope.environment._id;
  const organizationId = scope.environment._organizationId;
  for (const variable of tables.environmentVariables.values(scope.state)) {
    if (variable._organizationId !== organizationId) continue;
    const value = variable.values.find((entry) => entry._environmentId === environmentId);
    if (value !== undefined) bindings[variable.key] = value.value;
  }
  bindings['name'] = scope.environment.name;
  bindings['type'] = scope.environment.name === 'Development' ? 'dev' : 'prod';
  return bindings;
}
