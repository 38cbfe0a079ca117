/**
 * A `multipart/form-data` body as the engine's upload handlers read it: its text fields and its
 * files (name and text), as the pipeline parsed them (`pipeline/multipart-body.ts`) and the
 * journal stores them. Nothing is ever read from a path.
 *
 * @module
 */

import * as z from 'zod/mini';
import { ServiceError } from './service-error';

/**
 * One uploaded file: the form field it came in, its file name and its text.
 *
 * @example
 * ```ts
 * const file: UploadedFile = { field: 'files[]', fileName: 'es_ES.json', content: '{"greeting":"Hola"}' };
 * ```
 */
export interface UploadedFile {
  field: string;
  fileName: string;
  content: string;
}

/**
 * A parsed multipart body.
 *
 * @example
 * ```ts
 * const body: MultipartBody = { fields: { resourceId: 'welcome', resourceType: 'workflow' }, files: [] };
 * ```
 */
export interface MultipartBody {
  /** Text fields by name (the first of a repeated name). */
  fields: Record<string, string>;
  files: UploadedFile[];
}

const Shape = z.object({
  fields: z.record(z.string(), z.string()),
  files: z.array(z.object({ field: z.string(), fileName: z.string(), content: z.string() })),
});

/** The multipart body a handler was given, or a 400 when it is not one (a JSON body). */
export function readMultipartBody(body: unknown): MultipartBody {
  const parsed = z.safeParse(Shape, body);
  if (!parsed.success) {
    throw ServiceError.http(400, 'The request body must be multipart/form-data');
  }
  return parsed.data;
}
