/**
 * `payload.attachments` at trigger time (docs/behaviour/events.md#attachments): each attachment
 * gets a `storagePath` and loses its `file` before the notification and its jobs store the
 * payload, as the service does when it uploads the files to its storage.
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import { ServiceError } from '../wire/service-error';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether the service can read `file` as the attachment's content: base64 text, an array of
 * bytes, or a serialised Buffer (`{ type: 'Buffer', data: [...] }`).
 */
function readableFile(file: unknown): boolean {
  if (typeof file === 'string' || Array.isArray(file)) return true;
  return isObject(file) && file['type'] === 'Buffer' && Array.isArray(file['data']);
}

/** The problems of one attachment, as `Validation Error` messages. */
function attachmentErrors(attachment: unknown, index: number): string[] {
  const at = `payload.attachments.${index}`;
  if (!isObject(attachment)) return [`${at} must be an object`];
  const errors: string[] = [];
  if (!readableFile(attachment['file'])) errors.push(`${at}.file must be a base64 string`);
  const name = attachment['name'];
  if (name !== null && typeof name === 'object') errors.push(`${at}.name must be a string`);
  return errors;
}

/** Where the service would store the file: `<organization>/<environment>/<32 hex>/<name>`. */
export interface AttachmentStorage {
  readonly organizationId: string;
  readonly environmentId: string;
  /** A fresh random folder name (32 hex characters). */
  readonly folder: () => string;
}

/**
 * The payload as the notification and its jobs store it: when `payload.attachments` is an array,
 * every attachment keeps its fields but `file`, and gets
 * `storagePath: '<organizationId>/<environmentId>/<32 hex>/<name>'`; any other payload is
 * returned as given. An attachment that is not an object, has no readable `file` or has an object
 * `name` answers 422 (the service fails with an internal error there).
 *
 * @throws ServiceError 422 `Validation Error` naming each unreadable attachment.
 */
export function storeAttachments(payload: JsonObject, storage: AttachmentStorage): JsonObject {
  const attachments = payload['attachments'];
  if (!Array.isArray(attachments)) return payload;
  const errors = attachments.flatMap(attachmentErrors);
  if (errors.length > 0) throw ServiceError.dtoValidation(errors);
  const stored = attachments.map((attachment: Record<string, unknown>) => {
    const { file: _file, ...fields } = attachment;
    const name = fields['name'];
    const storagePath = `${storage.organizationId}/${storage.environmentId}/${storage.folder()}/${String(name)}`;
    return { ...fields, storagePath };
  });
  return { ...payload, attachments: stored } as JsonObject;
}
