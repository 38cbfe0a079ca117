/**
 * Request bodies as JSON, with the nesting limit checked on the text before `JSON.parse` sees it.
 *
 * @module
 */
import { checkJsonTextDepth } from '../engine/wire/json-depth';
import { checkNoProtoKeys } from '../engine/wire/prototype-keys';
import { ServiceError } from '../engine/wire/service-error';

/**
 * Parses a request body: empty is `undefined`, malformed JSON the service's 400, nesting
 * past `MAX_JSON_DEPTH` and a key named `__proto__` a 400 that says so (docs/security.md).
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  checkJsonTextDepth(text, 'The request body');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw ServiceError.http(400, error instanceof Error ? error.message : 'Invalid JSON body');
  }
  // Only text that can spell the key (plainly or with an escape) is walked.
  if (text.includes('__proto__') || text.includes('\\u'))
    checkNoProtoKeys(body, 'The request body');
  return body;
}
