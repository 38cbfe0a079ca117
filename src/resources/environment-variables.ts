import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  environmentVariablesCreate,
  environmentVariablesDelete,
  environmentVariablesList,
  environmentVariablesRetrieve,
  environmentVariablesUpdate,
  environmentVariablesUsage,
} from '../funcs/environment-variables';
import type { NoContent } from '../schemas/common';
import type {
  EnvironmentVariable,
  EnvironmentVariableCreateBody,
  EnvironmentVariableList,
  EnvironmentVariableListQuery,
  EnvironmentVariableUpdateBody,
  EnvironmentVariableUsage,
} from '../schemas/environment-variable';

/**
 * The `svc.environmentVariables` namespace: values per environment that step content reads as
 * `{{env.KEY}}` (with `{{env.name}}` and `{{env.type}}` from the environment itself). Keys belong
 * to the organization; an API key reads and writes its own environment's values only, and a
 * secret's values read as `••••••••`.
 *
 * @example
 * ```ts
 * await svc.environmentVariables.create({
 *   key: 'BASE_URL',
 *   values: [{ _environmentId: environmentId, value: 'https://acme.test' }],
 * });
 * ```
 */
export class EnvironmentVariables {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Creates a variable (`POST /v1/environment-variables`).
   *
   * @throws {@link ConflictError} when the key exists in the organization.
   *
   * @example
   * ```ts
   * const token = await svc.environmentVariables.create({ key: 'API_TOKEN', isSecret: true, values: [{ _environmentId: environmentId, value: 's3cret' }] });
   * ```
   */
  create(
    body: EnvironmentVariableCreateBody,
    options?: RequestOptions,
  ): APIPromise<EnvironmentVariable> {
    return environmentVariablesCreate(this.#core, body, options);
  }

  /**
   * Lists the organization's variables, newest first (`GET /v1/environment-variables`).
   *
   * @example
   * ```ts
   * const urls = await svc.environmentVariables.list({ search: 'URL' });
   * ```
   */
  list(
    query?: EnvironmentVariableListQuery,
    options?: RequestOptions,
  ): APIPromise<EnvironmentVariableList> {
    return environmentVariablesList(this.#core, query, options);
  }

  /**
   * Retrieves a variable by key (`GET /v1/environment-variables/{variableKey}`).
   *
   * @throws {@link NotFoundError} when there is none.
   *
   * @example
   * ```ts
   * const baseUrl = await svc.environmentVariables.retrieve('BASE_URL');
   * ```
   */
  retrieve(variableKey: string, options?: RequestOptions): APIPromise<EnvironmentVariable> {
    return environmentVariablesRetrieve(this.#core, variableKey, options);
  }

  /**
   * Changes a variable (`PATCH /v1/environment-variables/{variableKey}`); `values` are merged by
   * environment.
   *
   * @example
   * ```ts
   * await svc.environmentVariables.update('BASE_URL', { values: [{ _environmentId: environmentId, value: 'https://acme.dev' }] });
   * ```
   */
  update(
    variableKey: string,
    body: EnvironmentVariableUpdateBody,
    options?: RequestOptions,
  ): APIPromise<EnvironmentVariable> {
    return environmentVariablesUpdate(this.#core, variableKey, body, options);
  }

  /**
   * Deletes a variable (`DELETE /v1/environment-variables/{variableKey}`).
   *
   * @example
   * ```ts
   * await svc.environmentVariables.delete('BASE_URL');
   * ```
   */
  delete(variableKey: string, options?: RequestOptions): APIPromise<NoContent> {
    return environmentVariablesDelete(this.#core, variableKey, options);
  }

  /**
   * The workflows whose step controls read `env.KEY` (`GET /v1/environment-variables/{variableKey}/usage`).
   *
   * @example
   * ```ts
   * const { workflows } = await svc.environmentVariables.usage('BASE_URL');
   * ```
   */
  usage(variableKey: string, options?: RequestOptions): APIPromise<EnvironmentVariableUsage> {
    return environmentVariablesUsage(this.#core, variableKey, options);
  }
}
