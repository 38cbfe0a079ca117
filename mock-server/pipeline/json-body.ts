/**
 * Request bodies as JSON, with the nesting limit checked on the text before `JSON.parse` sees it.
 *
 * @module
 */
import { checkJsonTextDepth } from '../engine/wire/json-depth';
import { ServiceError } from '../engine/wire/service-error';

/**
 * Parses a request body: empty is `undefined`, malformed JSON the service's 400, and nesting
 * past `MAX_JSON_DEPTH` a 400 that says so (docs/security.md).
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  checkJsonTextDepth(text, 'The request body');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw ServiceError.http(400, error instanceof Error ? error.message : 'Invalid JSON body');
  }
}
