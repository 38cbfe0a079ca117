/**
 * The organizations of one engine: the first one (made at creation, with the API keys and
 * application identifiers the options give), the ones `createOrganization` adds, each with its
 * Development and Production environments and the service's default integrations, and how an
 * environment is found by name or `_id`.
 *
 * @module
 */

import type { MockEngineOptions } from './engine';
import type { EngineCore } from './engine-core';
import { addDefaultIntegrations } from './resources/integrations';
import type { EngineScope, EnvironmentScope } from './scope';
import { createRandom } from './store/ids';
import {
  createEnvironmentData,
  type EnvironmentRecord,
  type OrganizationRecord,
} from './store/state';
import { tables } from './store/tables';
import { ServiceError } from './wire/service-error';

const API_KEY = /^[\w-]{16,128}$/;
const APPLICATION_IDENTIFIER = /^[\w-]{4,64}$/;

/**
 * An organization and its environments (Development, Production).
 *
 * @internal
 */
export interface OrganizationEnvironments {
  organization: OrganizationRecord;
  environments: EnvironmentRecord[];
}

/**
 * The engine's organizations.
 *
 * @internal
 */
export interface Organizations {
  /** The first organization and its first two environments (a load names another). */
  first: OrganizationEnvironments;
  /** Adds an organization with its two environments to the state. */
  add(name: string): OrganizationEnvironments;
  /** The first organization's environments: Development, Production, then those made since. */
  firstEnvironments(): EnvironmentRecord[];
  /** An environment of any organization by `_id`, or of the first by name; 404 for none. */
  find(nameOrId: string): EnvironmentRecord;
}

/** Checks the keys or identifiers given in the options; a `TypeError` names the first bad one. */
function checkedNames(
  given: Record<string, string | undefined>,
  option: string,
  pattern: RegExp,
  rule: string,
  shown: (value: string) => string,
): Record<string, string | undefined> {
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined && !pattern.test(value)) {
      throw new TypeError(`${option}.${name} must be ${rule} (got ${shown(value)})`);
    }
  }
  return given;
}

/**
 * Creates the engine's organizations with the first one, "Acme", in the state.
 *
 * @internal
 */
export function createOrganizations(
  core: EngineCore,
  scopeOf: (target: EnvironmentScope) => EngineScope,
  options: Pick<MockEngineOptions, 'apiKeys' | 'applicationIdentifiers' | 'randomSeed'>,
): Organizations {
  const { ids, clock } = core;
  // In-process keys stay deterministic (docs/security.md); svc-mock passes random ones.
  const keyRandom = createRandom((options.randomSeed ?? 1) ^ 0x5eed);
  const apiKey = () =>
    Array.from({ length: 32 }, () => Math.floor(keyRandom() * 16).toString(16)).join('');
  const givenKeys = checkedNames(
    { ...options.apiKeys },
    'apiKeys',
    API_KEY,
    '16 to 128 letters, digits, "_" or "-"',
    (key) => `${key.length} characters`,
  );
  const givenIdentifiers = checkedNames(
    { ...options.applicationIdentifiers },
    'applicationIdentifiers',
    APPLICATION_IDENTIFIER,
    '4 to 64 letters, digits, "_" or "-"',
    (identifier) => JSON.stringify(identifier.slice(0, 80)),
  );

  function addOrganization(
    name: string,
    keys: Record<string, string | undefined> = {},
    identifiers: Record<string, string | undefined> = {},
  ): OrganizationEnvironments {
    const target = core.state;
    const organization: OrganizationRecord = { _id: ids.objectId(), name, createdAt: clock.iso() };
    target.organizations.set(organization._id, organization);
    const environments = ['Development', 'Production'].map((envName) => {
      const environment: EnvironmentRecord = {
        _id: ids.objectId(),
        _organizationId: organization._id,
        name: envName,
        identifier: identifiers[envName] ?? ids.shortId(12),
        apiKey: keys[envName] ?? apiKey(),
        createdAt: clock.iso(),
      };
      const data = createEnvironmentData();
      target.environments.set(environment._id, environment);
      target.apiKeys.set(environment.apiKey, environment._id);
      target.data.set(environment._id, data);
      addDefaultIntegrations(scopeOf({ environment, data }));
      return environment;
    });
    return { organization, environments };
  }

  const organizations: Organizations = {
    first: addOrganization('Acme', givenKeys, givenIdentifiers),
    add: (name) => addOrganization(name),
    // The first organization's environments in the state: Development, Production, then the
    // ones `POST /v1/environments` made (the inspector, `/__svc/environments` and the banner).
    firstEnvironments() {
      const organizationId = organizations.first.organization._id;
      return [...tables.environments.values(core.state)].filter(
        (env) => env._organizationId === organizationId,
      );
    },
    find(nameOrId) {
      const byId = tables.environments.get(core.state, nameOrId);
      if (byId) return byId;
      const byName = organizations.firstEnvironments().find((env) => env.name === nameOrId);
      if (byName) return byName;
      throw ServiceError.http(404, `Environment ${nameOrId} not found`);
    },
  };
  return organizations;
}
