import { call, type OperationArgs } from '../core/call';
import { uploadCall } from '../core/multipart';
import {
  translationsCreateRoute,
  translationsDeleteRoute,
  translationsGroupsDeleteRoute,
  translationsGroupsRetrieveRoute,
  translationsMasterImportRoute,
  translationsMasterRetrieveRoute,
  translationsMasterUploadRoute,
  translationsRetrieveRoute,
  translationsUploadRoute,
} from '../routes/translations';

/** {@inheritDoc Translations.create} */
export const translationsCreate = (...args: OperationArgs<typeof translationsCreateRoute>) =>
  call(translationsCreateRoute, args);

/** {@inheritDoc Translations.retrieve} */
export const translationsRetrieve = (...args: OperationArgs<typeof translationsRetrieveRoute>) =>
  call(translationsRetrieveRoute, args);

/** {@inheritDoc Translations.delete} */
export const translationsDelete = (...args: OperationArgs<typeof translationsDeleteRoute>) =>
  call(translationsDeleteRoute, args);

/** {@inheritDoc Translations.upload} */
export const translationsUpload = (...args: OperationArgs<typeof translationsUploadRoute>) =>
  uploadCall(translationsUploadRoute, args);

/** {@inheritDoc TranslationGroups.retrieve} */
export const translationsGroupsRetrieve = (
  ...args: OperationArgs<typeof translationsGroupsRetrieveRoute>
) => call(translationsGroupsRetrieveRoute, args);

/** {@inheritDoc TranslationGroups.delete} */
export const translationsGroupsDelete = (
  ...args: OperationArgs<typeof translationsGroupsDeleteRoute>
) => call(translationsGroupsDeleteRoute, args);

/** {@inheritDoc TranslationMaster.retrieve} */
export const translationsMasterRetrieve = (
  ...args: OperationArgs<typeof translationsMasterRetrieveRoute>
) => call(translationsMasterRetrieveRoute, args);

/** {@inheritDoc TranslationMaster.import} */
export const translationsMasterImport = (
  ...args: OperationArgs<typeof translationsMasterImportRoute>
) => call(translationsMasterImportRoute, args);

/** {@inheritDoc TranslationMaster.upload} */
export const translationsMasterUpload = (
  ...args: OperationArgs<typeof translationsMasterUploadRoute>
) => uploadCall(translationsMasterUploadRoute, args);
