/**
 * The organization's environments (`/v1/environments`, `/v2/environments/{id}/tags`): create,
 * list, update and delete with the service's rules (docs/behaviour/environments.md).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { Environment } from '../../../src/schemas/environment';
import type { EngineScope } from '../scope';
import { isObjectId } from '../store/ids';
import { createEnvironmentData, type EnvironmentRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { addDefaultIntegrations } from './integrations';
import { encodeBase62, slugify } from './slug';

/** The most environments one organization holds (Development and Production included). */
export const ENVIRONMENTS_PER_ORGANIZATION = 10;
/** The longest environment name (the service sets none; a stored string needs a bound). */
export const ENVIRONMENT_NAME_MAX_LENGTH = 200;
const PROTECTED = ['Development', 'Production'];
// validator.js isHexColor, which class-validator's IsHexColor uses.
const HEX_COLOR = /^#?([0-9A-F]{3}|[0-9A-F]{4}|[0-9A-F]{6}|[0-9A-F]{8})$/i;
// The same bounds as the engine's applicationIdentifiers option.
const IDENTIFIER = /^[A-Za-z0-9_-]{4,64}$/;
const SCOPED_TO_ONE =
  'This authentication scheme is scoped to a single environment and cannot delete a different environment. ' +
  'Use credentials from the target environment, or authenticate with a session token.';

/**
 * An environment in its wire shape (`EnvironmentResponseDto`).
 *
 * @example
 * ```ts
 * const [development]: EnvironmentDto[] = engine.operations['environments.list'](engine.scope('Development'));
 * ```
 */
export type EnvironmentDto = Environment;

/** The organization's environments, oldest first. */
export function organizationEnvironments(scope: EngineScope): EnvironmentRecord[] {
  const organizationId = scope.environment._organizationId;
  return [...tables.environments.values(scope.state)].filter(
    (environment) => environment._organizationId === organizationId,
  );
}

const isProtected = (name: string) =>
  PROTECTED.some((protectedName) => protectedName.toLowerCase() === name.trim().toLowerCase());

function toDto(scope: EngineScope, environment: EnvironmentRecord): EnvironmentDto {
  const type =
    environment.name === 'Development' ? 'dev' : environment.name === 'Production' ? 'prod' : null;
  const short = type ?? environment.name;
  return {
    _id: environment._id,
    name: environment.name,
    _organizationId: environment._organizationId,
    identifier: environment.identifier,
    ...(type === null ? {} : { type }),
    // An API key caller sees only its own environment's key (the service's NV-7641 rule).
    apiKeys:
      environment._id === scope.environment._id
        ? [{ key: environment.apiKey, _userId: environment._organizationId }]
        : [],
    ...(environment._parentId === undefined ? {} : { _parentId: environment._parentId }),
    slug: `${slugify(short)}_env_${encodeBase62(environment._id)}`,
    ...(environment.color === undefined ? {} : { color: environment.color }),
  };
}

/**
 * An environment of the caller's organization by `_id` (or, where the service takes one, its
 * identifier), else `undefined`.
 */
export function findOrganizationEnvironment(
  scope: EngineScope,
  idOrIdentifier: string,
  byIdentifier = false,
): EnvironmentRecord | undefined {
  return organizationEnvironments(scope).find(
    (environment) =>
      environment._id === idOrIdentifier ||
      (byIdentifier && environment.identifier === idOrIdentifier),
  );
}

const CreateShape = z.object({
  name: z.string({ error: 'name must be a string' }),
  color: z.string({ error: 'color must be a hexadecimal color' }),
  parentId: z.optional(z.string({ error: 'parentId must be a mongodb id' })),
});

function nameProblems(name: string): string[] {
  return name.length > ENVIRONMENT_NAME_MAX_LENGTH
    ? [`name must be shorter than or equal to ${ENVIRONMENT_NAME_MAX_LENGTH} characters`]
    : [];
}

/** `POST /v1/environments`: a new environment with its own key and identifier, holding nothing. */
export function createEnvironment(scope: EngineScope, body: unknown): EnvironmentDto {
  const input = validateBody(CreateShape, body);
  const problems = [
    ...nameProblems(input.name),
    ...(HEX_COLOR.test(input.color) ? [] : ['color must be a hexadecimal color']),
    ...(input.parentId === undefined || isObjectId(input.parentId)
      ? []
      : ['parentId must be a mongodb id']),
  ];
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const existing = organizationEnvironments(scope);
  if (existing.length >= ENVIRONMENTS_PER_ORGANIZATION) {
    throw ServiceError.http(
      402,
      `You have exceeded the maximum number of environments allowed (${ENVIRONMENTS_PER_ORGANIZATION})`,
    );
  }
  const name = input.name.trim();
  if (isProtected(name)) {
    throw ServiceError.http(422, 'Environment name cannot be Development or Production');
  }
  if (name === '') throw ServiceError.dtoValidation(['name should not be empty']);
  if (
    existing.some((environment) => environment.name === input.name || environment.name === name)
  ) {
    throw ServiceError.http(400, 'Environment name must be unique');
  }
  const { ids } = scope;
  const environment: EnvironmentRecord = {
    _id: ids.objectId(),
    _organizationId: scope.environment._organizationId,
    name,
    identifier: ids.shortId(12),
    apiKey: ids.uuid().replaceAll('-', ''),
    color: input.color,
    ...(input.parentId === undefined ? {} : { _parentId: input.parentId }),
    createdAt: scope.iso(),
  };
  const data = createEnvironmentData();
  tables.environments.add(scope.state, environment, data);
  // The caller's scope moved to the new environment (a spread would drop a request scope's members).
  addDefaultIntegrations({ __proto__: scope, environment, data } as unknown as EngineScope);
  // The service answers an API key caller without the new environment's key.
  return { ...toDto(scope, environment), apiKeys: [] };
}

