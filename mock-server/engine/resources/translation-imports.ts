/**
 * Translations in bulk (docs/behaviour/translations.md#imports): a master JSON (one locale, many
 * resources) as a body or a file, and translation files (one resource, many locales). Files
 * come from the request only.
 *
 * @module
 */

import * as z from 'zod/mini';
import { TRANSLATION_RESOURCE_TYPES } from '../../../src/schemas/translation';
import type { EngineScope } from '../scope';
import type { MultipartBody, UploadedFile } from '../wire/multipart-body';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { findTranslatableResource, type TranslatableResource } from './translatable-resources';
import { localeOfFileName, parseLocale } from './translation-locale';
import {
  contentProblem,
  LOCALE_MESSAGE,
  MAX_TRANSLATIONS_PER_ENVIRONMENT,
  resourceOrThrow,
  storeTranslation,
} from './translations';

/** The most files one upload takes. */
export const MAX_UPLOAD_FILES = 50;

/**
 * What an import answers.
 *
 * @example
 * ```ts
 * const result: MasterImportResult = { success: true, message: 'Successfully imported translations for 1 resource: welcome', successful: ['welcome'] };
 * ```
 */
export interface MasterImportResult {
  success: boolean;
  message: string;
  successful?: string[];
  failed?: string[];
}

/**
 * What an upload of translation files answers.
 *
 * @example
 * ```ts
 * const result: UploadResult = { totalFiles: 1, successfulUploads: 1, failedUploads: 0, errors: [] };
 * ```
 */
