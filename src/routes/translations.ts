import { NoContent } from '../schemas/common';
import {
  MasterJson,
  MasterJsonImportBody,
  MasterJsonImportResult,
  MasterJsonQuery,
  MasterJsonUploadBody,
  Translation,
  TranslationCreateBody,
  TranslationGroup,
  TranslationsUploadBody,
  TranslationsUploadResult,
} from '../schemas/translation';
import { type Route, UPLOAD_BODY_LIMIT } from './route';

/** `POST /v2/translations`: creates a locale's translations of a resource, or replaces them. */
export const translationsCreateRoute = {
  operation: 'translations.create',
  method: 'POST',
  path: '/v2/translations',
  status: 200,
  category: 'configuration',
  body: TranslationCreateBody,
  response: Translation,
} as const satisfies Route;

// Before the single translation's GET, which the same three segments would match.
/** `GET /v2/translations/group/{resourceType}/{resourceId}`: which locales a resource has. */
export const translationsGroupsRetrieveRoute = {
  operation: 'translations.groups.retrieve',
  method: 'GET',
  path: '/v2/translations/group/:resourceType/:resourceId',
  status: 200,
  category: 'configuration',
  response: TranslationGroup,
} as const satisfies Route;

/** `GET /v2/translations/master-json`: every translation of a locale, by resource. */
export const translationsMasterRetrieveRoute = {
  operation: 'translations.master.retrieve',
  method: 'GET',
  path: '/v2/translations/master-json',
  status: 200,
  category: 'configuration',
  query: MasterJsonQuery,
  response: MasterJson,
} as const satisfies Route;

/** `GET /v2/translations/{resourceType}/{resourceId}/{locale}`: one locale's translations. */
export const translationsRetrieveRoute = {
  operation: 'translations.retrieve',
  method: 'GET',
  path: '/v2/translations/:resourceType/:resourceId/:locale',
  status: 200,
  category: 'configuration',
  response: Translation,
} as const satisfies Route;

/** `DELETE /v2/translations/{resourceType}/{resourceId}/{locale}`: deletes one locale's. */
export const translationsDeleteRoute = {
  operation: 'translations.delete',
  method: 'DELETE',
  path: '/v2/translations/:resourceType/:resourceId/:locale',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;

/** `DELETE /v2/translations/{resourceType}/{resourceId}`: deletes every locale of a resource. */
export const translationsGroupsDeleteRoute = {
  operation: 'translations.groups.delete',
  method: 'DELETE',
  path: '/v2/translations/:resourceType/:resourceId',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;

/** `POST /v2/translations/master-json`: imports one locale's translations of many resources. */
export const translationsMasterImportRoute = {
  operation: 'translations.master.import',
  method: 'POST',
  path: '/v2/translations/master-json',
  status: 200,
  category: 'configuration',
  bodyLimit: UPLOAD_BODY_LIMIT,
  body: MasterJsonImportBody,
  response: MasterJsonImportResult,
} as const satisfies Route;

/** `POST /v2/translations/master-json/upload`: the same, from a file named by its locale. */
export const translationsMasterUploadRoute = {
  operation: 'translations.master.upload',
  method: 'POST',
  path: '/v2/translations/master-json/upload',
  status: 200,
  category: 'configuration',
  bodyLimit: UPLOAD_BODY_LIMIT,
  bodyType: 'multipart',
  body: MasterJsonUploadBody,
  response: MasterJsonImportResult,
} as const satisfies Route;

/** `POST /v2/translations/upload`: translation files named by locale, for one resource. */
export const translationsUploadRoute = {
  operation: 'translations.upload',
  method: 'POST',
  path: '/v2/translations/upload',
  status: 200,
  category: 'configuration',
  bodyLimit: UPLOAD_BODY_LIMIT,
  bodyType: 'multipart',
  body: TranslationsUploadBody,
  response: TranslationsUploadResult,
} as const satisfies Route;
