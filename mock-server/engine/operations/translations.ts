/**
 * The handlers of the `translations` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/translations';
import {
  importMasterJsonBody,
  uploadMasterJson,
  uploadTranslationFiles,
} from '../resources/translation-imports';
import {
  createTranslation,
  deleteTranslation,
  deleteTranslationGroup,
  retrieveMasterJson,
  retrieveTranslation,
  retrieveTranslationGroup,
} from '../resources/translations';
import { readMultipartBody } from '../wire/multipart-body';
import { queryString } from '../wire/query';
import { defineOperation } from './operation';

export const translationsCreate = defineOperation(
  routes.translationsCreateRoute,
  (scope, { body }) => createTranslation(scope, body),
);

export const translationsGroupsRetrieve = defineOperation(
  routes.translationsGroupsRetrieveRoute,
  (scope, { params }) => retrieveTranslationGroup(scope, params.resourceType, params.resourceId),
);

export const translationsMasterRetrieve = defineOperation(
  routes.translationsMasterRetrieveRoute,
  (scope, { query }) => retrieveMasterJson(scope, queryString(query, 'locale')),
);

export const translationsRetrieve = defineOperation(
  routes.translationsRetrieveRoute,
  (scope, { params }) =>
    retrieveTranslation(scope, params.resourceType, params.resourceId, params.locale),
);

export const translationsDelete = defineOperation(
  routes.translationsDeleteRoute,
  (scope, { params }) =>
    deleteTranslation(scope, params.resourceType, params.resourceId, params.locale),
);

export const translationsGroupsDelete = defineOperation(
  routes.translationsGroupsDeleteRoute,
  (scope, { params }) => deleteTranslationGroup(scope, params.resourceType, params.resourceId),
);

export const translationsMasterImport = defineOperation(
  routes.translationsMasterImportRoute,
  (scope, { body }) => importMasterJsonBody(scope, body),
);

export const translationsMasterUpload = defineOperation(
  routes.translationsMasterUploadRoute,
  (scope, { body }) => uploadMasterJson(scope, readMultipartBody(body)),
);

export const translationsUpload = defineOperation(
  routes.translationsUploadRoute,
  (scope, { body }) => uploadTranslationFiles(scope, readMultipartBody(body)),
);