/** `GET /v1/environments`: the organization's environments, the caller's key only. */
export function listEnvironments(scope: EngineScope): EnvironmentDto[] {
  return organizationEnvironments(scope).map((environment) => toDto(scope, environment));
}

const UpdateShape = z.object({
  name: z.optional(z.string({ error: 'name must be a string' })),
  identifier: z.optional(z.string({ error: 'identifier must be a string' })),
  parentId: z.optional(z.string({ error: 'parentId must be a string' })),
  color: z.optional(z.string({ error: 'color must be a string' })),
  dns: z.optional(z.object({ inboundParseDomain: z.optional(z.string()) })),
  bridge: z.optional(z.object({ url: z.optional(z.string()) })),
});

function requireOwnEnvironment(scope: EngineScope, environmentId: string): EnvironmentRecord {
  if (environmentId !== scope.environment._id) {
    const other = findOrganizationEnvironment(scope, environmentId);
    if (other === undefined) throw ServiceError.http(404, `Environment ${environmentId} not found`);
    throw ServiceError.http(403, SCOPED_TO_ONE);
  }
  return scope.environment;
}

/** `PUT /v1/environments/{environmentId}`: the caller's own environment's name, color, ... */
export function updateEnvironment(
  scope: EngineScope,
  environmentId: string,
  body: unknown,
): EnvironmentDto {
  const input = validateBody(UpdateShape, body);
  const problems = [
    ...(input.name === undefined ? [] : nameProblems(input.name)),
    ...(input.identifier === undefined || IDENTIFIER.test(input.identifier)
      ? []
      : ['identifier must be 4 to 64 letters, digits, "_" or "-"']),
    ...(input.bridge?.url === undefined || input.bridge.url === '' || URL.canParse(input.bridge.url)
      ? []
      : ['bridge.url must be a URL address']),
  ];
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const environment = requireOwnEnvironment(scope, environmentId);
  const renamed = input.name !== undefined && input.name !== '';
  if (renamed && PROTECTED.includes(environment.name)) {
    throw ServiceError.http(
      422,
      'Cannot update the name of Development or Production environments',
    );
  }
  if (renamed && isProtected(input.name as string)) {
    throw ServiceError.http(422, 'Environment name cannot be Development or Production');
  }
  const others = organizationEnvironments(scope).filter((other) => other !== environment);
  if (renamed && others.some((other) => other.name === (input.name as string).trim())) {
    throw ServiceError.http(400, 'Environment name must be unique');
  }
  if (
    input.identifier !== undefined &&
    [...tables.environments.values(scope.state)].some(
      (other) => other !== environment && other.identifier === input.identifier,
    )
  ) {
    throw ServiceError.http(400, 'Environment identifier must be unique');
  }
  if (renamed)
    tables.environments.assign(scope.state, environment, 'name', (input.name as string).trim());
  if (input.identifier)
    tables.environments.assign(scope.state, environment, 'identifier', input.identifier);
  if (input.parentId)
    tables.environments.assign(scope.state, environment, '_parentId', input.parentId);
  if (input.color) tables.environments.assign(scope.state, environment, 'color', input.color);
  if (input.bridge !== undefined) {
    tables.environments.assign(scope.state, environment, 'bridgeUrl', input.bridge.url ?? '');
  }
  return toDto(scope, environment);
}

/**
 * `DELETE /v1/environments/{environmentId}`: a custom environment, by its own key, with
 * everything it holds; work it still had pending is dropped.
 */
export function deleteEnvironment(scope: EngineScope, environmentId: string): undefined {
  const environment = requireOwnEnvironment(scope, environmentId);
  if (PROTECTED.includes(environment.name)) {
    throw ServiceError.http(
      400,
      `The ${environment.name} environment is protected and cannot be deleted. Only custom environments can be deleted.`,
    );
  }
  const { state } = scope;
  const gone = (record: { environmentId: string }) => record.environmentId === environment._id;
  scope.unschedule(gone);
  for (const fanOut of tables.fanOuts.where(state, gone)) tables.fanOuts.remove(state, fanOut);
  for (const call of tables.bridgeCalls.where(state, gone)) tables.bridgeCalls.remove(state, call);
  tables.environments.remove(state, environment);
  return undefined;
}

/** `GET /v2/environments/{environmentId}/tags`: the distinct tags of its workflows, by `_id` or identifier. */
export function environmentTags(scope: EngineScope, environmentId: string): { name: string }[] {
  const environment = findOrganizationEnvironment(scope, environmentId, true);
  if (environment === undefined) {
    throw ServiceError.http(404, `Environment ${environmentId} not found`);
  }
  const data = scope.organizationEnvironment(environment._id)?.data;
  const tags = new Set<string>();
  for (const workflow of data?.workflows ?? []) for (const tag of workflow.tags) tags.add(tag);
  return [...tags].map((name) => ({ name }));
}