export interface UploadResult {
  totalFiles: number;
  successfulUploads: number;
  failedUploads: number;
  errors: string[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const SECTIONS = [
  ['workflows', 'workflow'],
  ['layouts', 'layout'],
] as const;

/** The message of an import, as the service words it. */
function importMessage(successful: string[], failed: string[]): string {
  const count = (n: number) => `${n} resource${n === 1 ? '' : 's'}`;
  if (failed.length === 0) {
    return `Successfully imported translations for ${count(successful.length)}: ${successful.join(', ')}`;
  }
  if (successful.length === 0) {
    return `Failed to import any resources: ${count(failed.length)} not found (${failed.join(', ')})`;
  }
  return `Partial import completed: ${count(successful.length)} imported, ${count(failed.length)} failed (${failed.join(', ')})`;
}

/**
 * Imports one locale of a master JSON (`{ workflows: { [id]: content }, layouts: {...} }`): each
 * resource found gets its content replaced; resources not found (or with content that cannot be
 * stored) are listed as failed. Everything is checked before anything is stored.
 */
export function importMasterJson(
  scope: EngineScope,
  locale: string,
  masterJson: Record<string, unknown>,
): MasterImportResult {
  const found: Array<{ resource: TranslatableResource; content: Record<string, unknown> }> = [];
  const successful: string[] = [];
  const failed: string[] = [];
  for (const [section, type] of SECTIONS) {
    const entries = masterJson[section];
    if (entries === undefined) continue;
    if (!isPlainObject(entries))
      throw ServiceError.dtoValidation([`masterJson.${section} must be an object`]);
    for (const [id, content] of Object.entries(entries)) {
      if (successful.length + failed.length >= MAX_TRANSLATIONS_PER_ENVIRONMENT) {
        throw ServiceError.http(
          400,
          `A master JSON holds at most ${MAX_TRANSLATIONS_PER_ENVIRONMENT} resources`,
        );
      }
      const resource = findTranslatableResource(scope.data, type, id);
      if (resource === undefined || contentProblem(content) !== undefined) {
        failed.push(id);
        continue;
      }
      found.push({ resource, content: content as Record<string, unknown> });
      successful.push(id);
    }
  }
  if (successful.length === 0 && failed.length === 0) {
    return { success: false, message: 'No supported resources found in the master JSON' };
  }
  for (const { resource, content } of found) storeTranslation(scope, resource, locale, content);
  return {
    success: successful.length > 0,
    message: importMessage(successful, failed),
    ...(successful.length > 0 ? { successful } : {}),
    ...(failed.length > 0 ? { failed } : {}),
  };
}

const ImportShape = z.object({ locale: z.string(), masterJson: z.unknown() });

/** `POST /v2/translations/master-json`. */
export function importMasterJsonBody(scope: EngineScope, body: unknown): MasterImportResult {
  const input = validateBody(ImportShape, body);
  const locale = parseLocale(input.locale);
  const problems = [
    ...(locale === undefined ? [LOCALE_MESSAGE] : []),
    ...(isPlainObject(input.masterJson) ? [] : ['masterJson must be an object']),
  ];
  if (problems.length > 0 || locale === undefined) throw ServiceError.dtoValidation(problems);
  return importMasterJson(scope, locale, input.masterJson as Record<string, unknown>);
}

/** The JSON object a file holds, or why it holds none. */
function fileJson(
  file: UploadedFile,
): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  if (file.content.trim() === '') return { ok: false, reason: 'the file is empty' };
  let value: unknown;
  try {
    value = JSON.parse(file.content);
  } catch {
    return { ok: false, reason: 'Invalid JSON' };
  }
  if (!isPlainObject(value)) return { ok: false, reason: 'the file must hold a JSON object' };
  return { ok: true, value };
}

/**
 * `POST /v2/translations/master-json/upload`: one file (field `file`) named by its locale
 * (`es_ES.json`), imported as {@link importMasterJson}.
 */
export function uploadMasterJson(scope: EngineScope, body: MultipartBody): MasterImportResult {
  const files = body.files.filter((file) => file.field === 'file');
  if (files.length === 0)
    throw ServiceError.http(400, 'A master JSON file (field "file") is required');
  if (files.length > 1)
    throw ServiceError.http(400, 'Only one master JSON file may be uploaded at a time');
  const file = files[0] as UploadedFile;
  const locale = localeOfFileName(file.fileName);
  if (locale === undefined) {
    throw ServiceError.http(
      400,
      `Invalid file name '${file.fileName}': a master JSON file is named by its locale (e.g. en_US.json)`,
    );
  }
  const json = fileJson(file);
  if (!json.ok)
    throw ServiceError.http(400, `Invalid JSON in file ${file.fileName}: ${json.reason}`);
  return importMasterJson(scope, locale, json.value);
}

const UploadShape = z.object({
  resourceId: z.string().check(z.minLength(1)),
  resourceType: z.enum(TRANSLATION_RESOURCE_TYPES),
});

/**
 * `POST /v2/translations/upload`: files (field `files` or `files[]`) named by locale, for one
 * resource. A badly named file refuses the whole upload (400 with `errors`); a file that is not
 * a JSON object is counted as failed; none stored is a 400.
 */
export function uploadTranslationFiles(scope: EngineScope, body: MultipartBody): UploadResult {
  const input = validateBody(UploadShape, body.fields, {
    resourceId: 'resourceId should not be empty',
    resourceType: `resourceType must be one of the following values: ${TRANSLATION_RESOURCE_TYPES.join(', ')}`,
  });
  const files = body.files.filter((file) => file.field === 'files' || file.field === 'files[]');
  if (files.length === 0)
    throw ServiceError.http(400, 'At least one translation file (field "files") is required');
  if (files.length > MAX_UPLOAD_FILES) {
    throw ServiceError.http(400, `An upload takes at most ${MAX_UPLOAD_FILES} files`);
  }
  const badNames = files.filter((file) => localeOfFileName(file.fileName) === undefined);
  if (badNames.length > 0) {
    throw ServiceError.http(400, 'Some files have invalid names or formats', {
      errors: badNames.map(
        (file) => `${file.fileName}: must be a valid locale file name (e.g. en_US.json)`,
      ),
    });
  }
  const resource = resourceOrThrow(scope, input.resourceType, input.resourceId);
  const errors: string[] = [];
  const valid: Array<{ locale: string; content: Record<string, unknown> }> = [];
  for (const file of files) {
    const json = fileJson(file);
    const problem = json.ok ? contentProblem(json.value) : json.reason;
    if (problem !== undefined || !json.ok) {
      errors.push(`Failed to process file '${file.fileName}': ${problem}`);
      continue;
    }
    valid.push({ locale: localeOfFileName(file.fileName) as string, content: json.value });
  }
  if (valid.length === 0) {
    throw ServiceError.http(400, 'No valid translation files were found', { errors });
  }
  for (const { locale, content } of valid) storeTranslation(scope, resource, locale, content);
  return {
    totalFiles: files.length,
    successfulUploads: valid.length,
    failedUploads: errors.length,
    errors,
  };
}
