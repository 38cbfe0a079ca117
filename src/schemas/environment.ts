import * as z from 'zod/mini';
import type { WireShape } from './common';

/** An API key of an environment, as `GET /v1/environments` shows it (only the caller's own). */
export const ApiKey = z.looseObject({
  /** The key (`Authorization: ApiKey <key>`). */
  key: z.string(),
  /** The user the key belongs to. */
  _userId: z.string(),
  /** A hash of the key. */
  hash: z.optional(z.string()),
});
export interface ApiKey extends WireShape<typeof ApiKey> {}

/** An environment of the organization (`/v1/environments`). */
export const Environment = z.looseObject({
  /** The environment's id. */
  _id: z.string(),
  /** The environment's name (`Development`, `Production`, or a custom one). */
  name: z.string(),
  /** The organization the environment belongs to. */
  _organizationId: z.string(),
  /** The Inbox's `applicationIdentifier`. */
  identifier: z.string(),
  /** `dev` or `prod` for the two built-in environments; absent for custom ones. */
  type: z.optional(z.nullable(z.enum(['dev', 'prod']))),
  /** The caller's own key; empty for the organization's other environments. */
  apiKeys: z.optional(z.array(ApiKey)),
  /** The parent environment's `_id` (custom environments). */
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
 */
export const EnvironmentDeleted = z.optional(z.strictObject({}));
export type EnvironmentDeleted = z.infer<typeof EnvironmentDeleted>;

/** The answer of `GET /v1/environments`. */
export const EnvironmentList = z.array(Environment);

/** Body of `POST /v1/environments`. */
export const EnvironmentCreateBody = z.object({
  /** The name: not Development or Production (any case), unique in the organization. */
  name: z.string(),
  /** A hex color, `#3498db`. */
  color: z.string(),
  parentId: z.optional(z.string()),
});
export type EnvironmentCreateBody = z.input<typeof EnvironmentCreateBody>;

/** Body of `PUT /v1/environments/{environmentId}`: the fields to change. */
export const EnvironmentUpdateBody = z.object({
  name: z.optional(z.string()),
  identifier: z.optional(z.string()),
  parentId: z.optional(z.string()),
  color: z.optional(z.string()),
  dns: z.optional(z.object({ inboundParseDomain: z.optional(z.string()) })),
  bridge: z.optional(z.object({ url: z.optional(z.string()) })),
});
export type EnvironmentUpdateBody = z.input<typeof EnvironmentUpdateBody>;

/** A tag used by the environment's workflows (`GET /v2/environments/{environmentId}/tags`). */
export const EnvironmentTag = z.looseObject({
  /** The tag. */
  name: z.string(),
});
export interface EnvironmentTag extends WireShape<typeof EnvironmentTag> {}

/** The answer of `GET /v2/environments/{environmentId}/tags`. */
export const EnvironmentTagList = z.array(EnvironmentTag);

// What kind of resource an entry names: `BRIDGE` (a dashboard workflow, or one of its steps,
// which carry `stepType`) as the service's document says; its runtime says `workflow` / `step`.
const ResourceType = z.string();

/**
 * A workflow or step on one side of a diff (`ResourceChange.sourceResource`, `targetResource`):
 * `null` on the side it is missing from.
 */
export const ResourceInfo = z.looseObject({
  /** The workflow's or step's id. */
  id: z.nullable(z.string()),
  /** The workflow's or step's name. */
  name: z.nullable(z.string()),
  /** The user who last updated it. */
  updatedBy: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  /** When it was last updated. */
  updatedAt: z.optional(z.nullable(z.string())),
});
export interface ResourceInfo extends WireShape<typeof ResourceInfo> {}

/** One change of a resource: `added`, `modified`, `deleted`, `unchanged` or `moved`. */
export const ResourceChange = z.looseObject({
  /** What kind of resource changed (a workflow, or one of its steps). */
  resourceType: ResourceType,
  /** What a publish would do to it. */
  action: z.enum(['added', 'modified', 'deleted', 'unchanged', 'moved']),
  /** The resource in the source environment. */
  sourceResource: z.optional(z.nullable(ResourceInfo)),
  /** The resource in the target environment. */
  targetResource: z.optional(z.nullable(ResourceInfo)),
  /** The changed values, before and after (only for modified resources). */
  diffs: z.optional(
    z.looseObject({
      /** The differing values in the target environment. */
      previous: z.nullable(z.record(z.string(), z.unknown())),
      /** The differing values in the source environment. */
      new: z.nullable(z.record(z.string(), z.unknown())),
    }),
  ),
  /** The step type (only for step resources). */
  stepType: z.optional(z.string()),
  /** The step's index in the target's steps (moved or deleted steps). */
  previousIndex: z.optional(z.number()),
  /** The step's index in the source's steps (moved or added steps). */
  newIndex: z.optional(z.number()),
});
export interface ResourceChange extends WireShape<typeof ResourceChange> {}

/**
 * How many workflows and steps of one resource a publish would add, modify, delete or leave
 * unchanged (`EnvironmentDiff.resources[].summary`).
 */
export const ChangeCounts = z.looseObject({
  /** Workflows and steps added. */
  added: z.number(),
  /** Workflows and steps modified. */
  modified: z.number(),
  /** Workflows and steps deleted. */
  deleted: z.number(),
  /** Workflows and steps unchanged. */
  unchanged: z.number(),
});
export interface ChangeCounts extends WireShape<typeof ChangeCounts> {}

/** Body of `POST /v2/environments/{targetEnvironmentId}/diff`. */
export const EnvironmentDiffBody = z.object({
  /** Where to compare from (default: the organization's Development). */
  sourceEnvironmentId: z.optional(z.string()),
});
export type EnvironmentDiffBody = z.input<typeof EnvironmentDiffBody>;

/** What a publish from the source would change in the target, per workflow. */
export const EnvironmentDiff = z.looseObject({
  /** The environment compared from. */
  sourceEnvironmentId: z.string(),
  /** The environment compared to. */
  targetEnvironmentId: z.string(),
  /** One entry per workflow with changes: its changes and their counts. */
  resources: z.array(
    z.looseObject({
      /** What kind of resource it is (a workflow). */
      resourceType: ResourceType,
      /** The workflow in the source environment. */
      sourceResource: z.optional(z.nullable(ResourceInfo)),
      /** The workflow in the target environment. */
      targetResource: z.optional(z.nullable(ResourceInfo)),
      /** The changes of the workflow and of its steps. */
      changes: z.array(ResourceChange),
      /** How many of those changes there are, by action. */
      summary: ChangeCounts,
      /** Other resources the changes depend on. */
      dependencies: z.optional(z.array(z.record(z.string(), z.unknown()))),
    }),
  ),
  /** The totals over every workflow. */
  summary: z.looseObject({
    /** How many workflows and steps were compared. */
    totalEntities: z.number(),
    /** How many changes were found. */
    totalChanges: z.number(),
    /** Whether a publish would change anything. */
    hasChanges: z.boolean(),
  }),
});
export interface EnvironmentDiff extends WireShape<typeof EnvironmentDiff> {}

/** Body of `POST /v2/environments/{targetEnvironmentId}/publish`. */
export const EnvironmentPublishBody = z.object({
  /** Where to publish from (default: the organization's Development). */
  sourceEnvironmentId: z.optional(z.string()),
  /** Report what would be published and change nothing. */
  dryRun: z.optional(z.boolean()),
  /** Only these resources (default: every workflow). */
  resources: z.optional(z.array(z.object({ resourceType: z.string(), resourceId: z.string() }))),
});
export type EnvironmentPublishBody = z.input<typeof EnvironmentPublishBody>;

/**
 * A workflow a publish processed (`EnvironmentPublishResult.results[].successful`, `failed`,
 * `skipped`, which add its `action`, `error` or `reason`).
 */
export const PublishedItem = z.looseObject({
  /** What kind of resource it is (a workflow). */
  resourceType: ResourceType,
  /** The resource's id. */
  resourceId: z.string(),
  /** The resource's name. */
  resourceName: z.string(),
});
export interface PublishedItem extends WireShape<typeof PublishedItem> {}

/**
 * What a publish did: per resource type, the workflows created, updated or deleted in the
 * target, and those skipped (no changes, or a dry run).
 */
export const EnvironmentPublishResult = z.looseObject({
  /** One entry per resource type. */
  results: z.array(
    z.looseObject({
      /** The kind of resource the entry is about (workflows). */
      resourceType: ResourceType,
      /** The resources published, and what was done to each in the target. */
      successful: z.array(
        z.extend(PublishedItem, {
          /** What the publish did to the resource in the target. */
          action: z.enum(['created', 'updated', 'skipped', 'deleted']),
        }),
      ),
      /** The resources that failed to publish, with the error. */
      failed: z.array(
        z.extend(PublishedItem, {
          error: z.string(),
        }),
      ),
      /** The resources skipped, with the reason. */
      skipped: z.array(
        z.extend(PublishedItem, {
          reason: z.string(),
        }),
      ),
      /** How many resources of this type were processed. */
      totalProcessed: z.number(),
    }),
  ),
  /** The totals over every resource type. */
  summary: z.looseObject({
    /** How many resources were processed. */
    resources: z.number(),
    /** How many were published. */
    successful: z.number(),
    /** How many failed. */
    failed: z.number(),
    /** How many were skipped. */
    skipped: z.number(),
  }),
});
export interface EnvironmentPublishResult extends WireShape<typeof EnvironmentPublishResult> {}
