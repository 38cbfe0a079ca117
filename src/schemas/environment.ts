import * as z from 'zod/mini';
import type { WireShape } from './common';

/**
 * An API key of an environment, as `GET /v1/environments` shows it (only the caller's own).
 *
 * @example
 * ```ts
 * ApiKey.parse({ key: 'f3c1…', _userId: '6615943e7ace93b0540ae377' });
 * ```
 */
export const ApiKey = z.looseObject({
  /** The key (`Authorization: ApiKey <key>`). */
  key: z.string(),
  /** The user the key belongs to. */
  _userId: z.string(),
  /** A hash of the key. */
  hash: z.optional(z.string()),
});
export interface ApiKey extends WireShape<typeof ApiKey> {}

/**
 * An environment of the organization (`/v1/environments`).
 *
 * @example
 * ```ts
 * Environment.parse({ _id: '6615943e7ace93b0540ae377', name: 'Staging', _organizationId: '6615943e7ace93b0540ae378', identifier: 'aBcDeFgHiJkL' });
 * ```
 */
export const Environment = z.looseObject({
  _id: z.string(),
  name: z.string(),
  _organizationId: z.string(),
  /** The Inbox's `applicationIdentifier`. */
  identifier: z.string(),
  /** `dev` or `prod` for the two built-in environments; absent for custom ones. */
  type: z.optional(z.nullable(z.enum(['dev', 'prod']))),
  /** The caller's own key; empty for the organization's other environments. */
  apiKeys: z.optional(z.array(ApiKey)),
  _parentId: z.optional(z.string()),
  /** URL-friendly name (`dev_env_…`, `prod_env_…`, `<name>_env_…`). */
  slug: z.optional(z.string()),
  /** Hex color (custom environments). */
  color: z.optional(z.string()),
});
export interface Environment extends WireShape<typeof Environment> {}

/**
 * The answer of `DELETE /v1/environments/{environmentId}`: the service's `{ data: undefined }`,
 * which arrives as `{}`.
 *
 * @example
 * ```ts
 * EnvironmentDeleted.parse({});
 * ```
 */
export const EnvironmentDeleted = z.optional(z.strictObject({}));
export type EnvironmentDeleted = z.infer<typeof EnvironmentDeleted>;

/** The answer of `GET /v1/environments`. */
export const EnvironmentList = z.array(Environment);

/**
 * Body of `POST /v1/environments`.
 *
 * @example
 * ```ts
 * EnvironmentCreateBody.parse({ name: 'Staging', color: '#3498db' });
 * ```
 */
export const EnvironmentCreateBody = z.object({
  /** The name: not Development or Production (any case), unique in the organization. */
  name: z.string(),
  /** A hex color, `#3498db`. */
  color: z.string(),
  /** The parent environment's `_id`. */
  parentId: z.optional(z.string()),
});
export type EnvironmentCreateBody = z.input<typeof EnvironmentCreateBody>;

/**
 * Body of `PUT /v1/environments/{environmentId}`: the fields to change.
 *
 * @example
 * ```ts
 * EnvironmentUpdateBody.parse({ name: 'QA', color: '#00ff00' });
 * ```
 */
export const EnvironmentUpdateBody = z.object({
  name: z.optional(z.string()),
  identifier: z.optional(z.string()),
  parentId: z.optional(z.string()),
  color: z.optional(z.string()),
  dns: z.optional(z.object({ inboundParseDomain: z.optional(z.string()) })),
  bridge: z.optional(z.object({ url: z.optional(z.string()) })),
});
export type EnvironmentUpdateBody = z.input<typeof EnvironmentUpdateBody>;

/**
 * A tag used by the environment's workflows (`GET /v2/environments/{environmentId}/tags`).
 *
 * @example
 * ```ts
 * EnvironmentTag.parse({ name: 'onboarding' });
 * ```
 */
export const EnvironmentTag = z.looseObject({ name: z.string() });
export interface EnvironmentTag extends WireShape<typeof EnvironmentTag> {}

/** The answer of `GET /v2/environments/{environmentId}/tags`. */
export const EnvironmentTagList = z.array(EnvironmentTag);

// What kind of resource an entry names: `BRIDGE` (a dashboard workflow, or one of its steps,
// which carry `stepType`) as the service's document says; its runtime says `workflow` / `step`.
const ResourceType = z.string();

const ResourceInfo = z.looseObject({
  id: z.nullable(z.string()),
  name: z.nullable(z.string()),
  updatedBy: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  updatedAt: z.optional(z.nullable(z.string())),
});

