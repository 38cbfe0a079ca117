/**
 * Multipart bodies: the upload functions send their files as `multipart/form-data` through the
 * one request layer (retries, errors, logging). Only they import this module, so an app that
 * uploads nothing bundles none of it.
 *
 * @module
 */
import type { Route } from '../routes/route';
import type { UploadFile } from '../schemas/translation';
import type { APIPromise } from './api-promise';
import { type OperationArgs, type OperationResult, requestOf } from './call';
import { request } from './request';

const isFile = (value: UploadFile): value is File =>
  typeof File === 'function' && value instanceof File;

/** Appends one file under `field`, named as the service reads it (`en_US.json`). */
function appendFile(form: FormData, field: string, file: UploadFile): void {
  if (isFile(file)) form.append(field, file, file.name);
  else form.append(field, file.content, file.fileName);
}

/**
 * A body as `multipart/form-data`: strings as fields, files (and arrays of files, each under
 * `name[]`, as the reference SDK sends them) as file parts.
 *
 * @example
 * ```ts
 * toFormData({ resourceId: 'welcome', resourceType: 'workflow', files: [new File(['{}'], 'en_US.json')] });
 * ```
 */
export function toFormData(body: unknown): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const file of value as UploadFile[]) appendFile(form, `${field}[]`, file);
    } else if (typeof value === 'object') appendFile(form, field, value as UploadFile);
    else form.append(field, String(value));
  }
  return form;
}

/**
 * The call helper of an upload route: the arguments read as `call` reads them, the body sent as
 * `multipart/form-data`.
 *
 * @internal
 */
export function uploadCall<R extends Route>(
  route: R,
  args: OperationArgs<R>,
): APIPromise<OperationResult<R>> {
  const [spec, options] = requestOf(route, args);
  return request(args[0], { ...spec, encodeBody: toFormData }, options);
}
