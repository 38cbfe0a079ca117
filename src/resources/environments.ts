import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  environmentsCreate,
  environmentsDelete,
  environmentsDiff,
  environmentsGetTags,
  environmentsList,
  environmentsPublish,
  environmentsUpdate,
} from '../funcs/environments';
import type {
  Environment,
  EnvironmentCreateBody,
  EnvironmentDeleted,
  EnvironmentDiff,
  EnvironmentDiffBody,
  EnvironmentPublishBody,
  EnvironmentPublishResult,
  EnvironmentTag,
  EnvironmentUpdateBody,
} from '../schemas/environment';

/**
 * The `svc.environments` namespace: the organization's environments, and the promotion of
 * workflows from one to another (diff, then publish).
 *
 * @example
 * ```ts
 * const environments = await svc.environments.list();
 * const production = environments.find((environment) => environment.name === 'Production');
 * if (production) await svc.environments.publish(production._id, {});
 * ```
 */
export class Environments {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Creates an environment (`POST /v1/environments`) with its own API key and identifier; it
   * holds nothing but the default integrations. An API key caller is not shown the new key.
   *
   * @throws {@link UnprocessableEntityError} for a name of Development or Production, or a bad color.
   *
   * @example
   * ```ts
   * const staging = await svc.environments.create({ name: 'Staging', color: '#3498db' });
   * ```
   */
  create(body: EnvironmentCreateBody, options?: RequestOptions): APIPromise<Environment> {
    return environmentsCreate(this.#core, body, options);
  }

  /**
   * Lists the organization's environments (`GET /v1/environments`); only the caller's own carries
   * its API key.
   *
   * @example
   * ```ts
   * const names = (await svc.environments.list()).map((environment) => environment.name);
   * ```
   */
  list(options?: RequestOptions): APIPromise<Environment[]> {
    return environmentsList(this.#core, options);
  }

  /**
   * Updates the caller's own environment (`PUT /v1/environments/{environmentId}`): name, color,
   * identifier, parent, bridge URL.
   *
   * @throws {@link PermissionDeniedError} for another environment than the key's.
   *
   * @example
   * ```ts
   * await svc.environments.update(staging._id, { color: '#00ff00' });
   * ```
   */
  update(
    environmentId: string,
    body: EnvironmentUpdateBody,
    options?: RequestOptions,
  ): APIPromise<Environment> {
    return environmentsUpdate(this.#core, environmentId, body, options);
  }

  /**
   * Deletes a custom environment and everything in it (`DELETE /v1/environments/{environmentId}`,
   * answered `{}`),
   * called with that environment's own key; Development and Production cannot be deleted.
   *
   * @throws {@link BadRequestError} for Development or Production.
   *
   * @example
   * ```ts
   * await new Svc({ secretKey: stagingKey }).environments.delete(staging._id);
   * ```
   */
  delete(environmentId: string, options?: RequestOptions): APIPromise<EnvironmentDeleted> {
    return environmentsDelete(this.#core, environmentId, options);
  }

  /**
   * The tags the environment's workflows use (`GET /v2/environments/{environmentId}/tags`); the
   * environment by `_id` or identifier.
   *
   * @example
   * ```ts
   * const tags = await svc.environments.getTags(development._id);
   * ```
   */
  getTags(environmentId: string, options?: RequestOptions): APIPromise<EnvironmentTag[]> {
    return environmentsGetTags(this.#core, environmentId, options);
  }

  /**
   * What a publish from the source (default Development) would change in the target
   * (`POST /v2/environments/{targetEnvironmentId}/diff`): workflows added, modified or deleted.
   *
   * @example
   * ```ts
   * const diff = await svc.environments.diff(production._id, {});
   * console.log(diff.summary.hasChanges);
   * ```
   */
  diff(
    targetEnvironmentId: string,
    body: EnvironmentDiffBody,
    options?: RequestOptions,
  ): APIPromise<EnvironmentDiff> {
    return environmentsDiff(this.#core, targetEnvironmentId, body, options);
  }

  /**
   * Publishes the source's (default Development) dashboard workflows to the target
   * (`POST /v2/environments/{targetEnvironmentId}/publish`): creates, updates, and deletes the
   * target's workflows the source no longer has; `dryRun` changes nothing.
   *
   * @example
   * ```ts
   * const { summary } = await svc.environments.publish(production._id, {});
   * ```
   */
  publish(
    targetEnvironmentId: string,
    body: EnvironmentPublishBody,
    options?: RequestOptions,
  ): APIPromise<EnvironmentPublishResult> {
    return environmentsPublish(this.#core, targetEnvironmentId, body, options);
  }
}
