/**
 * Translations of an environment (`/v2/translations`): one record per resource and locale, with
 * the service's rules on locales, content and answers (docs/behaviour/translations.md).
 *
 * @module
 */

import * as z from 'zod/mini';
import {
  TRANSLATION_RESOURCE_TYPES,
  type Translation,
  type TranslationGroup,
  type TranslationResourceType,
} from '../../../src/schemas/translation';
import type { EngineScope } from '../scope';
import type { TranslationRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import {
  findTranslatableResource,
  resourceLabel,
  resourceOfRecord,
  type TranslatableResource,
  translationKey,
  translationsOf,
} from './translatable-resources';
import { DEFAULT_LOCALE, parseLocale } from './translation-locale';

/** The largest content of one locale of one resource, as UTF-8 JSON. */
export const TRANSLATION_CONTENT_MAX_BYTES = 100 * 1024;

/** The most translations (resource and locale pairs) one environment keeps. */
export const MAX_TRANSLATIONS_PER_ENVIRONMENT = 10_000;

/**
 * A translation in its wire shape.
 *
 * @example
 * ```ts
 * const spanish: TranslationDto = engine.operations['translations.retrieve'](engine.scope('Development'), {
 *   params: { resourceType: 'workflow', resourceId: 'welcome', locale: 'es_ES' },
 * });
 * ```
 */
export type TranslationDto = Translation;

/**
 * The translations of one resource in its wire shape.
 *
 * @example
 * ```ts
 * const group: TranslationGroupDto = engine.operations['translations.groups.retrieve'](engine.scope('Development'), {
 *   params: { resourceType: 'workflow', resourceId: 'welcome' },
 * });
 * ```
 */
export type TranslationGroupDto = TranslationGroup;

const toDto = (resource: TranslatableResource, record: TranslationRecord): TranslationDto => ({
  resourceId: resource.id,
  resourceType: resource.type,
  locale: record.locale,
  content: structuredClone(record.content),
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

const isResourceType = (value: string): value is TranslationResourceType =>
  (TRANSLATION_RESOURCE_TYPES as readonly string[]).includes(value);

const RESOURCE_TYPE_MESSAGE = `resourceType must be one of the following values: ${TRANSLATION_RESOURCE_TYPES.join(', ')}`;

/** The locale rule's message (`en_US`, `es-ES`, `zh_Hans_CN` are locales). */
export const LOCALE_MESSAGE =
  'locale must be a valid locale: language_REGION (e.g. en_US, es_ES, zh_Hans_CN)';

/** A path's resource type, or the 400 the service answers for another. */
export function pathResourceType(value: string): TranslationResourceType {
  if (!isResourceType(value)) throw ServiceError.http(400, RESOURCE_TYPE_MESSAGE);
  return value;
}

/** A path's locale in its stored form, or a 400. */
export function pathLocale(value: string): string {
  const locale = parseLocale(value);
  if (locale === undefined) throw ServiceError.http(400, `Invalid locale format: ${value}`);
  return locale;
}

/** The resource a request names, or its 404. */
export function resourceOrThrow(
  scope: EngineScope,
  type: TranslationResourceType,
  id: string,
): TranslatableResource {
  const resource = findTranslatableResource(scope.data, type, id);
  if (!resource) {
    throw ServiceError.http(
      404,
      `${resourceLabel(type)} with id ${id} not found in environment ${scope.environment._id}`,
    );
  }
  return resource;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Why a content cannot be stored (not an object, too large), or `undefined`. */
export function contentProblem(content: unknown): string | undefined {
  if (!isPlainObject(content)) return 'content must be an object';
  const bytes = new TextEncoder().encode(JSON.stringify(content)).length;
  if (bytes <= TRANSLATION_CONTENT_MAX_BYTES) return undefined;
  return `content is too large (${Math.ceil(bytes / 1024)} KB): at most ${TRANSLATION_CONTENT_MAX_BYTES / 1024} KB`;
}

/**
 * Stores a resource's content in a locale, replacing what it had (no merge); the environment's
 * cap counts new pairs only. Validated input only.
 */
export function storeTranslation(
  scope: EngineScope,
  resource: TranslatableResource,
  locale: string,
  content: Record<string, unknown>,
): TranslationRecord {
  const key = translationKey(resource, locale);
  const existing = tables.translations.get(scope.data, key);
  const now = scope.iso();
  if (existing) {
    tables.translations.update(scope.data, existing, () => {
      existing.content = structuredClone(content);
      existing.updatedAt = now;
    });
    return existing;
  }
  if (tables.translations.size(scope.data) >= MAX_TRANSLATIONS_PER_ENVIRONMENT) {
    throw ServiceError.http(
      400,
      `An environment keeps at most ${MAX_TRANSLATIONS_PER_ENVIRONMENT} translations (resource and locale pairs): delete some first`,
    );
  }
  const record: TranslationRecord = {
    _id: scope.ids.objectId(),
    resourceType: resource.type,
    resourceKey: resource.key,
    locale,
    content: structuredClone(content),
    createdAt: now,
    updatedAt: now,
  };
  tables.translations.set(scope.data, key, record);
  return record;
}

const CreateShape = z.object({
  resourceId: z.string().check(z.minLength(1)),
  resourceType: z.enum(TRANSLATION_RESOURCE_TYPES),
  locale: z.string(),
  content: z.unknown(),
});

/** `POST /v2/translations`: creates a resource's translations in a locale, or replaces them. */
export function createTranslation(scope: EngineScope, body: unknown): TranslationDto {
  const input = validateBody(CreateShape, body, { resourceType: RESOURCE_TYPE_MESSAGE });
  const locale = parseLocale(input.locale);
  const problems = [
    ...(locale === undefined ? [LOCALE_MESSAGE] : []),
    ...[contentProblem(input.content)].filter((problem) => problem !== undefined),
  ];
  if (problems.length > 0 || locale === undefined) throw ServiceError.dtoValidation(problems);
  const resource = resourceOrThrow(scope, input.resourceType, input.resourceId);
  const record = storeTranslation(
    scope,
    resource,
    locale,
    input.content as Record<string, unknown>,
  );
  return toDto(resource, record);
}

function translationOrThrow(
  scope: EngineScope,
  type: string,
  id: string,
  rawLocale: string,
): { resource: TranslatableResource; record: TranslationRecord } {
  const resourceType = pathResourceType(type);
  const locale = pathLocale(rawLocale);
  const resource = resourceOrThrow(scope, resourceType, id);
  const record = tables.translations.get(scope.data, translationKey(resource, locale));
  if (!record) {
    throw ServiceError.http(
      404,
      `Translation for locale ${locale} of ${resourceType} ${id} not found`,
    );
  }
  return { resource, record };
}

/** `GET /v2/translations/{resourceType}/{resourceId}/{locale}`. */
export function retrieveTranslation(
  scope: EngineScope,
  type: string,
  id: string,
  locale: string,
): TranslationDto {
  const { resource, record } = translationOrThrow(scope, type, id, locale);
  return toDto(resource, record);
}

/** `DELETE /v2/translations/{resourceType}/{resourceId}/{locale}`: that locale only. */
export function deleteTranslation(
  scope: EngineScope,
  type: string,
  id: string,
  locale: string,
): undefined {
  const { resource, record } = translationOrThrow(scope, type, id, locale);
  tables.translations.delete(scope.data, translationKey(resource, record.locale));
  return undefined;
}

function groupOrThrow(scope: EngineScope, type: string, id: string) {
  const resourceType = pathResourceType(type);
  const resource = resourceOrThrow(scope, resourceType, id);
  const records = translationsOf(scope.data, resource);
  if (records.length === 0) {
    throw ServiceError.http(404, `Translation group for ${resourceType} ${id} not found`);
  }
  return { resource, records };
}

/**
 * `GET /v2/translations/group/{resourceType}/{resourceId}`: its locales (default locale first,
 * then by name), first creation and last update; `outdatedLocales` is never present, as this
 * engine has no target locales.
 */
export function retrieveTranslationGroup(
  scope: EngineScope,
  type: string,
  id: string,
): TranslationGroupDto {
  const { resource, records } = groupOrThrow(scope, type, id);
  const locales = records
    .map((record) => record.locale)
    .sort(
      (a, b) => Number(b === DEFAULT_LOCALE) - Number(a === DEFAULT_LOCALE) || (a < b ? -1 : 1),
    );
  const created = records.map((record) => record.createdAt).sort();
  const updated = records.map((record) => record.updatedAt).sort();
  return {
    resourceId: resource.id,
    resourceType: resource.type,
    resourceName: resource.name,
    locales,
    createdAt: created[0] as string,
    updatedAt: updated[updated.length - 1] as string,
  };
}

/** `DELETE /v2/translations/{resourceType}/{resourceId}`: every locale of the resource. */
export function deleteTranslationGroup(scope: EngineScope, type: string, id: string): undefined {
  const { resource, records } = groupOrThrow(scope, type, id);
  for (const record of records) {
    tables.translations.delete(scope.data, translationKey(resource, record.locale));
  }
  return undefined;
}

/**
 * `GET /v2/translations/master-json`: every resource's content in a locale (default `en_US`),
 * by identifier; resources without one are left out.
 */
export function retrieveMasterJson(
  scope: EngineScope,
  rawLocale: string | undefined,
): {
  workflows: Record<string, Record<string, unknown>>;
  layouts: Record<string, Record<string, unknown>>;
} {
  const locale =
    rawLocale === undefined || rawLocale === '' ? DEFAULT_LOCALE : parseLocale(rawLocale);
  if (locale === undefined) throw ServiceError.dtoValidation([LOCALE_MESSAGE], rawLocale);
  const master = {
    workflows: {} as Record<string, Record<string, unknown>>,
    layouts: {} as Record<string, Record<string, unknown>>,
  };
  for (const record of tables.translations.values(scope.data)) {
    if (record.locale !== locale) continue;
    const resource = resourceOfRecord(scope.data, record);
    if (!resource) continue;
    const section = resource.type === 'workflow' ? master.workflows : master.layouts;
    section[resource.id] = structuredClone(record.content);
  }
  return master;
}