/**
 * One change of a resource: `added`, `modified`, `deleted`, `unchanged` or `moved`.
 *
 * @example
 * ```ts
 * ResourceChange.parse({ resourceType: 'BRIDGE', action: 'added', sourceResource: { id: 'welcome', name: 'Welcome' }, targetResource: null });
 * ```
 */
export const ResourceChange = z.looseObject({
  resourceType: ResourceType,
  action: z.enum(['added', 'modified', 'deleted', 'unchanged', 'moved']),
  sourceResource: z.optional(z.nullable(ResourceInfo)),
  targetResource: z.optional(z.nullable(ResourceInfo)),
  diffs: z.optional(
    z.looseObject({
      previous: z.nullable(z.record(z.string(), z.unknown())),
      new: z.nullable(z.record(z.string(), z.unknown())),
    }),
  ),
  stepType: z.optional(z.string()),
  previousIndex: z.optional(z.number()),
  newIndex: z.optional(z.number()),
});
export interface ResourceChange extends WireShape<typeof ResourceChange> {}

const ChangeCounts = z.looseObject({
  added: z.number(),
  modified: z.number(),
  deleted: z.number(),
  unchanged: z.number(),
});

/**
 * Body of `POST /v2/environments/{targetEnvironmentId}/diff`.
 *
 * @example
 * ```ts
 * EnvironmentDiffBody.parse({ sourceEnvironmentId: '6615943e7ace93b0540ae377' });
 * ```
 */
export const EnvironmentDiffBody = z.object({
  /** Where to compare from (default: the organization's Development). */
  sourceEnvironmentId: z.optional(z.string()),
});
export type EnvironmentDiffBody = z.input<typeof EnvironmentDiffBody>;

/**
 * What a publish from the source would change in the target, per workflow.
 *
 * @example
 * ```ts
 * const diff: EnvironmentDiff = await svc.environments.diff(production._id, {});
 * if (!diff.summary.hasChanges) console.log('Production is up to date');
 * ```
 */
export const EnvironmentDiff = z.looseObject({
  sourceEnvironmentId: z.string(),
  targetEnvironmentId: z.string(),
  resources: z.array(
    z.looseObject({
      resourceType: ResourceType,
      sourceResource: z.optional(z.nullable(ResourceInfo)),
      targetResource: z.optional(z.nullable(ResourceInfo)),
      changes: z.array(ResourceChange),
      summary: ChangeCounts,
      dependencies: z.optional(z.array(z.record(z.string(), z.unknown()))),
    }),
  ),
  summary: z.looseObject({
    totalEntities: z.number(),
    totalChanges: z.number(),
    hasChanges: z.boolean(),
  }),
});
export interface EnvironmentDiff extends WireShape<typeof EnvironmentDiff> {}

/**
 * Body of `POST /v2/environments/{targetEnvironmentId}/publish`.
 *
 * @example
 * ```ts
 * EnvironmentPublishBody.parse({ dryRun: true });
 * ```
 */
export const EnvironmentPublishBody = z.object({
  /** Where to publish from (default: the organization's Development). */
  sourceEnvironmentId: z.optional(z.string()),
  /** Report what would be published and change nothing. */
  dryRun: z.optional(z.boolean()),
  /** Only these resources (default: every workflow). */
  resources: z.optional(z.array(z.object({ resourceType: z.string(), resourceId: z.string() }))),
});
export type EnvironmentPublishBody = z.input<typeof EnvironmentPublishBody>;

const PublishedItem = z.looseObject({
  resourceType: ResourceType,
  resourceId: z.string(),
  resourceName: z.string(),
});

/**
 * What a publish did: per resource type, the workflows created, updated or deleted in the
 * target, and those skipped (no changes, or a dry run).
 *
 * @example
 * ```ts
 * const { summary } = await svc.environments.publish(production._id, {});
 * console.log(`${summary.successful} published, ${summary.skipped} unchanged`);
 * ```
 */
export const EnvironmentPublishResult = z.looseObject({
  results: z.array(
    z.looseObject({
      resourceType: ResourceType,
      successful: z.array(
        z.extend(PublishedItem, { action: z.enum(['created', 'updated', 'skipped', 'deleted']) }),
      ),
      failed: z.array(z.extend(PublishedItem, { error: z.string() })),
      skipped: z.array(z.extend(PublishedItem, { reason: z.string() })),
      totalProcessed: z.number(),
    }),
  ),
  summary: z.looseObject({
    resources: z.number(),
    successful: z.number(),
    failed: z.number(),
    skipped: z.number(),
  }),
});
export interface EnvironmentPublishResult extends WireShape<typeof EnvironmentPublishResult> {}
