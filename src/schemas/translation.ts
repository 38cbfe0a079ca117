import * as z from 'zod/mini';
import { Timestamp, type WireShape } from './common';

/** The kinds of resource a translation belongs to. */
export const TRANSLATION_RESOURCE_TYPES = ['workflow', 'layout'] as const;

/** The kind of resource a translation belongs to: a workflow or a layout. */
export const TranslationResourceType = z.enum(TRANSLATION_RESOURCE_TYPES);
export type TranslationResourceType = z.infer<typeof TranslationResourceType>;

/** Translation content: keys (`welcome.title`) to texts, which may hold Liquid (`{{payload.name}}`). */
const Content = z.record(z.string(), z.unknown());

/** One locale's translations of a resource. */
export const Translation = z.looseObject({
  /** The resource's identifier (a workflow's `workflowId`, a layout's `layoutId`). */
  resourceId: z.string(),
  /** The kind of resource: `workflow` or `layout`. */
  resourceType: TranslationResourceType,
  /** The locale, `language_REGION` (`en_US`). */
  locale: z.string(),
  /** Keys to translated texts. */
  content: Content,
  /** When the translations were created. */
  createdAt: Timestamp,
  /** When the translations were last updated. */
  updatedAt: Timestamp,
});
export interface Translation extends WireShape<typeof Translation> {}

/** Body of `POST /v2/translations`: creates a locale's translations, or replaces them whole. */
export const TranslationCreateBody = z.object({
  /** The workflow's `workflowId`, `_id` or slug (or a layout's id). */
  resourceId: z.string(),
  resourceType: TranslationResourceType,
  /** `language_REGION` (`en_US`); `en-US` is read as `en_US`. */
  locale: z.string(),
  /** Keys to texts (at most 100 KB as JSON). */
  content: Content,
});
export type TranslationCreateBody = z.input<typeof TranslationCreateBody>;

/** The translations of one resource: which locales it has. */
export const TranslationGroup = z.looseObject({
  /** The resource's identifier (a workflow's `workflowId`, a layout's `layoutId`). */
  resourceId: z.string(),
  /** The kind of resource: `workflow` or `layout`. */
  resourceType: TranslationResourceType,
  /** The resource's name (the workflow's). */
  resourceName: z.string(),
  /** The locales the resource has translations in. */
  locales: z.array(z.string()),
  /** Locales behind the default one (only present when there are some). */
  outdatedLocales: z.optional(z.array(z.string())),
  /** When the resource's first translations were created. */
  createdAt: Timestamp,
  /** When the resource's translations were last updated. */
  updatedAt: Timestamp,
});
export interface TranslationGroup extends WireShape<typeof TranslationGroup> {}

/**
 * Query of `GET /v2/translations/master-json`: the locale (default: the organization's default,
 * `en_US`).
 */
export const MasterJsonQuery = z.object({
  locale: z.optional(z.string()),
});
export type MasterJsonQuery = z.infer<typeof MasterJsonQuery>;

/** Every translation of one locale, by resource identifier. */
export const MasterJson = z.looseObject({
  /** The locale's translations of each workflow, by `workflowId`. */
  workflows: z.record(z.string(), Content),
  /** The locale's translations of each layout, by `layoutId`. */
  layouts: z.record(z.string(), Content),
});
export interface MasterJson extends WireShape<typeof MasterJson> {}

/** Body of `POST /v2/translations/master-json`: one locale's translations of many resources. */
export const MasterJsonImportBody = z.object({
  locale: z.string(),
  /** `{ workflows: { [workflowId]: content }, layouts: { [layoutId]: content } }`. */
  masterJson: z.record(z.string(), z.unknown()),
});
export type MasterJsonImportBody = z.input<typeof MasterJsonImportBody>;

/** What an import of a master JSON did: which resources took it and which were not found. */
export const MasterJsonImportResult = z.looseObject({
  /** Whether the import succeeded overall. */
  success: z.boolean(),
  /** A readable account of the import. */
  message: z.string(),
  /** Resource ids imported (absent when none). */
  successful: z.optional(z.array(z.string())),
  /** Resource ids not found (absent when none). */
  failed: z.optional(z.array(z.string())),
});
export interface MasterJsonImportResult extends WireShape<typeof MasterJsonImportResult> {}

/** What an upload of translation files did. */
export const TranslationsUploadResult = z.looseObject({
  /** How many files were processed. */
  totalFiles: z.number(),
  /** How many files were uploaded. */
  successfulUploads: z.number(),
  /** How many files failed to upload. */
  failedUploads: z.number(),
  /** The error messages of the failed files. */
  errors: z.array(z.string()),
});
export interface TranslationsUploadResult extends WireShape<typeof TranslationsUploadResult> {}

/**
 * A file to upload: a `File` (its name is the file name), or a `Blob` with a name. Translation
 * files are named by their locale: `en_US.json`.
 *
 * @example
 * ```ts
 * const file: UploadFile = { fileName: 'es_ES.json', content: new Blob(['{"greeting":"Hola"}']) };
 * ```
 */
export const UploadFile = z.union([
  z.custom<File>((value) => typeof File === 'function' && value instanceof File),
  z.object({
    fileName: z.string().check(z.minLength(1)),
    content: z.custom<Blob>((value) => typeof Blob === 'function' && value instanceof Blob),
  }),
]);
export type UploadFile = z.infer<typeof UploadFile>;

/**
 * Body of `POST /v2/translations/upload` (sent as `multipart/form-data`): translation files
 * named by locale (`en_US.json`) for one resource.
 */
export const TranslationsUploadBody = z.object({
  resourceId: z.string(),
  resourceType: TranslationResourceType,
  files: z.array(UploadFile).check(z.minLength(1)),
});
export type TranslationsUploadBody = z.input<typeof TranslationsUploadBody>;

/**
 * Body of `POST /v2/translations/master-json/upload` (sent as `multipart/form-data`): one master
 * JSON file named by its locale (`es_ES.json`).
 */
export const MasterJsonUploadBody = z.object({
  file: UploadFile,
});
export type MasterJsonUploadBody = z.input<typeof MasterJsonUploadBody>;
