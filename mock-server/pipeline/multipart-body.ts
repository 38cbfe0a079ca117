/**
 * `multipart/form-data` bodies (the upload routes), parsed by the platform's own parser
 * (`Response.formData()`, in Node and browsers alike) within the route's body limit, into the
 * engine's {@link MultipartBody}: text fields and files as text. A body that is not multipart,
 * or not well-formed, is a 400 that says so.
 *
 * @module
 */
import type { MultipartBody } from '../engine/wire/multipart-body';
import { ServiceError } from '../engine/wire/service-error';

/** The most parts (fields and files) one body may hold. */
export const MAX_MULTIPART_PARTS = 200;

const isMultipart = (contentType: string | undefined): contentType is string =>
  contentType !== undefined && /^multipart\/form-data\s*;.*boundary=/i.test(contentType);

/**
 * Parses a multipart body (already read within its limit, as text: translation files are JSON,
 * so UTF-8 text loses nothing they can hold).
 *
 * @example
 * ```ts
 * const body = await parseMultipartBody(text, request.header('content-type'));
 * ```
 */
export async function parseMultipartBody(
  text: string,
  contentType: string | undefined,
): Promise<MultipartBody> {
  if (!isMultipart(contentType)) {
    throw ServiceError.http(
      400,
      'The request body must be multipart/form-data (with a boundary) for this route',
    );
  }
  let form: FormData;
  try {
    form = await new Response(text, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw ServiceError.http(400, 'Malformed multipart/form-data body');
  }
  const body: MultipartBody = { fields: {}, files: [] };
  let parts = 0;
  for (const [field, value] of form.entries()) {
    if (++parts > MAX_MULTIPART_PARTS) {
      throw ServiceError.http(400, `A multipart body holds at most ${MAX_MULTIPART_PARTS} parts`);
    }
    if (typeof value === 'string') {
      if (!Object.hasOwn(body.fields, field)) body.fields[field] = value;
    } else {
      body.files.push({ field, fileName: value.name, content: await value.text() });
    }
  }
  return body;
}
